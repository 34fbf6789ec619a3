// A forgotten password: a single-use link (60 minutes) to the account's address. The request never
// says whether the address has an account: the answer is the same, and the look-up and the mail
// happen after it, so neither the words nor the time tell. The reset ends every session, and proves
// the address (the link reached its inbox).
import { PATHS } from '#site/shared/paths.ts';
import { eq } from 'drizzle-orm';
import { users } from '#db/schema/people.ts';
import { linkOf, passwordResetMail } from '../mail/templates';
import type { AuthDeps } from './config';
import {
  checkEmailToken,
  issueEmailToken,
  mailedRecently,
  spendEmailToken,
  TOKEN_TTL_MS,
  voidUnusedTokens,
} from './email-tokens';
import { authMessages as m } from '#site/shared/auth-messages.ts';
import { refuse, type Refusal } from '../api/refusals';
import { checkNewPassword } from './password-rule';
import { hashNewPassword } from './password-check';
import { announceEndedSessions, invalidateUserSessions, type EndedSession } from './sessions';
import { clearAccountThrottle } from './throttle';
import { findUserByEmail, findUserById } from './users';
import { isValidEmail, normalizeEmail } from './validation';
import { timeOf } from '../clock';

async function resetMailFor(deps: AuthDeps, email: string, at: number) {
  const user = await findUserByEmail(deps.database.read, email);
  if (!user?.email || user.isGuest) return null;
  if (await mailedRecently(deps.database.read, user.id, 'reset_password', at)) return null;
  const to = user.email;
  const token = await deps.database.write((tx) =>
    issueEmailToken(tx, { userId: user.id, email: to, purpose: 'reset_password', now: at }),
  );
  return passwordResetMail(
    to,
    linkOf(deps.config.publicUrl, PATHS.resetPassword, token),
    TOKEN_TTL_MS.reset_password / 60_000,
  );
}

/** `POST /auth/password/forgot {email}`: 202 with the same words, account or not. */
export function requestPasswordReset(
  deps: AuthDeps,
  body: unknown,
): { ok: true; message: string } | Refusal {
  const email = normalizeEmail((body as { email?: unknown } | null)?.email);
  if (!email) return refuse(400, 'email_required');
  if (!isValidEmail(email)) return refuse(400, 'invalid_email');
  deps.mailer?.sendLater(resetMailFor(deps, email, timeOf(deps)));
  return { ok: true, message: m.resetRequested };
}

function tokenRefusal(problem: 'token_invalid' | 'token_expired'): Refusal {
  return refuse(400, problem);
}

/** `POST /auth/password/reset {token, password}`: sets the password and ends every session. */
export async function resetPassword(
  deps: AuthDeps,
  body: unknown,
  context: { address: string },
): Promise<{ ok: true; message: string } | Refusal> {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const password = typeof b.password === 'string' ? b.password : '';
  if (!password) return refuse(400, 'password_required');
  const weak = checkNewPassword(password);
  if (weak) return refuse(400, weak.code, weak.error);

  // A cheap look first, so a bad link costs no argon2 work (which must stay out of the write queue).
  const first = await checkEmailToken(deps.database.read, b.token, 'reset_password', timeOf(deps));
  if (!first.ok) return tokenRefusal(first.problem);
  const hashed = await hashNewPassword(password, context.address);
  if (!hashed.ok) return hashed;
  const { passwordHash } = hashed;

  const at = timeOf(deps);
  let ended: EndedSession[] = [];
  const outcome = await deps.database.write(async (tx) => {
    const spent = await spendEmailToken(tx, b.token, 'reset_password', at);
    if (!spent.ok) return tokenRefusal(spent.problem);
    const user = await findUserById(tx, spent.row.userId);
    if (!user) return tokenRefusal('token_invalid');
    const proved = user.email === spent.row.email;
    await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: user.emailVerifiedAt ?? (proved ? at : null),
        // A Google account linked while the address was unproved was linked by whoever knew the
        // password (perhaps a squatter, docs/decisions/013): the owner taking it back unlinks it.
        googleSub: user.emailVerifiedAt === null ? null : user.googleSub,
        updatedAt: at,
      })
      .where(eq(users.id, user.id));
    await voidUnusedTokens(tx, user.id, 'reset_password');
    ended = await invalidateUserSessions(tx, user.id);
    if (user.email) await clearAccountThrottle(tx, user.email);
    return { ok: true as const, message: m.passwordReset };
  });
  announceEndedSessions(deps, ended);
  return outcome;
}
