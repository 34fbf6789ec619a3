// The daily business challenge (contract section 8, decision 088): one practice game a Lusaka day
// with the same dice and bots for everyone. Pure pieces only: the day's seed from the date and a
// key handed in, the day's settings, the streak over a list of dates, and the lesson's comparison
// of a player's decisions with the day's best. The clock and the key come in as data.
import { hmac } from '@oslojs/crypto/hmac';
import { SHA256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { combineClientSeeds, hashServerSeed, rollDie } from './dice';
import { formatAmount, type LessonPoint } from './lesson';
import type { LogEntry } from './log';
import type { Statement } from './statement';

/** Every challenge is a five-minute game: short enough for a daily habit. */
export const CHALLENGE_TIME_MINUTES = 5;
/** The day's bots, by the date alone: 2, 3, 4, 2, 3, 4 … */
export const CHALLENGE_BOT_COUNTS = [2, 3, 4] as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const SEED_LABEL = 'zed-truck-company daily challenge v1: ';

/** A Lusaka calendar date, `YYYY-MM-DD`. */
export type ChallengeDate = string;

/** The calendar date of a day number (days since 1970-01-01), without a Date object. */
function dateOfDay(day: number): ChallengeDate {
  // Howard Hinnant's civil-from-days, for the proleptic Gregorian calendar.
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1_460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
}

function dayNumber(date: ChallengeDate): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

/** Whether `value` is a real calendar date written `YYYY-MM-DD`. */
export function isChallengeDate(value: unknown): value is ChallengeDate {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = dayNumber(value);
  return Number.isInteger(day) && dateOfDay(day) === value;
}

/** The date `days` after `date` (before, when negative). */
export function addDays(date: ChallengeDate, days: number): ChallengeDate {
  return dateOfDay(dayNumber(date) + days);
}

/** The settings of a day's challenge, in the shape `POST /api/practice` takes. */
export interface ChallengeOptions {
  time: number;
  bots: number;
}

export function challengeOptions(date: ChallengeDate): ChallengeOptions {
  const bots = CHALLENGE_BOT_COUNTS[dayNumber(date) % CHALLENGE_BOT_COUNTS.length] ?? 3;
  return { time: CHALLENGE_TIME_MINUTES, bots };
}

/**
 * The day's server seed: HMAC-SHA256(key = the challenge key, message = label + date), as hex. The
 * key is secret (derived from INTERNAL_SECRET for this use alone), so nobody can compute a day's
 * seed before the site reveals it, and the site cannot pick one day's dice for one player.
 */
export function challengeServerSeed(challengeKey: string, date: ChallengeDate): string {
  if (challengeKey.length === 0) throw new Error('The challenge key is empty: refusing to derive.');
  if (!isChallengeDate(date)) throw new Error(`Not a challenge date: ${date}`);
  const encoder = new TextEncoder();
  return encodeHexLowerCase(
    hmac(SHA256, encoder.encode(challengeKey), encoder.encode(`${SEED_LABEL}${date}`)),
  );
}

/**
 * No player's seed mixes into a challenge's dice (they must be everyone's): every seat counts as
 * the empty seed, so the client seed is one `:` between each two seats.
 */
export function challengeClientSeed(options: ChallengeOptions): string {
  return combineClientSeeds(Array.from({ length: options.bots + 1 }, () => ''));
}

/** What anyone needs to recompute a day's rolls: the seed (once revealed), its hash, the client seed. */
export interface ChallengeFairness {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
}

export function challengeFairness(challengeKey: string, date: ChallengeDate): ChallengeFairness {
  const serverSeed = challengeServerSeed(challengeKey, date);
  return {
    serverSeed,
    serverSeedHash: hashServerSeed(serverSeed),
    clientSeed: challengeClientSeed(challengeOptions(date)),
  };
}

/** The day's first `count` rolls (nonce 0, 1, 2 …), as every challenge game of that day rolls them. */
export function challengeRolls(fairness: ChallengeFairness, count: number): number[] {
  return Array.from({ length: count }, (_, nonce) =>
    rollDie(fairness.serverSeed, fairness.clientSeed, nonce),
  );
}

/**
 * Consecutive days with a finished challenge, counted back from `today` when it has one, else from
 * the day before (a streak is not lost until a whole day passes without a game).
 */
export function streakOf(finished: Iterable<ChallengeDate>, today: ChallengeDate): number {
  const days = new Set(finished);
  let day = days.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (days.has(day)) {
    streak += 1;
    day = addDays(day, -1);
  }
  return streak;
}

/** What a player decided in a challenge game, read from its log and statement. */
export interface ChallengeDecisions {
  netProfit: number;
  /** The player's rolls, the turn timer's included. */
  turns: number;
  /** Of those, rolled by the turn timer. */
  autoTurns: number;
  /** For each truck bought, the player's own turn it came on (1 = their first roll). */
  boughtOnTurns: number[];
  /** Offers declined or left to lapse. */
  offersLetGo: number;
  /** Trucks run at the end. */
  trucks: number;
  /** Fees earned from landings on the player's home. */
  truckFees: number;
}

export function decisionsOf(
  uid: string,
  logs: readonly LogEntry[],
  statement: Statement,
  revenue: Readonly<Record<string, number>>,
): ChallengeDecisions {
  let turns = 0;
  let autoTurns = 0;
  let offersLetGo = 0;
  const boughtOnTurns: number[] = [];
  for (const entry of logs) {
    if (entry.type === 'dice_roll' && entry.player === uid) {
      turns += 1;
      if (entry.auto) autoTurns += 1;
    } else if (entry.type === 'truck_purchase' && entry.player === uid) {
      boughtOnTurns.push(turns);
    } else if (entry.type === 'truck_declined' && entry.player === uid) {
      offersLetGo += 1;
    }
  }
  return {
    netProfit: statement.netProfit,
    turns,
    autoTurns,
    boughtOnTurns,
    offersLetGo,
    trucks: statement.trucks,
    truckFees: revenue.truckrevenue ?? 0,
  };
}

/** The day's best result, for the comparison: whose it is (first name and initial) and theirs. */
export interface BestResult {
  name: string;
  decisions: ChallengeDecisions;
  /** The reader's own result is the best. */
  isMine: boolean;
}

function profitWords(amount: number): string {
  return amount < 0 ? `a loss of ${formatAmount(amount)}` : `a profit of ${formatAmount(amount)}`;
}

function turnList(turns: readonly number[]): string {
  if (turns.length === 1) return `turn ${turns[0]}`;
  return `turns ${turns.slice(0, -1).join(', ')} and ${turns[turns.length - 1]}`;
}

/** "bought 2 trucks (on turns 2 and 4), let 1 offer go and ran 3 in all" (no subject). */
function trucksWords(d: ChallengeDecisions): string {
  const bought = d.boughtOnTurns.length;
  const buying =
    bought === 0
      ? 'bought no truck'
      : `bought ${bought} truck${bought === 1 ? '' : 's'} (on ${turnList(d.boughtOnTurns)})`;
  const letGo =
    d.offersLetGo === 0 ? '' : `, let ${d.offersLetGo} offer${d.offersLetGo === 1 ? '' : 's'} go`;
  return `${buying}${letGo} and ran ${d.trucks} in all`;
}

function rollsWords(d: ChallengeDecisions): string {
  const auto = d.autoTurns === 0 ? '' : `, ${d.autoTurns} by the turn timer`;
  return `${d.turns} roll${d.turns === 1 ? '' : 's'}${auto}`;
}

/**
 * The lesson's comparison of a player's challenge with the day's best: what each decided and what
 * it came to, in figures only (the lesson explains, it does not advise). Keys are stable:
 * `challenge_profit`, `challenge_trucks`, `challenge_fees`, `challenge_turns`.
 */
export function comparedWithBest(mine: ChallengeDecisions, best: BestResult | null): LessonPoint[] {
  if (!best) {
    return [
      {
        key: 'challenge_profit',
        text: `You finished with ${profitWords(mine.netProfit)}. Nobody ranked has finished this day's challenge yet.`,
      },
    ];
  }
  if (best.isMine) {
    return [
      {
        key: 'challenge_profit',
        text: `Your ${mine.netProfit < 0 ? 'loss' : 'profit'} of ${formatAmount(mine.netProfit)} is the day's best so far. You ${trucksWords(mine)}, in ${rollsWords(mine)}.`,
      },
    ];
  }
  const theirs = best.decisions;
  const gap = theirs.netProfit - mine.netProfit;
  return [
    {
      key: 'challenge_profit',
      text:
        gap === 0
          ? `You finished level with the day's best, ${best.name}, on ${profitWords(mine.netProfit)}.`
          : `You finished with ${profitWords(mine.netProfit)}; the day's best, ${best.name}, with ` +
            `${profitWords(theirs.netProfit)}, ${formatAmount(gap)} ${gap > 0 ? 'ahead' : 'behind you'}.`,
    },
    {
      key: 'challenge_trucks',
      text: `You ${trucksWords(mine)}; ${best.name} ${trucksWords(theirs)}.`,
    },
    {
      key: 'challenge_fees',
      text:
        `Your home earned ${formatAmount(mine.truckFees)} in truck fees; ${best.name}'s earned ` +
        `${formatAmount(theirs.truckFees)}. A landing on a home pays its owner the fee for the ` +
        `trucks they run at that moment.`,
    },
    {
      key: 'challenge_turns',
      text: `You had ${rollsWords(mine)}; ${best.name} had ${rollsWords(theirs)}. The dice are the same for everyone, roll by roll, all day.`,
    },
  ];
}
