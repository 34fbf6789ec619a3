// The one way a password is checked, for every purpose: signing in, and confirming the person before
// a password change, a Google link or the erasure of the account. The attempt is reserved against
// the account's lock and the address's allowance first (throttle.ts, decision 015), so every check
// of an account, whatever the route, counts towards the same lock; argon2 then runs through the
// bounded, fair queue (password-work.ts); a right password gives the reservation back.
import { RATE_LIMITED } from '#site/shared/rate-limited.ts';
import type { AuthDeps } from './config';
import { authMessages as m } from '#site/shared/auth-messages.ts';
import { refuse, type Refusal } from '../api/refusals';
import { refusalWords } from '../api/refusal-words';
import { PasswordWorkBusyError } from './password-work';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { releaseLoginAttempt, reserveLoginAttempt } from './throttle';
import { timeOf } from '../clock';

/** A 429 `rate_limited` that says how long to wait (and `Retry-After`). */
export function tooManyAttempts(waitMs: number): Refusal {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return {
    ...refuse(429, RATE_LIMITED, refusalWords(RATE_LIMITED, m.tooManyLogins, seconds)),
    retryAfterSeconds: seconds,
  };
}

/** The answer when the argon2 queue is full: try again in a second. */
const BUSY_WAIT_MS = 1000;

export interface PasswordAttempt {
  /** The account's throttle key: its email (as typed at log-in), else `user:<id>`. */
  account: string;
  /** The grouped client address (`clientAddress(req)`). */
  address: string;
  /** The stored hash; null for an unknown account or one without a password (a dummy check). */
  passwordHash: string | null;
  password: string;
}

export type PasswordCheck = { ok: true } | { ok: false; wrong: true } | Refusal;

export async function checkPassword(
  deps: Pick<AuthDeps, 'database' | 'clock'>,
  attempt: PasswordAttempt,
): Promise<PasswordCheck> {
  const now = () => timeOf(deps);
  const key = { email: attempt.account, address: attempt.address };
  const reservation = await reserveLoginAttempt(deps.database, key, now());
  if (!reservation.ok) return tooManyAttempts(reservation.waitMs);
  let right: boolean;
  try {
    right = attempt.passwordHash
      ? await verifyPassword(attempt.passwordHash, attempt.password, attempt)
      : await verifyAgainstDummy(attempt.password, attempt);
  } catch (error) {
    // The failure stays counted: a refused check errs towards caution, never towards more guesses.
    if (error instanceof PasswordWorkBusyError) return tooManyAttempts(BUSY_WAIT_MS);
    throw error;
  }
  if (!right) return { ok: false, wrong: true };
  await releaseLoginAttempt(deps.database, key, now());
  return { ok: true };
}

/** Hashes a new password through the queue; a full queue answers 429 instead. */
export async function hashNewPassword(
  password: string,
  address: string,
): Promise<{ ok: true; passwordHash: string } | Refusal> {
  try {
    return { ok: true, passwordHash: await hashPassword(password, { address }) };
  } catch (error) {
    if (error instanceof PasswordWorkBusyError) return tooManyAttempts(BUSY_WAIT_MS);
    throw error;
  }
}
