// Checking the password of a signed-in person (before a change, a Google link or the erasure of the
// account), throttled exactly like a login so a stolen session cannot guess it; and the change
// itself, which ends every other session of the account.
import { eq } from 'drizzle-orm';
import { users } from '#db/schema/people.ts';
import type { Queryable } from '#db/client.ts';
import type { AuthDeps } from './config';
import { authMessages as m } from '#site/shared/auth-messages.ts';
import { refuse, type Refusal } from '../api/refusals';
import { checkNewPassword } from './password-rule';
import { checkPassword, hashNewPassword } from './password-check';
import { announceEndedSessions, invalidateUserSessions, type EndedSession } from './sessions';
import { findUserById, loadPublicUser, type PublicUser, type UserRow } from './users';
import { timeOf } from '../clock';

/**
 * The signed-in person proves it is them with the account's password: the same throttle as a
 * log-in, on the same account lock (password-check.ts), so a stolen session cannot guess it.
 */
export async function confirmPassword(
  deps: Pick<AuthDeps, 'database' | 'clock'>,
  user: UserRow,
  password: unknown,
  address: string,
): Promise<{ ok: true } | Refusal> {
  if (typeof password !== 'string' || !password) {
    return refuse(400, 'password_required');
  }
  const checked = await checkPassword(deps, {
    account: user.email ?? `user:${user.id}`,
    address,
    passwordHash: user.passwordHash,
    password,
  });
  if (checked.ok) return checked;
  if (!('wrong' in checked)) return checked;
  return user.passwordHash ? refuse(403, 'wrong_password') : refuse(403, 'no_password');
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
  if (!newPassword) return refuse(400, 'password_required');
  const weak = checkNewPassword(newPassword);
  if (weak) return refuse(400, weak.code, weak.error);

  const user = await findUserById(deps.database.read, auth.userId);
  if (!user) return refuse(401, 'not_signed_in');
  const confirmed = await confirmPassword(deps, user, b.currentPassword, auth.address);
  if (!confirmed.ok) return confirmed;

  const hashed = await hashNewPassword(newPassword, auth.address);
  if (!hashed.ok) return hashed;
  const { passwordHash } = hashed;
  const at = timeOf(deps);
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
