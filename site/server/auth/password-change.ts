// Checking the password of a signed-in person (before a change, or before linking Google), throttled
// exactly like a login so a stolen session cannot guess it; and the change itself, which ends every
// other session of the account.
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import type { Queryable } from '../../../db/client';
import type { AuthDeps } from './config';
import { authMessages as m } from './messages';
import { refuse, type Refusal } from './outcomes';
import { checkNewPassword } from './password-rule';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { RATE_LIMITED } from '../../shared/rate-limited';
import { announceEndedSessions, invalidateUserSessions, type EndedSession } from './sessions';
import { releaseLoginAttempt, reserveLoginAttempt } from './throttle';
import { findUserById, loadPublicUser, type PublicUser, type UserRow } from './users';

function now(deps: AuthDeps): number {
  return (deps.clock ?? Date.now)();
}

export async function confirmPassword(
  deps: AuthDeps,
  user: UserRow,
  password: unknown,
  address: string,
): Promise<{ ok: true } | Refusal> {
  if (typeof password !== 'string' || !password) {
    return refuse(400, m.passwordRequired, 'password_required');
  }
  const attempt = { email: user.email ?? `user:${user.id}`, address };
  // Reserved before argon2 runs, exactly like a login: a burst gets what a sequence would.
  const reservation = await reserveLoginAttempt(deps.database, attempt, now(deps));
  if (!reservation.ok) {
    const seconds = Math.ceil(reservation.waitMs / 1000);
    return {
      ...refuse(429, m.tooManyAttempts(seconds), RATE_LIMITED),
      retryAfterSeconds: seconds,
    };
  }
  if (!user.passwordHash) {
    await verifyAgainstDummy(password);
    return refuse(403, m.noPassword, 'no_password');
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    return refuse(403, m.wrongPassword, 'wrong_password');
  }
  await releaseLoginAttempt(deps.database, attempt, now(deps));
  return { ok: true };
}

/** Every session of the account but `keepSessionId` ends (their rooms are handed back to tell). */
export function endOtherSessions(
  tx: Queryable,
  userId: string,
  keepSessionId: string,
): Promise<EndedSession[]> {
  return invalidateUserSessions(tx, userId, keepSessionId);
}

/** `POST /me/password {currentPassword, newPassword}`. */
export async function changePassword(
  deps: AuthDeps,
  auth: { userId: string; sessionId: string; address: string },
  body: unknown,
): Promise<{ ok: true; user: PublicUser; message: string } | Refusal> {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const newPassword = typeof b.newPassword === 'string' ? b.newPassword : '';
  if (!newPassword) return refuse(400, m.passwordRequired, 'password_required');
  const weak = checkNewPassword(newPassword);
  if (weak) return refuse(400, weak.error, weak.code);

  const user = await findUserById(deps.database.read, auth.userId);
  if (!user) return refuse(401, m.notLoggedIn, 'not_logged_in');
  const confirmed = await confirmPassword(deps, user, b.currentPassword, auth.address);
  if (!confirmed.ok) return confirmed;

  const passwordHash = await hashPassword(newPassword);
  const at = now(deps);
  const ended = await deps.database.write(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, user.id));
    return endOtherSessions(tx, user.id, auth.sessionId);
  });
  announceEndedSessions(deps, ended);
  const fresh = (await findUserById(deps.database.read, user.id))!;
  return {
    ok: true,
    user: await loadPublicUser(deps.database.read, fresh, deps.config),
    message: m.passwordChanged,
  };
}
