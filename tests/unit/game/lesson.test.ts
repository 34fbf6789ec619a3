import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { START_TRUCKS, TRUCK_COST, truckFee } from '#game/board.ts';
import { applyRoll, buyTruck, declineTruck } from '#game/rules.ts';
import { createGame, type GameState } from '#game/game-state.ts';
import { formatAmount, lessonsOf, type LessonInput } from '#game/lesson.ts';
import { rollDie } from '#game/dice.ts';
import { statementsOf, type Statement } from '#game/statement.ts';
import { winnersOf } from '#game/payout.ts';
import type { LogEntry } from '#game/log.ts';
import { game, withPlayer } from './helpers';

function inputOf(state: GameState): LessonInput {
  const statements = statementsOf(state.players);
  return {
    joinedOrder: state.joinedOrder,
    players: state.players,
    statements,
    winners: winnersOf(state.joinedOrder, statements),
  };
}

function textOf(state: GameState, uid: string, key: string): string {
  const point = lessonsOf(inputOf(state))[uid]?.find((p) => p.key === key);
  if (!point) throw new Error(`no ${key} point for ${uid}`);
  return point.text;
}

describe('lessonsOf: the points, table by table', () => {
  const base = game(3);
  const played = withPlayer(
    withPlayer(
      withPlayer(base, 'p1', {
        revenue: { gudwill: 900, bonds: 420, truckrevenue: 760 },
        expenses: { advert: 480, repairs: 150, truckfee: 200 },
        tax: 150,
        trucks: 3,
      }),
      'p2',
      { revenue: { bonds: 210 }, expenses: { truckfee: 380, tollfee: 20 }, tax: 0, trucks: 1 },
    ),
    'p3',
    { revenue: {}, expenses: {}, tax: 0, trucks: 1 },
  );

  it.each([
    [
      'p1',
      'revenue',
      'Your revenue was 2,080: 1,320 from tiles (Gud Will 900 and Bonds 420) and 760 in truck fees from players who landed on your home.',
    ],
    [
      'p1',
      'expenses',
      'Your expenses were 830. The biggest: Advert 480, truck fees paid to other owners 200 and Repairs 150. Every expense comes straight off your profit.',
    ],
    [
      'p1',
      'set_asides',
      'Before any profit, 10 % of revenue went each way: 208 to charity, 208 to investment and 208 to tithe, 624 in all. An owner counts these before counting profit.',
    ],
    ['p1', 'tax', 'Your operating profit was 626; tax took 150, leaving a profit of 476.'],
    [
      'p1',
      'trucks',
      'You bought 2 trucks at 1,500 each and ran 3 in all. Your trucks earned 760 in fees, against the 3,000 spent on them (25 % paid back). A purchase is not an expense: it came out of your cash, not your profit, and raised your fee per landing to 380.',
    ],
    [
      'p1',
      'result',
      'Your net result, a profit of 476, was the highest. The highest net profit wins; trucks break a tie.',
    ],
    ['p2', 'tax', 'Your operating loss was 253; you paid no tax, leaving a loss of 253.'],
    [
      'p2',
      'trucks',
      'You bought no truck and ran 1 in all. Nobody landed on your home, so your trucks earned no fees; a landing on your home paid you 100.',
    ],
    [
      'p2',
      'result',
      'Player 1 finished with a profit of 476; you finished with a loss of 253, 729 behind. The highest net profit wins; trucks break a tie.',
    ],
    [
      'p3',
      'revenue',
      'You earned no revenue this game: no revenue tile and no truck fee came your way.',
    ],
    ['p3', 'expenses', 'You paid no expenses this game.'],
    ['p3', 'set_asides', 'With no revenue, nothing went to charity, investment or tithe.'],
  ])('%s %s', (uid, key, text) => {
    expect(textOf(played, uid, key)).toBe(text);
  });

  it('says when trucks paid for themselves', () => {
    const paid = withPlayer(base, 'p1', { revenue: { truckrevenue: 1_900 }, trucks: 2 });
    expect(textOf(paid, 'p1', 'trucks')).toContain(
      'Your trucks earned 1,900 in fees, more than the 1,500 they cost: they paid for themselves.',
    );
  });

  it('says when trucks decided a level net profit, for the winner and the runner-up', () => {
    const level = withPlayer(withPlayer(base, 'p1', { revenue: { bonds: 210 }, trucks: 2 }), 'p2', {
      revenue: { bonds: 210 },
      trucks: 1,
    });
    expect(textOf(level, 'p1', 'result')).toBe(
      'Net profit was level at 147; your 2 trucks decided it. The highest net profit wins; trucks break a tie.',
    );
    expect(textOf(level, 'p2', 'result')).toBe(
      'Your net profit matched the best, 147, but Player 1 ran 2 trucks to your 1. The highest net profit wins; trucks break a tie.',
    );
  });

  it('tells players still level that they share the win', () => {
    expect(textOf(base, 'p2', 'result')).toBe(
      'Your net result, a profit of 0, was the highest. You share the win. The highest net profit wins; trucks break a tie.',
    );
  });

  it('writes every player the six points, in joinedOrder, bots included', () => {
    const withBot = createGame({
      players: [
        { uid: 'u1', name: 'Mwila' },
        { uid: 'bot:careful:1', name: 'Bot Careful' },
      ],
    });
    const lessons = lessonsOf(inputOf(withBot));
    expect(Object.keys(lessons)).toEqual(['u1', 'bot:careful:1']);
    for (const points of Object.values(lessons)) {
      expect(points.map((p) => p.key)).toEqual([
        'revenue',
        'expenses',
        'set_asides',
        'tax',
        'trucks',
        'result',
      ]);
    }
  });
});

