// Which rooms a session holds sockets in, so its sign-out reaches them (protocol call 5). A ticket
// carries a session key, a hash of the session id (never the token, never the id itself); the room
// server closes that key's sockets and refuses its tickets when told.
//
// Both ends run in one write transaction each, through the one write queue: a ticket is recorded
// only while its session row exists, and the sign-out deletes the session and reads its rooms in
// one go, so every ticket is either recorded before the sign-out (and its room told) or refused.
import { createHash } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Queryable } from '#db/client.ts';
import { sessionRooms, sessions } from '#db/schema/people.ts';

/** The key a ticket carries for its session: 32 hex digits of SHA-256 over the session id. */
export function ticketSessionKey(sessionId: string): string {
  return createHash('sha256').update(`room-ticket:${sessionId}`, 'utf8').digest('hex').slice(0, 32);
}

/** Records that `sessionId` got a ticket for `roomId`; false when the session is gone or expired. */
export async function recordTicketRoom(
  tx: Queryable,
  sessionId: string,
  roomId: string,
  now: number,
): Promise<boolean> {
  const [live] = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now)));
  if (!live) return false;
  await tx
    .insert(sessionRooms)
    .values({ sessionId, roomId, lastTicketAt: now })
    .onConflictDoUpdate({
      target: [sessionRooms.sessionId, sessionRooms.roomId],
      set: { lastTicketAt: now },
    });
  return true;
}

/** The rooms the session got tickets for, forgotten as they are read (call before deleting it). */
export async function takeTicketRooms(tx: Queryable, sessionId: string): Promise<string[]> {
  const rows = await tx
    .delete(sessionRooms)
    .where(eq(sessionRooms.sessionId, sessionId))
    .returning({ roomId: sessionRooms.roomId });
  return rows.map((row) => row.roomId);
}
