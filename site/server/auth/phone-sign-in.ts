// Sign-up and sign-in with a phone number and an SMS code (contract section 8, decision 090).
// `startPhoneSignIn` sends a code to the number; `verifyPhoneSignIn` checks it and signs in the
// account that proved the number, or creates one for a new number; `provePhone` lets a signed-in
// account (made with an email or Google) prove its own number with the same code (decision 091).
// The start never looks at the accounts, so its answer and its time are the same whether the number
// has one or not; the verify says which only to someone holding the code. Used by the JSON API
// (site/server/api/auth.ts, site/server/api/me.ts).
import type { Queryable } from '#db/client.ts';
import { PHONE_CODE } from '#site/shared/phone-code.ts';
import { rateLimitMessage } from '../rate-limit/middleware';
import { admit, counterKey, type CounterCheck } from '../rate-limit/counters';
import { ENDPOINT_LIMITS, type EndpointLimit, type Subject } from '../rate-limit/limits';
import { RATE_LIMITED } from '#site/shared/rate-limited.ts';
import { phoneForLog } from '../sms/sender';
import { signInCodeSms } from '../sms/templates';
import { recordSignupConsents } from '../responsible-play/consents';
import type { AuthDeps, PhoneSignInDeps } from './config';
import { sendVerificationMail } from './email-verification';
import { logAuthError } from './logging';
import { authMessages as m } from '#site/shared/auth-messages.ts';
import { refuse, type Refusal } from '../api/refusals';
import { refusalWords } from '../api/refusal-words';
import {
  checkCode,
  hasCode,
  randomCode,
  restoreCode,
  spendCode,
  storeCode,
  type CodeCheck,
} from './phone-codes';
import {
  isUniqueViolation,
  publicUserById,
  startSession,
  type AddressContext,
  type RequestContext,
  type SignedIn,
} from './service';
import { eq } from 'drizzle-orm';
import { users } from '#db/schema/people.ts';
import { confirmPassword } from './password-change';
import {
  findUserByEmail,
  findUserById,
  findUserByProvedPhone,
  insertUser,
  type PublicUser,
  type UserRow,
} from './users';
import { validatePhone, validatePhoneAccount, validatePhoneCode } from './validation';
import { timeOf } from '../clock';

export type CodeSent = {
  ok: true;
  /** The number the code went to, in its local form. */
  phone: string;
  message: string;
  expiresInSeconds: number;
  /** When the next code to this number may be asked for. */
  resendInSeconds: number;
};

/** Signed in; `created` when the number was new and its account was made just now (201). */
export type PhoneSignedIn = SignedIn & { created: boolean };

/** The three limits on codes, counted together: all or none (site/server/rate-limit/limits.ts). */
const CODE_LIMITS: readonly EndpointLimit[] = [
  ENDPOINT_LIMITS.phoneCodeResend,
  ENDPOINT_LIMITS.phoneCode,
  ENDPOINT_LIMITS.phoneCodeDaily,
];

function phoneDepsOf(deps: AuthDeps): PhoneSignInDeps {
  if (!deps.phone) throw new Error('sign-in by phone is not configured');
  return deps.phone;
}

/**
 * Counts one code against the limits per number and per address, inside the transaction that stores
 * it; the refusal names the limit that waits longest.
 */
async function admitCode(
  tx: Queryable,
  subjects: Record<Extract<Subject, 'phone' | 'address'>, string>,
  at: number,
): Promise<Refusal | null> {
  const owners = new Map<string, EndpointLimit>();
  const checks: CounterCheck[] = [];
  for (const endpoint of CODE_LIMITS) {
    for (const rule of endpoint.rules) {
      if (rule.per !== 'phone' && rule.per !== 'address') continue;
      const key = counterKey(endpoint, rule.per, subjects[rule.per]);
      owners.set(key, endpoint);
      checks.push({ key, limit: rule.limit, windowMs: rule.windowMs });
    }
  }
  const admission = await admit(tx, checks, at);
  if (admission.ok) return null;
  const longest = admission.full.reduce((a, b) => (b.retryAfterMs > a.retryAfterMs ? b : a));
  const seconds = Math.max(1, Math.ceil(longest.retryAfterMs / 1000));
  return {
    ...refuse(429, RATE_LIMITED, rateLimitMessage(owners.get(longest.key)!, seconds)),
    retryAfterSeconds: seconds,
  };
}

/** `POST /auth/phone/start {phone}`: a code by SMS. The same answer for every valid number. */
export async function startPhoneSignIn(
  deps: AuthDeps,
  body: unknown,
  context: AddressContext,
): Promise<CodeSent | Refusal> {
  const phoneDeps = phoneDepsOf(deps);
  const input = validatePhone(body);
  if (!input.ok) return refuse(400, input.code, input.error);
  const phone = input.value;
  const at = timeOf(deps);
  const code = phoneDeps.newCode?.() ?? randomCode();
  const stored = await deps.database.write(async (tx) => {
    const refused = await admitCode(tx, { phone, address: context.address }, at);
    if (refused) return refused;
    return { previous: await storeCode(tx, phoneDeps.codeKey, phone, code, at) };
  });
  if ('ok' in stored) return stored;
  try {
    await phoneDeps.sms.send({ to: phone, text: signInCodeSms(code, deps.config.publicUrl) });
  } catch (error) {
    // The code the person was never sent must not be the one that counts: the one before it (which
    // may be on their phone) works again.
    await deps.database.write((tx) =>
      restoreCode(tx, phoneDeps.codeKey, phone, code, stored.previous),
    );
    logAuthError(`sign-in code not sent to ${phoneForLog(phone)}`, error);
    return { ...refuse(503, 'sms_not_sent'), retryAfterSeconds: 60 };
  }
  return {
    ok: true,
    phone,
    message: m.codeSent(phone),
    expiresInSeconds: PHONE_CODE.lifetimeMinutes * 60,
    resendInSeconds: PHONE_CODE.resendSeconds,
  };
}

