import { and, eq, ne } from 'drizzle-orm';
import { sessionRooms, sessions, users } from '#db/schema/people.ts';
import type { Database, Queryable } from '#db/client.ts';
import { generateToken, hashToken, isWellFormedToken } from './tokens';
import type { UserRow } from './users';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * DAY_MS;
/** A session used with less than this left is pushed back to the full 30 days. */
export const SESSION_RENEW_WITHIN_MS = 15 * DAY_MS;

export type SessionRow = typeof sessions.$inferSelect;

export interface IssuedSession {
  /** Goes to the cookie only; never stored, never logged. */
  token: string;
  session: SessionRow;
}

export interface ValidSession {
  session: SessionRow;
  user: UserRow;
  /** The expiry moved: the cookie must be sent again with the new Max-Age. */
  renewed: boolean;
}

export function sessionIdOf(token: string): string | null {
  return isWellFormedToken(token) ? hashToken(token) : null;
}

export async function createSession(
  db: Queryable,
  userId: string,
  now: number,
): Promise<IssuedSession> {
  const token = generateToken();
  const session: SessionRow = {
    id: hashToken(token),
    userId,
    expiresAt: now + SESSION_TTL_MS,
    createdAt: now,
  };
  await db.insert(sessions).values(session);
  return { token, session };
}

/**
 * Looks the session up by the token's hash: the database compares digests, so the token itself is
 * never compared anywhere and an attacker learns nothing from timing about a valid token.
 */
export async function validateSessionToken(
  database: Database,
  token: string,
  now: number,
): Promise<ValidSession | null> {
  const id = sessionIdOf(token);
  if (!id) return null;
  const [row] = await database.read
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, id));
  if (!row) return null;
  if (now >= row.session.expiresAt) {
    await database.write((tx) => invalidateSession(tx, id));
    return null;
  }
  if (row.session.expiresAt - now >= SESSION_RENEW_WITHIN_MS) {
    return { session: row.session, user: row.user, renewed: false };
  }
  const expiresAt = now + SESSION_TTL_MS;
  await database.write((tx) => tx.update(sessions).set({ expiresAt }).where(eq(sessions.id, id)));
  return { session: { ...row.session, expiresAt }, user: row.user, renewed: true };
}

export async function invalidateSession(db: Queryable, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** A session that ended, with the rooms it got socket tickets for (they must be told). */
export interface EndedSession {
  sessionId: string;
  roomIds: string[];
}

/**
 * Ends every session of the user (but `keepSessionId`, when given) and hands back the rooms each
 * held sockets in, read before the rows go (they cascade), so the caller can tell those room
 * servers once the transaction is over. A password change, a reset or a link that ends a session
 * must end its sockets as a sign-out does.
 */
export async function invalidateUserSessions(
  db: Queryable,
  userId: string,
  keepSessionId?: string,
): Promise<EndedSession[]> {
  const ofUser = keepSessionId
    ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
    : eq(sessions.userId, userId);
  const held = await db
    .select({ sessionId: sessionRooms.sessionId, roomId: sessionRooms.roomId })
    .from(sessionRooms)
    .innerJoin(sessions, eq(sessions.id, sessionRooms.sessionId))
    .where(ofUser);
  await db.delete(sessions).where(ofUser);
  const rooms = new Map<string, string[]>();
  for (const { sessionId, roomId } of held)
    rooms.set(sessionId, [...(rooms.get(sessionId) ?? []), roomId]);
  return [...rooms].map(([sessionId, roomIds]) => ({ sessionId, roomIds }));
}

/** Tells the rooms of each ended session (outside the transaction: a room call is no database work). */
export function announceEndedSessions(
  deps: { onSignedOut?: (sessionId: string, roomIds: string[]) => void },
  ended: EndedSession[],
): void {
  for (const { sessionId, roomIds } of ended) deps.onSignedOut?.(sessionId, roomIds);
}

/** Seconds the cookie should live: exactly as long as the row. */
export function cookieMaxAgeSeconds(session: SessionRow, now: number): number {
  return Math.max(0, Math.floor((session.expiresAt - now) / 1000));
}
