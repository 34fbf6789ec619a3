// Reading finished games: the user's history and one game's full record (docs/api.md).
import { desc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '#db/client.ts';
import { gameHistory, gameResults } from '#db/schema/rooms.ts';
import { ngweeToZmw } from '#game/ngwee.ts';
import type { FinishedGame } from './settlement-record';

export interface HistoryEntry {
  roomId: string;
  /** ISO time the game ended. */
  endTime: string;
  result: 'won' | 'lost' | 'tied';
  /** ZMW received from the pot. */
  prize: number;
  /** ZMW. */
  totalPot: number;
  players: { uid: string; name: string }[];
  /** A practice game against bots: no stake, no prize. */
  practice: boolean;
}

export const HISTORY_LIMIT = 100;

export async function loadFinishedGame(q: Queryable, roomId: string): Promise<FinishedGame | null> {
  const [row] = await q.select().from(gameResults).where(eq(gameResults.roomId, roomId));
  return row ? (JSON.parse(row.record) as FinishedGame) : null;
}

/** The user's games, newest first. */
export async function loadHistory(q: Queryable, userId: string): Promise<HistoryEntry[]> {
  const rows = await q
    .select()
    .from(gameHistory)
    .where(eq(gameHistory.userId, userId))
    .orderBy(desc(gameHistory.createdAt), desc(gameHistory.id))
    .limit(HISTORY_LIMIT);
  if (rows.length === 0) return [];
  const records = await q
    .select()
    .from(gameResults)
    .where(
      inArray(
        gameResults.roomId,
        rows.map((row) => row.roomId),
      ),
    );
  const byRoom = new Map(records.map((r) => [r.roomId, JSON.parse(r.record) as FinishedGame]));
  return rows.flatMap((row) => {
    const game = byRoom.get(row.roomId);
    if (!game) return [];
    return [
      {
        roomId: row.roomId,
        endTime: game.endTime,
        result: row.result,
        prize: ngweeToZmw(row.prize),
        totalPot: game.totalPot,
        players: game.joinedOrder.map((uid) => ({
          uid,
          name: game.participants[uid]?.name ?? '',
        })),
        practice: game.practice === true,
      },
    ];
  });
}

export function mayRead(game: FinishedGame, user: { id: string; isAdmin: boolean }): boolean {
  return user.isAdmin || game.joinedOrder.includes(user.id);
}
