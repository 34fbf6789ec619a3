import { eq } from 'drizzle-orm';
import { users } from '#db/schema/people.ts';
import type { AuthDeps } from './config';
import { sendVerificationMail } from './email-verification';
import type { OAuthProfile } from './google';
import { refuse, type Refusal } from '../api/refusals';
import { checkPassword, hashNewPassword } from './password-check';
import {
  announceEndedSessions,
  createSession,
  invalidateSession,
  invalidateUserSessions,
  type EndedSession,
  sessionIdOf,
  type IssuedSession,
} from './sessions';
import { recordSignupConsents } from '../responsible-play/consents';
import {
  findUserByEmail,
  findUserByGoogleSub,
  findUserById,
  insertUser,
  isEmailVerified,
  loadPublicUser,
  type PublicUser,
  type UserRow,
} from './users';
import { validateLogin, validateProfile, validateSignup } from './validation';
import { parseEmail } from '#site/shared/email.ts';
import { timeOf } from '../clock';

export type SignedIn = { ok: true; user: PublicUser; issued: IssuedSession };
export type AuthOutcome = SignedIn | Refusal;

/** What the request already carried: its session ends when a new one starts. */
export interface RequestContext {
  previousToken: string | null;
}

/** Where a request that costs argon2 work came from (the grouped client address). */
export interface AddressContext {
  address: string;
}

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (/UNIQUE constraint failed/i.test(e.message)) return true;
  }
  return false;
}

/** One transaction: the request's old session ends and a fresh token is issued (no fixation). */
export async function startSession(
  deps: AuthDeps,
  userId: string,
  context: RequestContext,
): Promise<SignedIn> {
  const at = timeOf(deps);
  const previousId = context.previousToken ? sessionIdOf(context.previousToken) : null;
  const issued = await deps.database.write(async (tx) => {
    if (previousId) await invalidateSession(tx, previousId);
    return createSession(tx, userId, at);
  });
  return { ok: true, user: await publicUserById(deps, userId), issued };
}

export async function publicUserById(deps: AuthDeps, userId: string): Promise<PublicUser> {
  const row = await findUserById(deps.database.read, userId);
  if (!row) throw new Error('user vanished');
  return loadPublicUser(deps.database.read, row, deps.config);
}

