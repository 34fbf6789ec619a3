// Proving an email address: a single-use link mailed at sign-up and on request. Opening it (on any
// device, signed in or not) marks the address verified.
import { PATHS } from '#site/shared/paths.ts';
import { eq } from 'drizzle-orm';
import { users } from '#db/schema/people.ts';
import { linkOf, verificationMail } from '../mail/templates';
import type { AuthDeps } from './config';
import {
  checkEmailToken,
  issueEmailToken,
  mailedRecently,
  spendEmailToken,
  TOKEN_TTL_MS,
} from './email-tokens';
import { authMessages as m } from '#site/shared/auth-messages.ts';
import { refuse, type Refusal } from '../api/refusals';
import { findUserById, isEmailVerified, type UserRow } from './users';
import { timeOf } from '../clock';

/** Issues a token and mails the link, without making the caller wait for the mail. */
export function sendVerificationMail(deps: AuthDeps, user: UserRow, at: number): void {
  const email = user.email;
  const mailer = deps.mailer;
  if (!email || !mailer) return;
  mailer.sendLater(
    deps.database
      .write((tx) =>
        issueEmailToken(tx, { userId: user.id, email, purpose: 'verify_email', now: at }),
      )
      .then((token) =>
        verificationMail(
          email,
          linkOf(deps.config.publicUrl, PATHS.verifyEmail, token),
          TOKEN_TTL_MS.verify_email / 3_600_000,
        ),
      ),
  );
}

export type Sent = { ok: true; message: string };

/** `POST /auth/email/verify-request`: the link again, at most once a minute. */
export async function requestVerification(deps: AuthDeps, userId: string): Promise<Sent | Refusal> {
  const at = timeOf(deps);
  const user = await findUserById(deps.database.read, userId);
  if (!user?.email) return refuse(400, 'email_required');
  if (isEmailVerified(user)) return refuse(409, 'email_already_verified');
  if (await mailedRecently(deps.database.read, user.id, 'verify_email', at)) {
    return { ...refuse(429, 'too_soon'), retryAfterSeconds: 60 };
  }
  sendVerificationMail(deps, user, at);
  return { ok: true, message: m.verificationSent };
}

function tokenRefusal(problem: 'token_invalid' | 'token_expired'): Refusal {
  return refuse(400, problem);
}

/** `POST /auth/email/verify {token}`: spends the token and marks the address it was sent to. */
export async function verifyEmail(deps: AuthDeps, body: unknown): Promise<{ ok: true } | Refusal> {
  const token = (body as { token?: unknown } | null)?.token;
  const at = timeOf(deps);
  return deps.database.write(async (tx) => {
    const checked = await checkEmailToken(tx, token, 'verify_email', at);
    if (!checked.ok) return tokenRefusal(checked.problem);
    const user = await findUserById(tx, checked.row.userId);
    // The link proves the address it went to, and nothing else.
    if (!user || user.email !== checked.row.email) return tokenRefusal('token_invalid');
    const spent = await spendEmailToken(tx, token, 'verify_email', at);
    if (!spent.ok) return tokenRefusal(spent.problem);
    if (user.emailVerifiedAt === null) {
      await tx
        .update(users)
        .set({ emailVerifiedAt: at, updatedAt: at })
        .where(eq(users.id, user.id));
    }
    return { ok: true as const };
  });
}
