// The business lesson of a finished game: for each player, a few plain-language points whose every
// figure comes from that player's statement and the per-tile totals the log adds up to. It explains
// what happened; it never gives advice the numbers do not show.
import { BOARD, START_TRUCKS, TRUCK_COST, truckFee } from './board';
import type { Player } from './game-state';
import type { Statement } from './statement';

export interface LessonPoint {
  /** Stable: `revenue`, `expenses`, `set_asides`, `tax`, `trucks`, `result`. */
  key: string;
  text: string;
}

export type Lessons = Record<string, LessonPoint[]>;

export interface LessonInput {
  joinedOrder: readonly string[];
  /** Each player's per-tile totals (what the log's revenue, expense, tax and fee entries sum to). */
  players: Record<string, Pick<Player, 'name' | 'revenue' | 'expenses' | 'tax' | 'trucks'>>;
  statements: Record<string, Statement>;
  winners: readonly string[];
}

/** The key a truck fee is filed under: received (revenue) and paid (expense). */
const FEES_RECEIVED = 'truckrevenue';
const FEES_PAID = 'truckfee';

const TILE_NAMES: Record<string, string> = Object.fromEntries(
  BOARD.flatMap((box) => ('key' in box ? [[box.key, box.name]] : [])),
);

/** 1500 → "1,500"; the sign is left to the sentence. */
export function formatAmount(amount: number): string {
  return Math.abs(amount)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function tileName(key: string): string {
  if (key === FEES_PAID) return 'truck fees paid to other owners';
  return TILE_NAMES[key] ?? key;
}

function byAmount(map: Record<string, number>): [string, number][] {
  return Object.entries(map)
    .filter(([, amount]) => amount > 0)
    .sort(([ka, a], [kb, b]) => b - a || (ka < kb ? -1 : 1));
}

function list(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

function profitWords(amount: number): string {
  return amount < 0 ? `a loss of ${formatAmount(amount)}` : `a profit of ${formatAmount(amount)}`;
}

type LessonPlayer = LessonInput['players'][string];

function revenuePoint(player: LessonPlayer, statement: Statement): LessonPoint {
  if (statement.revenue === 0) {
    return {
      key: 'revenue',
      text: 'You earned no revenue this game: no revenue tile and no truck fee came your way.',
    };
  }
  const fees = player.revenue[FEES_RECEIVED] ?? 0;
  const tiles = statement.revenue - fees;
  const tileParts = byAmount(player.revenue)
    .filter(([key]) => key !== FEES_RECEIVED)
    .map(([key, amount]) => `${tileName(key)} ${formatAmount(amount)}`);
  const sources = [
    ...(tiles > 0 ? [`${formatAmount(tiles)} from tiles (${list(tileParts)})`] : []),
    ...(fees > 0
      ? [`${formatAmount(fees)} in truck fees from players who landed on your home`]
      : []),
  ];
  return {
    key: 'revenue',
    text: `Your revenue was ${formatAmount(statement.revenue)}: ${list(sources)}.`,
  };
}

function expensesPoint(player: LessonPlayer, statement: Statement): LessonPoint {
  if (statement.expenses === 0) {
    return { key: 'expenses', text: 'You paid no expenses this game.' };
  }
  const biggest = byAmount(player.expenses)
    .slice(0, 3)
    .map(([key, amount]) => `${tileName(key)} ${formatAmount(amount)}`);
  return {
    key: 'expenses',
    text:
      `Your expenses were ${formatAmount(statement.expenses)}. ` +
      `The biggest: ${list(biggest)}. Every expense comes straight off your profit.`,
  };
}

function setAsidesPoint(statement: Statement): LessonPoint {
  const total = statement.charitable + statement.autoinvestment + statement.tithe;
  if (total === 0) {
    return {
      key: 'set_asides',
      text: 'With no revenue, nothing went to charity, investment or tithe.',
    };
  }
  return {
    key: 'set_asides',
    text:
      `Before any profit, 10 % of revenue went each way: ${formatAmount(statement.charitable)} to ` +
      `charity, ${formatAmount(statement.autoinvestment)} to investment and ` +
      `${formatAmount(statement.tithe)} to tithe, ${formatAmount(total)} in all. An owner counts ` +
      `these before counting profit.`,
  };
}

function taxPoint(statement: Statement): LessonPoint {
  const operating = formatAmount(statement.netOperatingProfit);
  const before =
    statement.netOperatingProfit < 0
      ? `Your operating loss was ${operating}`
      : `Your operating profit was ${operating}`;
  const tax = statement.tax === 0 ? 'you paid no tax' : `tax took ${formatAmount(statement.tax)}`;
  return { key: 'tax', text: `${before}; ${tax}, leaving ${profitWords(statement.netProfit)}.` };
}

function trucksPoint(player: LessonPlayer, statement: Statement): LessonPoint {
  const fees = player.revenue[FEES_RECEIVED] ?? 0;
  const bought = Math.max(0, statement.trucks - START_TRUCKS);
  const feeNow = truckFee(statement.trucks);
  const earned =
    fees > 0
      ? `Your trucks earned ${formatAmount(fees)} in fees`
      : 'Nobody landed on your home, so your trucks earned no fees';
  if (bought === 0) {
    return {
      key: 'trucks',
      text:
        `You bought no truck and ran ${statement.trucks} in all. ${earned}; a landing on your ` +
        `home paid you ${formatAmount(feeNow)}.`,
    };
  }
  const spent = bought * TRUCK_COST;
  const payback =
    fees >= spent
      ? `more than the ${formatAmount(spent)} they cost: they paid for themselves`
      : `against the ${formatAmount(spent)} spent on them (${Math.floor((fees * 100) / spent)} % paid back)`;
  return {
    key: 'trucks',
    text:
      `You bought ${bought} truck${bought === 1 ? '' : 's'} at ${formatAmount(TRUCK_COST)} each ` +
      `and ran ${statement.trucks} in all. ${earned}, ${payback}. A purchase is not an expense: ` +
      `it came out of your cash, not your profit, and raised your fee per landing to ` +
      `${formatAmount(feeNow)}.`,
  };
}

function resultPoint(uid: string, input: LessonInput): LessonPoint {
  const statement = input.statements[uid] as Statement;
  const winners = input.winners;
  const first = winners[0];
  const best = first === undefined ? undefined : input.statements[first];
  const rule = 'The highest net profit wins; trucks break a tie.';
  if (!best) return { key: 'result', text: rule };
  const leveled = input.joinedOrder.filter(
    (other) => input.statements[other]?.netProfit === best.netProfit,
  );
  const onTrucks = leveled.length > winners.length;
  if (winners.includes(uid)) {
    const how = onTrucks
      ? `Net profit was level at ${formatAmount(best.netProfit)}; your ${statement.trucks} trucks decided it.`
      : `Your net result, ${profitWords(statement.netProfit)}, was the highest.`;
    const shared = winners.length > 1 ? ' You share the win.' : '';
    return { key: 'result', text: `${how}${shared} ${rule}` };
  }
  const names = list(winners.map((w) => input.players[w]?.name ?? w));
  const how = onTrucks
    ? `Your net profit matched the best, ${formatAmount(best.netProfit)}, but ${names} ran ` +
      `${best.trucks} trucks to your ${statement.trucks}.`
    : `${names} finished with ${profitWords(best.netProfit)}; you finished with ` +
      `${profitWords(statement.netProfit)}, ${formatAmount(best.netProfit - statement.netProfit)} behind.`;
  return { key: 'result', text: `${how} ${rule}` };
}

/** Every player's lesson (bots included), in joinedOrder. */
export function lessonsOf(input: LessonInput): Lessons {
  return Object.fromEntries(
    input.joinedOrder.flatMap((uid) => {
      const player = input.players[uid];
      const statement = input.statements[uid];
      if (!player || !statement) return [];
      return [
        [
          uid,
          [
            revenuePoint(player, statement),
            expensesPoint(player, statement),
            setAsidesPoint(statement),
            taxPoint(statement),
            trucksPoint(player, statement),
            resultPoint(uid, input),
          ],
        ],
      ];
    }),
  );
}