// ---- property: every figure in a lesson comes from the statement and the log ----

const gameArb = fc.record({
  serverSeed: fc
    .uint8Array({ minLength: 32, maxLength: 32 })
    .map((b) => Buffer.from(b).toString('hex')),
  playerCount: fc.integer({ min: 2, max: 6 }),
  moves: fc.array(fc.constantFrom('roll', 'roll', 'roll', 'buy', 'decline'), {
    maxLength: 300,
  }),
});

function play(serverSeed: string, playerCount: number, moves: string[]) {
  let state = createGame({
    players: Array.from({ length: playerCount }, (_, i) => ({ uid: `p${i}`, name: `P ${i}` })),
  });
  const logs: LogEntry[] = [];
  let nonce = 0;
  moves.forEach((move, i) => {
    const holder = state.pendingPurchase;
    const result =
      move === 'roll' || holder === null
        ? applyRoll(state, {
            by: state.turn.currentPlayer,
            roll: rollDie(serverSeed, '', nonce),
            nonce,
            auto: false,
            now: i,
          })
        : (move === 'buy' ? buyTruck : declineTruck)(state, { by: holder, now: i });
    if (!result.ok) return;
    if (move === 'roll' || holder === null) nonce += 1;
    state = result.state;
    logs.push(...result.logs);
  });
  return { state, logs };
}

/** The per-player totals the log adds up to. */
function totalsFromLog(logs: LogEntry[], uids: string[]) {
  const totals = Object.fromEntries(
    uids.map((uid) => [
      uid,
      { revenue: {} as Record<string, number>, expenses: {} as Record<string, number>, tax: 0 },
    ]),
  );
  const add = (map: Record<string, number>, key: string, amount: number) => {
    map[key] = (map[key] ?? 0) + amount;
  };
  for (const entry of logs) {
    if (entry.type === 'revenue') add(totals[entry.player]!.revenue, entry.key, entry.amount);
    if (entry.type === 'expense') add(totals[entry.player]!.expenses, entry.key, entry.amount);
    if (entry.type === 'tax') totals[entry.player]!.tax += entry.amount;
    if (entry.type === 'truck_fee') {
      add(totals[entry.from]!.expenses, 'truckfee', entry.amount);
      add(totals[entry.to]!.revenue, 'truckrevenue', entry.amount);
    }
  }
  return totals;
}

function numbersIn(text: string): number[] {
  return (text.match(/\d[\d,]*/g) ?? []).map((n) => Number(n.replace(/,/g, '')));
}

function allowedFigures(
  s: Statement,
  revenue: Record<string, number>,
  expenses: Record<string, number>,
  best: Statement,
): Set<number> {
  const fees = revenue.truckrevenue ?? 0;
  const bought = s.trucks - START_TRUCKS;
  const spent = bought * TRUCK_COST;
  return new Set([
    10,
    ...Object.values(s).map(Math.abs),
    ...Object.values(revenue),
    ...Object.values(expenses),
    s.revenue - fees,
    s.charitable + s.autoinvestment + s.tithe,
    bought,
    spent,
    TRUCK_COST,
    truckFee(s.trucks),
    spent > 0 ? Math.floor((fees * 100) / spent) : 0,
    Math.abs(best.netProfit),
    best.trucks,
    best.netProfit - s.netProfit,
  ]);
}

describe('lessonsOf: a lesson’s numbers always match the statement and the log', () => {
  it('holds over random games', () => {
    fc.assert(
      fc.property(gameArb, ({ serverSeed, playerCount, moves }) => {
        const { state, logs } = play(serverSeed, playerCount, moves);
        const fromLog = totalsFromLog(logs, state.joinedOrder);
        const input = inputOf(state);
        const lessons = lessonsOf(input);
        const best = input.statements[input.winners[0]!]!;
        for (const uid of state.joinedOrder) {
          const player = state.players[uid]!;
          // The totals the lesson reads are exactly the log's sums.
          expect(player.revenue).toEqual(fromLog[uid]!.revenue);
          expect(player.expenses).toEqual(fromLog[uid]!.expenses);
          expect(player.tax).toBe(fromLog[uid]!.tax);

          const s = input.statements[uid]!;
          const points = Object.fromEntries(lessons[uid]!.map((p) => [p.key, p.text]));
          if (s.revenue > 0) {
            expect(points.revenue).toContain(`revenue was ${formatAmount(s.revenue)}`);
            expect(points.set_asides).toContain(`${formatAmount(s.tithe)} to tithe`);
          }
          if (s.expenses > 0) {
            expect(points.expenses).toContain(`expenses were ${formatAmount(s.expenses)}`);
          }
          expect(points.tax).toContain(`was ${formatAmount(s.netOperatingProfit)};`);
          if (s.tax > 0) expect(points.tax).toContain(`tax took ${formatAmount(s.tax)}`);
          expect(points.tax).toMatch(new RegExp(`of ${formatAmount(s.netProfit)}\\.$`));
          expect(points.trucks).toContain(`ran ${s.trucks} in all`);

          const allowed = allowedFigures(s, player.revenue, player.expenses, best);
          for (const point of lessons[uid]!) {
            // Names may hold digits ("P 3"): only the figures around them count.
            const figures = state.joinedOrder.reduce(
              (text, other) => text.split(state.players[other]!.name).join(''),
              point.text,
            );
            for (const n of numbersIn(figures)) expect(allowed).toContain(n);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
