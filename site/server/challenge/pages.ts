// The challenge page (`/rentalgame/challenge`) on the server: its loader's data and its form's
// action, handed to the page through the load context (site/server/context.ts). The page reads
// everything here, with no API round trip after it loads, and starts the challenge with a plain
// form post, so it works without JavaScript.
import { addDays, challengeRolls, type ChallengeFairness } from '#game/challenge.ts';
import { refuse, type Refusal } from '../api/refusals';
import type { PublicUser } from '../auth/users';
import { createPractice, type PracticeDeps } from '../practice/service';
import { ENDPOINT_LIMITS } from '../rate-limit/limits';
import { countRequest, rateLimitRefusal } from '../rate-limit/middleware';
import { liveRoomOf } from '../rooms/user-rooms';
import {
  challengeDateAt,
  challengeDay,
  revealedFairness,
  seedRevealAt,
  type ChallengeDay,
} from './day';
import { challengeDateOf } from './games';
import { leaderboardName } from './names';
import {
  challengeStreakOf,
  leaderboardOf,
  ownResultOf,
  personalBestOf,
  rankedCountOf,
} from './results';
import {
  challengeBotNames,
  resultOn,
  type ChallengeDeps,
  type DayResult,
  type LeaderboardEntry,
} from './service';

/** How many places the page lists (the caller's own place is added below when further down). */
export const PAGE_LEADERBOARD_SIZE = 10;
/** How many of a revealed day's rolls the page lists. */
export const REVEALED_ROLLS = 30;

export interface PageEntry extends LeaderboardEntry {
  mine: boolean;
}

export interface RevealedDay {
  date: string;
  fairness: ChallengeFairness;
  /** The day's first rolls, nonce 0 onwards. */
  rolls: number[];
  /** The day's best, and how many ranked. */
  best: LeaderboardEntry | null;
  ranked: number;
  /** The caller's counted game of that day, for the dice check in the game history. */
  myRoomId: string | null;
}

export interface ChallengePageData {
  today: ChallengeDay & { botNames: string[] };
  signedIn: boolean;
  isGuest: boolean;
  streak: number;
  best: { date: string; netProfit: number } | null;
  /** The caller's counted result today, compared with the day's best. */
  result: DayResult | null;
  leaderboard: { entries: PageEntry[]; ranked: number };
  /** The latest day whose seed is out (yesterday from 01:00, else the day before). */
  revealed: RevealedDay | null;
  /** Yesterday's seed while it is still secret (00:00–01:00): when it comes out (ISO). */
  yesterdayRevealAt: string | null;
  /** The caller's live game, if any: a new one cannot start until it ends. */
  liveRoomId: string | null;
  /** That game is today's challenge (in play, or just over and being counted). */
  liveIsChallenge: boolean;
}

export type ChallengeStart = { ok: true; roomId: string } | Refusal;

export interface ChallengePages {
  page(user: PublicUser | null): Promise<ChallengePageData>;
  /**
   * The page's form: starts today's challenge for the caller (same-origin posts only), counted
   * against the practice limit like `POST /api/practice`; `address` is the caller's
   * (`clientAddress`).
   */
  start(request: Request, user: PublicUser | null, address: string): Promise<ChallengeStart>;
}

async function leaderboardFor(
  deps: ChallengeDeps,
  date: string,
  reader: PublicUser | null,
  result: DayResult | null,
): Promise<ChallengePageData['leaderboard']> {
  const q = deps.database.read;
  const [top, ranked] = await Promise.all([
    leaderboardOf(q, date, PAGE_LEADERBOARD_SIZE),
    rankedCountOf(q, date),
  ]);
  const entries: PageEntry[] = top.map(({ rank, name, netProfit, userId }) => ({
    rank,
    name,
    netProfit,
    mine: userId === reader?.id,
  }));
  // The caller's own place, when it is further down than the list goes.
  if (reader && result && result.rank !== null && !entries.some((entry) => entry.mine)) {
    entries.push({
      rank: result.rank,
      name: leaderboardName(reader.firstName, reader.lastName),
      netProfit: result.netProfit,
      mine: true,
    });
  }
  return { entries, ranked };
}

async function revealedDay(
  deps: ChallengeDeps,
  date: string,
  reader: PublicUser | null,
): Promise<RevealedDay | null> {
  const fairness = revealedFairness(deps.challengeKey, date, deps.clock());
  if (!fairness) return null;
  const q = deps.database.read;
  const [[best], ranked, own] = await Promise.all([
    leaderboardOf(q, date, 1),
    rankedCountOf(q, date),
    reader ? ownResultOf(q, reader.id, date) : Promise.resolve(null),
  ]);
  return {
    date,
    fairness,
    rolls: challengeRolls(fairness, REVEALED_ROLLS),
    best: best ? { rank: best.rank, name: best.name, netProfit: best.netProfit } : null,
    ranked,
    myRoomId: own?.roomId ?? null,
  };
}

export async function challengePage(
  deps: ChallengeDeps,
  user: PublicUser | null,
): Promise<ChallengePageData> {
  const now = deps.clock();
  const date = challengeDateAt(now);
  const day = challengeDay(deps.challengeKey, date);
  const yesterday = addDays(date, -1);
  const q = deps.database.read;
  const [streak, best, result, live] = await Promise.all([
    user ? challengeStreakOf(q, user.id, date) : 0,
    user ? personalBestOf(q, user.id) : null,
    user ? resultOn(deps, user, date) : null,
    user ? liveRoomOf(q, user.currentRoomId) : null,
  ]);
  const liveDate = live ? await challengeDateOf(q, live) : null;
  const [leaderboard, revealed] = await Promise.all([
    leaderboardFor(deps, date, user, result),
    revealedDay(deps, yesterday, user).then(
      (day) => day ?? revealedDay(deps, addDays(date, -2), user),
    ),
  ]);
  const yesterdaySecret = now < seedRevealAt(yesterday);
  return {
    today: { ...day, botNames: challengeBotNames(day.roomOptions) },
    signedIn: user !== null,
    isGuest: user?.isGuest ?? false,
    streak,
    best,
    result,
    leaderboard,
    revealed,
    yesterdayRevealAt: yesterdaySecret ? new Date(seedRevealAt(yesterday)).toISOString() : null,
    liveRoomId: live ?? null,
    liveIsChallenge: liveDate === date,
  };
}

/** Starts today's challenge for the page's form post. */
export async function startFromPage(
  practice: PracticeDeps,
  siteOrigin: string,
  request: Request,
  user: PublicUser | null,
  address: string,
): Promise<ChallengeStart> {
  // The same CSRF rule as the API's: a change comes from a page of this very site.
  if (request.headers.get('origin') !== siteOrigin) {
    return refuse(403, 'forbidden_origin');
  }
  if (!user) return refuse(401, 'not_signed_in');
  // The same limit as POST /api/practice: a room (and its room server) per start.
  const wait = await countRequest(practice, ENDPOINT_LIMITS.practice, {
    account: user.id,
    address,
  });
  if (wait !== null) return rateLimitRefusal(ENDPOINT_LIMITS.practice, wait);
  const outcome = await createPractice(practice, user, { challenge: true });
  return outcome.ok ? { ok: true, roomId: outcome.room.roomId } : outcome;
}

export function challengePages(
  deps: ChallengeDeps,
  practice: PracticeDeps,
  publicUrl: string,
): ChallengePages {
  const siteOrigin = new URL(publicUrl).origin;
  return {
    page: (user) => challengePage(deps, user),
    start: (request, user, address) => startFromPage(practice, siteOrigin, request, user, address),
  };
}
