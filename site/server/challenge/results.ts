// Counted results (`challenge_results`): the first finish of a day per player, written inside the
// settlement's own transaction, and what is read back from them: the day's leaderboard, a player's
// streak, best and standing. Nothing here touches the ledger.
import { and, asc, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable, Tx } from '#db/client.ts';
import { challengeResults } from '#db/schema/challenge.ts';
import { users } from '#db/schema/people.ts';
import { isBotUid } from '#game/bots.ts';
import {
  decisionsOf,
  streakOf,
  type ChallengeDate,
  type ChallengeDecisions,
} from '#game/challenge.ts';
import type { FinishedGame } from '../rooms/settlement-record';
import { seedRevealAt } from './day';
import { leaderboardName } from './names';

/** How many places the leaderboard lists. */
export const LEADERBOARD_SIZE = 100;
/** How far back a streak is read (days). */
const STREAK_WINDOW = 3_660;

export type FinishOutcome = 'counted' | 'already_counted' | 'too_late' | 'not_a_challenge';

/**
 * Records the caller's result of a finished challenge game, in the settlement's transaction. The
 * first finish of a day counts: the (user, date) key keeps one row, so a second game of the day, or
 * the same report settled twice at once, adds nothing. A game that ended after the day's seed was
 * revealed does not count (its player could have known the rolls).
 */
export async function recordChallengeFinish(tx: Tx, game: FinishedGame): Promise<FinishOutcome> {
  const date = game.dailyChallenge;
  const uid = game.joinedOrder.find((seat) => !isBotUid(seat));
  const statement = uid === undefined ? undefined : game.statements[uid];
  const player = uid === undefined ? undefined : game.participants[uid];
  if (!date || uid === undefined || !statement || !player) return 'not_a_challenge';
  const endedAt = Date.parse(game.endTime);
  if (!(endedAt < seedRevealAt(date))) return 'too_late';
  const [user] = await tx.select({ isGuest: users.isGuest }).from(users).where(eq(users.id, uid));
  const decisions = decisionsOf(uid, game.logs, statement, player.revenue);
  const inserted = await tx
    .insert(challengeResults)
    .values({
      userId: uid,
      date,
      roomId: game.roomId,
      netProfit: statement.netProfit,
      ranked: user?.isGuest === false,
      decisions: JSON.stringify(decisions),
      finishedAt: endedAt,
    })
    .onConflictDoNothing()
    .returning({ userId: challengeResults.userId });
  return inserted.length > 0 ? 'counted' : 'already_counted';
}

export interface RankedResult {
  rank: number;
  userId: string;
  /** First name and initial (names.ts). */
  name: string;
  netProfit: number;
  finishedAt: number;
  decisions: ChallengeDecisions;
}

/** Ranked: signed up when it finished, and the account not erased since. */
function rankedOn(date: ChallengeDate) {
  return and(
    eq(challengeResults.date, date),
    eq(challengeResults.ranked, true),
    isNull(users.erasedAt),
  );
}

/**
 * The day's ranked results, best first: highest net profit, then the earlier finish. Equal net
 * profits share a rank (1, 1, 3).
 */
export async function leaderboardOf(
  q: Queryable,
  date: ChallengeDate,
  limit = LEADERBOARD_SIZE,
): Promise<RankedResult[]> {
  const rows = await q
    .select({
      userId: challengeResults.userId,
      netProfit: challengeResults.netProfit,
      finishedAt: challengeResults.finishedAt,
      decisions: challengeResults.decisions,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(challengeResults)
    .innerJoin(users, eq(users.id, challengeResults.userId))
    .where(rankedOn(date))
    .orderBy(desc(challengeResults.netProfit), asc(challengeResults.finishedAt))
    .limit(limit);
  let rank = 0;
  return rows.map((row, i) => {
    if (i === 0 || rows[i - 1]?.netProfit !== row.netProfit) rank = i + 1;
    return {
      rank,
      userId: row.userId,
      name: leaderboardName(row.firstName, row.lastName),
      netProfit: row.netProfit,
      finishedAt: row.finishedAt,
      decisions: JSON.parse(row.decisions) as ChallengeDecisions,
    };
  });
}

/** A player's counted result of a day, if any. */
export interface OwnResult {
  date: ChallengeDate;
  roomId: string;
  netProfit: number;
  ranked: boolean;
  decisions: ChallengeDecisions;
}

export async function ownResultOf(
  q: Queryable,
  userId: string,
  date: ChallengeDate,
): Promise<OwnResult | null> {
  const [row] = await q
    .select()
    .from(challengeResults)
    .where(and(eq(challengeResults.userId, userId), eq(challengeResults.date, date)));
  if (!row) return null;
  return {
    date: row.date,
    roomId: row.roomId,
    netProfit: row.netProfit,
    ranked: row.ranked,
    decisions: JSON.parse(row.decisions) as ChallengeDecisions,
  };
}

/** The place a ranked net profit holds on its day: one more than the ranked results above it. */
export async function rankOf(
  q: Queryable,
  date: ChallengeDate,
  netProfit: number,
): Promise<number> {
  const [row] = await q
    .select({ above: count() })
    .from(challengeResults)
    .innerJoin(users, eq(users.id, challengeResults.userId))
    .where(and(rankedOn(date), gt(challengeResults.netProfit, netProfit)));
  return (row?.above ?? 0) + 1;
}

/** How many ranked results a day has. */
export async function rankedCountOf(q: Queryable, date: ChallengeDate): Promise<number> {
  const [row] = await q
    .select({ ranked: count() })
    .from(challengeResults)
    .innerJoin(users, eq(users.id, challengeResults.userId))
    .where(rankedOn(date));
  return row?.ranked ?? 0;
}

/** Consecutive Lusaka days with a counted result, up to `today` (contract: `challengeStreak`). */
export async function challengeStreakOf(
  q: Queryable,
  userId: string,
  today: ChallengeDate,
): Promise<number> {
  const rows = await q
    .select({ date: challengeResults.date })
    .from(challengeResults)
    .where(eq(challengeResults.userId, userId))
    .orderBy(desc(challengeResults.date))
    .limit(STREAK_WINDOW);
  return streakOf(
    rows.map((row) => row.date),
    today,
  );
}

/** A player's highest counted net profit over every day, and its date. */
export async function personalBestOf(
  q: Queryable,
  userId: string,
): Promise<{ date: ChallengeDate; netProfit: number } | null> {
  const [row] = await q
    .select({ date: challengeResults.date, netProfit: challengeResults.netProfit })
    .from(challengeResults)
    .where(eq(challengeResults.userId, userId))
    .orderBy(desc(challengeResults.netProfit), asc(challengeResults.date))
    .limit(1);
  return row ?? null;
}

/** Every counted result of a player, for their data export. */
export async function resultsOf(q: Queryable, userId: string) {
  return q
    .select()
    .from(challengeResults)
    .where(eq(challengeResults.userId, userId))
    .orderBy(asc(challengeResults.date));
}