function codeRefusal(check: Exclude<CodeCheck, { ok: true }>): Refusal {
  switch (check.problem) {
    case 'code_invalid':
      return refuse(400, 'code_invalid', refusalWords('code_invalid', check.triesLeft));
    case 'code_expired':
      return refuse(400, 'code_expired');
    case 'too_many_attempts':
      return refuse(400, 'too_many_attempts');
  }
}

type Verified = { user: UserRow; created: boolean } | Refusal;

/**
 * `POST /auth/phone/verify {phone, code, firstName?, lastName?, email?, adult?, terms?}`. A right code
 * signs in the account that proved the number (200), or makes one for a new number (201: names,
 * 18+ and the terms are then required, and the code stays good until they come). Only an account
 * that proved the number by a code is ever entered: one that merely typed it is not (decision 090).
 */
export async function verifyPhoneSignIn(
  deps: AuthDeps,
  body: unknown,
  context: RequestContext,
): Promise<PhoneSignedIn | Refusal> {
  const { codeKey } = phoneDepsOf(deps);
  const input = validatePhoneCode(body);
  if (!input.ok) return refuse(400, input.code, input.error);
  const { phone, code } = input.value;
  // A number that was never sent a code costs no write.
  if (!(await hasCode(deps.database.read, codeKey, phone))) {
    return codeRefusal({ ok: false, problem: 'code_expired' });
  }
  const at = timeOf(deps);
  let verified: Verified;
  try {
    verified = await deps.database.write(async (tx): Promise<Verified> => {
      const checked = await checkCode(tx, codeKey, phone, code, at);
      if (!checked.ok) return codeRefusal(checked);
      const holder = await findUserByProvedPhone(tx, phone);
      if (holder) {
        await spendCode(tx, codeKey, phone);
        return { user: holder, created: false };
      }
      const details = validatePhoneAccount(body);
      if (!details.ok) return refuse(400, details.code, details.error);
      const { email } = details.value;
      if (email && (await findUserByEmail(tx, email))) {
        return refuse(409, 'email_taken');
      }
      const user = await insertUser(
        tx,
        { ...details.value, phone, passwordHash: null, phoneVerifiedAt: at },
        at,
      );
      await recordSignupConsents(tx, user.id, at);
      await spendCode(tx, codeKey, phone);
      return { user, created: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refuse(409, 'email_taken');
    throw error;
  }
  if ('ok' in verified) return verified;
  // A typed email is only typed until its link is opened (receipts, password resets).
  if (verified.created) sendVerificationMail(deps, verified.user, at);
  const signedIn = await startSession(deps, verified.user.id, context);
  return { ...signedIn, created: verified.created };
}

type Proved = { ok: true } | Refusal;

/**
 * `POST /me/phone/verify {phone, code, password}` (signed in, not a guest): the account proves a
 * number with a code sent by `startPhoneSignIn`; the number becomes its phone, proved (it then signs
 * this account in, and counts where the operator asks withdrawals for a proved number). Since it adds
 * a way in, it needs the account's password, like linking Google: a stolen session cannot plant the
 * thief's number (decision 091). Refused when another account proved the number (`phone_taken`) or
 * this one already proved another (`phone_proved`).
 */
export async function provePhone(
  deps: AuthDeps,
  auth: { userId: string; address: string },
  body: unknown,
): Promise<{ ok: true; user: PublicUser } | Refusal> {
  const { codeKey } = phoneDepsOf(deps);
  const { userId } = auth;
  const input = validatePhoneCode(body);
  if (!input.ok) return refuse(400, input.code, input.error);
  const { phone, code } = input.value;
  if (!(await hasCode(deps.database.read, codeKey, phone))) {
    return codeRefusal({ ok: false, problem: 'code_expired' });
  }
  const account = await findUserById(deps.database.read, userId);
  if (!account) return refuse(401, 'not_signed_in');
  // Said before the password is asked for (and checked again in the write below).
  if (account.phoneVerifiedAt !== null && account.phone !== phone) {
    return refuse(409, 'phone_proved');
  }
  const confirmed = await confirmPassword(deps, account, asRecord(body).password, auth.address);
  if (!confirmed.ok) return confirmed;
  const at = timeOf(deps);
  let proved: Proved;
  try {
    proved = await deps.database.write(async (tx): Promise<Proved> => {
      const user = await findUserById(tx, userId);
      if (!user) return refuse(401, 'not_signed_in');
      // Checked before the code, so a refusal spends no try of it.
      if (user.phoneVerifiedAt !== null && user.phone !== phone) {
        return refuse(409, 'phone_proved');
      }
      const checked = await checkCode(tx, codeKey, phone, code, at);
      if (!checked.ok) return codeRefusal(checked);
      const holder = await findUserByProvedPhone(tx, phone);
      if (holder && holder.id !== userId) return refuse(409, 'phone_taken');
      await tx
        .update(users)
        .set({ phone, phoneVerifiedAt: user.phoneVerifiedAt ?? at, updatedAt: at })
        .where(eq(users.id, userId));
      await spendCode(tx, codeKey, phone);
      return { ok: true };
    });
  } catch (error) {
    // Another account proved the number between the look-up and the write (the unique index).
    if (isUniqueViolation(error)) return refuse(409, 'phone_taken');
    throw error;
  }
  if (!proved.ok) return proved;
  return { ok: true, user: await publicUserById(deps, userId) };
}

function asRecord(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
}
