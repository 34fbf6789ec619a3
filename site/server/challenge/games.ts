// Which practice rooms are a day's challenge (`challenge_games`), written with the room itself.
import { eq } from 'drizzle-orm';
import type { Queryable, Tx } from '#db/client.ts';
import { challengeGames } from '#db/schema/challenge.ts';
import type { ChallengeDate } from '#game/challenge.ts';

/** The Lusaka date whose dice `roomId` rolls, or null when it is not a challenge. */
export async function challengeDateOf(q: Queryable, roomId: string): Promise<ChallengeDate | null> {
  const [row] = await q
    .select({ date: challengeGames.date })
    .from(challengeGames)
    .where(eq(challengeGames.roomId, roomId));
  return row?.date ?? null;
}

export async function markChallengeGame(
  tx: Tx,
  game: { roomId: string; date: ChallengeDate; userId: string },
): Promise<void> {
  await tx.insert(challengeGames).values(game);
}
