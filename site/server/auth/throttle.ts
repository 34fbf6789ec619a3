import { eq, inArray } from 'drizzle-orm';
import { loginThrottle } from '#db/schema/people.ts';
import type { Database, Queryable } from '#db/client.ts';
import {
  accountPolicy,
  addressPolicy,
  afterFailure,
  remainingBlockMs,
  withoutOneFailure,
  type ThrottlePolicy,
  type ThrottleState,
} from './throttle-policy';

/** Who is trying: the account named in the attempt and the (grouped) address it came from. */
export interface LoginAttempt {
  email: string;
  address: string;
}

interface ThrottleKey {
  key: string;
  policy: ThrottlePolicy;
}

const accountKey = (email: string) => `acct:${email.toLowerCase()}`;
const addressKey = (address: string) => `ip:${address}`;

function keysOf(attempt: LoginAttempt): ThrottleKey[] {
  return [
    { key: accountKey(attempt.email), policy: accountPolicy },
    { key: addressKey(attempt.address), policy: addressPolicy },
  ];
}

async function readStates(db: Queryable, keys: string[]): Promise<Map<string, ThrottleState>> {
  const rows = await db.select().from(loginThrottle).where(inArray(loginThrottle.key, keys));
  return new Map(
    rows.map((row) => [
      row.key,
      {
        failures: row.failures,
        lastFailureAt: row.lastFailureAt,
        blockedUntil: row.blockedUntil ?? row.lastFailureAt,
      },
    ]),
  );
}

async function saveState(db: Queryable, key: string, state: ThrottleState): Promise<void> {
  await db
    .insert(loginThrottle)
    .values({ key, ...state })
    .onConflictDoUpdate({ target: loginThrottle.key, set: state });
}

export type LoginReservation = { ok: true } | { ok: false; waitMs: number };

/**
 * Checks the block and counts the attempt as a failure in one write transaction, before any
 * password is hashed: a burst of attempts then meets exactly the answers a sequence would, and
 * checks no more passwords than a sequence may. A right password gives the failure back
 * (`releaseLoginAttempt`). The state lives in the database, so it holds across restarts and across
 * every site process.
 */
export function reserveLoginAttempt(
  database: Database,
  attempt: LoginAttempt,
  now: number,
): Promise<LoginReservation> {
  const keys = keysOf(attempt);
  return database.write(async (tx) => {
    const states = await readStates(
      tx,
      keys.map((k) => k.key),
    );
    const waitMs = Math.max(...keys.map((k) => remainingBlockMs(states.get(k.key) ?? null, now)));
    if (waitMs > 0) return { ok: false, waitMs };
    for (const { key, policy } of keys) {
      await saveState(tx, key, afterFailure(policy, states.get(key) ?? null, now));
    }
    return { ok: true };
  });
}

/** The account starts again from zero (a right password, or a password reset). */
export async function clearAccountThrottle(db: Queryable, email: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, accountKey(email)));
}

/** A right password: the account starts again from zero, the address gets its failure back. */
export function releaseLoginAttempt(
  database: Database,
  attempt: LoginAttempt,
  now: number,
): Promise<void> {
  const key = addressKey(attempt.address);
  return database.write(async (tx) => {
    await clearAccountThrottle(tx, attempt.email);
    const state = (await readStates(tx, [key])).get(key);
    if (!state) return;
    const back = withoutOneFailure(addressPolicy, state, now);
    if (back) await saveState(tx, key, back);
    else await tx.delete(loginThrottle).where(eq(loginThrottle.key, key));
  });
}
