// What the challenge's API and page read: today's challenge with the caller's streak, best and
// result (compared with the day's best), a day's leaderboard, and a revealed day's seed. Every
// answer is computed from `now`; nothing is cached, nothing moves money.
import type { Database } from '#db/client.ts';
import { botSeats } from '#game/bots.ts';
import {
  comparedWithBest,
  isChallengeDate,
  type ChallengeDate,
  type ChallengeFairness,
  type ChallengeOptions,
} from '#game/challenge.ts';
import type { LessonPoint } from '#game/lesson.ts';
import type { Refusal } from '../api/refusals';
import {
  challengeDateAt,
  challengeDay,
  challengeKeyOf,
  revealedFairness,
  seedRevealAt,
} from './day';
import { refuse } from '../api/refusals';
import {
  challengeStreakOf,
  leaderboardOf,
  ownResultOf,
  personalBestOf,
  rankOf,
  type OwnResult,
} from './results';
import { clockOf } from '../clock';

export interface ChallengeDeps {
  database: Database;
  /** challenge/day.ts `challengeKeyOf(INTERNAL_SECRET)`. */
  challengeKey: string;
  clock: () => number;
}

/** The caller, as far as the challenge cares. */
export interface ChallengeReader {
  id: string;
  isGuest: boolean;
}

/** The caller's counted result of a day. */
export interface DayResult {
  netProfit: number;
  /** Its place on the day's leaderboard; null for a guest's (unranked). */
  rank: number | null;
  /** The lesson's comparison with the day's best (game/challenge.ts `comparedWithBest`). */
  comparedWithBest: LessonPoint[];
  /** The game it came from (its record, and the dice check once the seed is revealed). */
  roomId: string;
}

/** `GET /api/challenge`. */
export interface ChallengeOverview {
  date: ChallengeDate;
  roomOptions: ChallengeOptions;
  /** SHA-256 of the day's seed: published now, the seed itself the next day. */
  serverSeedHash: string;
  /** Consecutive Lusaka days with a finished challenge (0 when signed out). */
  streak: number;
  /** The caller's highest counted net profit, any day. */
  best?: { date: ChallengeDate; netProfit: number };
  /** The caller's counted result today, once they have finished. */
  today?: DayResult;
}

export interface LeaderboardEntry {
  rank: number;
  /** First name and initial. */
  name: string;
  netProfit: number;
}

/** `GET /api/challenge/leaderboard`. */
export interface Leaderboard {
  date: ChallengeDate;
  entries: LeaderboardEntry[];
  /** The day's seed, once revealed (01:00 Lusaka time the next day). */
  fairness?: ChallengeFairness;
}

async function dayResultOf(
  deps: ChallengeDeps,
  reader: ChallengeReader,
  own: OwnResult,
): Promise<DayResult> {
  const q = deps.database.read;
  const [best] = await leaderboardOf(q, own.date, 1);
  return {
    netProfit: own.netProfit,
    rank: own.ranked && !reader.isGuest ? await rankOf(q, own.date, own.netProfit) : null,
    comparedWithBest: comparedWithBest(
      own.decisions,
      best
        ? { name: best.name, decisions: best.decisions, isMine: best.userId === reader.id }
        : null,
    ),
    roomId: own.roomId,
  };
}

/** The caller's result of `date`, compared with that day's best; null when they have none. */
export async function resultOn(
  deps: ChallengeDeps,
  reader: ChallengeReader,
  date: ChallengeDate,
): Promise<DayResult | null> {
  const own = await ownResultOf(deps.database.read, reader.id, date);
  return own ? dayResultOf(deps, reader, own) : null;
}

export async function challengeOverview(
  deps: ChallengeDeps,
  reader: ChallengeReader | null,
): Promise<ChallengeOverview> {
  const date = challengeDateAt(deps.clock());
  const day = challengeDay(deps.challengeKey, date);
  if (!reader) return { ...day, streak: 0 };
  const q = deps.database.read;
  const [streak, best, today] = await Promise.all([
    challengeStreakOf(q, reader.id, date),
    personalBestOf(q, reader.id),
    resultOn(deps, reader, date),
  ]);
  return { ...day, streak, ...(best ? { best } : {}), ...(today ? { today } : {}) };
}

/** `date` (today when absent) checked: a real date, not after today. */
export function leaderboardDate(
  deps: ChallengeDeps,
  value: unknown,
): { ok: true; date: ChallengeDate } | Refusal {
  const today = challengeDateAt(deps.clock());
  if (value === undefined || value === '') return { ok: true, date: today };
  if (!isChallengeDate(value) || value > today) return refuse(400, 'invalid_date');
  return { ok: true, date: value };
}

export async function challengeLeaderboard(
  deps: ChallengeDeps,
  date: ChallengeDate,
): Promise<Leaderboard> {
  const entries = await leaderboardOf(deps.database.read, date);
  const fairness = revealedFairness(deps.challengeKey, date, deps.clock());
  return {
    date,
    entries: entries.map(({ rank, name, netProfit }) => ({ rank, name, netProfit })),
    ...(fairness ? { fairness } : {}),
  };
}

/** The names of a day's bots, as they sit after the player. */
export function challengeBotNames(options: ChallengeOptions): string[] {
  return botSeats(options.bots).map((bot) => bot.name);
}

/** A finished game's record as a reader may see it at `now`: a challenge's seed stays secret. */
export function sealChallengeSeed<
  G extends { dailyChallenge?: string; fairness: { serverSeed: string | null } },
>(game: G, now: number): G & { seedRevealAt?: string } {
  const date = game.dailyChallenge;
  if (!date || now >= seedRevealAt(date)) return game;
  return {
    ...game,
    fairness: { ...game.fairness, serverSeed: null },
    seedRevealAt: new Date(seedRevealAt(date)).toISOString(),
  };
}

/** The challenge's deps from the rooms' (the same database, secret and clock). */
export function challengeDepsOf(deps: {
  database: Database;
  config: { internalSecret: string };
  clock?: () => number;
}): ChallengeDeps {
  return {
    database: deps.database,
    challengeKey: challengeKeyOf(deps.config.internalSecret),
    clock: clockOf(deps),
  };
}