export async function signUp(
  deps: AuthDeps,
  body: unknown,
  context: RequestContext & AddressContext,
): Promise<AuthOutcome> {
  const input = validateSignup(body);
  if (!input.ok) return refuse(400, input.code, input.error);
  const { password, ...profile } = input.value;
  // Hashed before anything else, so a taken email costs (and takes) as long as a new account; and
  // before the write transaction: argon2's ~60 ms must not hold the write queue.
  const hashed = await hashNewPassword(password, context.address);
  if (!hashed.ok) return hashed;
  const { passwordHash } = hashed;
  if (await findUserByEmail(deps.database.read, profile.email)) return refuse(409, 'email_taken');
  let user: UserRow | null;
  try {
    user = await deps.database.write(async (tx) => {
      if (await findUserByEmail(tx, profile.email)) return null;
      const created = await insertUser(tx, { ...profile, passwordHash }, timeOf(deps));
      await recordSignupConsents(tx, created.id, timeOf(deps));
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refuse(409, 'email_taken');
    throw error;
  }
  if (!user) return refuse(409, 'email_taken');
  // Until the link is opened the address is only typed, not proved (no admin claim, no Google join).
  sendVerificationMail(deps, user, timeOf(deps));
  return startSession(deps, user.id, context);
}

export async function logIn(
  deps: AuthDeps,
  body: unknown,
  context: RequestContext & AddressContext,
): Promise<AuthOutcome> {
  const input = validateLogin(body);
  if (!input.ok) return refuse(400, input.code, input.error);
  const { email, password } = input.value;
  const user = await findUserByEmail(deps.database.read, email);
  const checked = await checkPassword(deps, {
    account: email,
    address: context.address,
    passwordHash: user?.passwordHash ?? null,
    password,
  });
  if (!checked.ok) {
    if (!('wrong' in checked)) return checked;
    // The failure is already counted (the reservation). The spec names the unknown email; see docs/decisions/010-login-messages.md for the trade-off.
    return user ? refuse(401, 'wrong_password') : refuse(401, 'unknown_email');
  }
  return startSession(deps, user!.id, context);
}

export async function startGuest(deps: AuthDeps, context: RequestContext): Promise<SignedIn> {
  const guest = await deps.database.write((tx) =>
    insertUser(
      tx,
      {
        firstName: 'Guest',
        lastName: '',
        phone: null,
        email: null,
        passwordHash: null,
        isGuest: true,
      },
      timeOf(deps),
    ),
  );
  return startSession(deps, guest.id, context);
}

/**
 * Finds the person by Google subject; else joins an existing account by email only when both sides
 * proved it: Google says it is verified AND the account's own email was verified (its mail link, or
 * a reset). Otherwise someone who registered a stranger's address first (pre-hijack) would be handed
 * the stranger, or the stranger handed to them: that account must link Google from a signed-in
 * session with its password instead. Joining ends every other session of the account. Else creates
 * an account, whose phone (and perhaps names) are then completed through `PATCH /api/me`.
 */
export async function signInWithGoogle(
  deps: AuthDeps,
  profile: OAuthProfile,
  context: RequestContext,
): Promise<AuthOutcome> {
  const at = timeOf(deps);
  let ended: EndedSession[] = [];
  const result = await deps.database.write(async (tx): Promise<UserRow | Refusal> => {
    const known = await findUserByGoogleSub(tx, profile.subject);
    if (known) return known;
    // An unverified address is never stored: it would block its real owner from signing up.
    const email = profile.emailVerified ? parseEmail(profile.email) : null;
    const sameEmail = email ? await findUserByEmail(tx, email) : null;
    if (sameEmail) {
      if (!sameEmail.isGuest && !isEmailVerified(sameEmail)) {
        return refuse(409, 'google_link_required');
      }
      if (sameEmail.googleSub || sameEmail.isGuest) {
        return refuse(409, 'email_taken');
      }
      ended = await invalidateUserSessions(tx, sameEmail.id);
      const [linked] = await tx
        .update(users)
        .set({ googleSub: profile.subject, updatedAt: at })
        .where(eq(users.id, sameEmail.id))
        .returning();
      return linked ?? sameEmail;
    }
    return insertUser(
      tx,
      {
        firstName: profile.firstName.slice(0, 60),
        lastName: profile.lastName.slice(0, 60),
        phone: null,
        email,
        passwordHash: null,
        googleSub: profile.subject,
        emailVerifiedAt: email ? at : null,
      },
      at,
    );
  });
  announceEndedSessions(deps, ended);
  if ('ok' in result) return result;
  return startSession(deps, result.id, context);
}

export type ProfileOutcome = { ok: true; user: PublicUser } | Refusal;

export async function completeProfile(
  deps: AuthDeps,
  userId: string,
  body: unknown,
): Promise<ProfileOutcome> {
  const input = validateProfile(body);
  if (!input.ok) return refuse(400, input.code, input.error);
  // A number proved by SMS signs the account in: changing it here would strand a phone-only account
  // (its next sign-in by phone would make a new one) and prove nothing about the new number.
  const current = await findUserById(deps.database.read, userId);
  if (current?.phoneVerifiedAt != null && current.phone !== input.value.phone) {
    return refuse(409, 'phone_proved');
  }
  const at = timeOf(deps);
  await deps.database.write((tx) =>
    tx
      .update(users)
      .set({ ...input.value, updatedAt: at })
      .where(eq(users.id, userId)),
  );
  return { ok: true, user: await publicUserById(deps, userId) };
}
