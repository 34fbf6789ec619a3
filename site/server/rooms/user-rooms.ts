// The user's row and `users.currentRoomId`: the one live room a user sits in.
import { and, eq } from 'drizzle-orm';
import type { Queryable, Tx } from '#db/client.ts';
import { rooms } from '#db/schema/rooms.ts';
import { users } from '#db/schema/people.ts';

export const LIVE_STATUSES = new Set(['waiting', 'countdown', 'active']);

export async function userRow(q: Queryable, userId: string) {
  const [row] = await q.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** The live room the user already sits in, if any (a stale pointer to a finished room is ignored). */
export async function liveRoomOf(
  q: Queryable,
  currentRoomId: string | null,
): Promise<string | null> {
  if (!currentRoomId) return null;
  const [room] = await q
    .select({ status: rooms.status })
    .from(rooms)
    .where(eq(rooms.roomId, currentRoomId));
  return room && LIVE_STATUSES.has(room.status) ? currentRoomId : null;
}

export async function setCurrentRoom(tx: Tx, userId: string, roomId: string | null, now: number) {
  await tx.update(users).set({ currentRoomId: roomId, updatedAt: now }).where(eq(users.id, userId));
}

/** Clears the pointer only where it still points at this room. */
export async function clearCurrentRoom(tx: Tx, userId: string, roomId: string, now: number) {
  await tx
    .update(users)
    .set({ currentRoomId: null, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.currentRoomId, roomId)));
}
