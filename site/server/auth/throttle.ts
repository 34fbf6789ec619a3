import { eq, inArray } from 'drizzle-orm';
import { loginThrottle } from '../../../db/schema';
import type { Database, Queryable } from '../../../db/client';
import {
  accountPolicy,
  addressPolicy,
  afterFailure,
  remainingBlockMs,
  type ThrottlePolicy,
  type ThrottleState,
} from './throttle-policy';

/** Who is trying: the account named in the attempt and the address it came from. */
export interface LoginAttempt {
  email: string;
  address: string;
}

interface ThrottleKey {
  key: string;
  policy: ThrottlePolicy;
}

function keysOf(attempt: LoginAttempt): ThrottleKey[] {
  return [
    { key: `acct:${attempt.email.toLowerCase()}`, policy: accountPolicy },
    { key: `ip:${attempt.address}`, policy: addressPolicy },
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

/** Milliseconds the attempt must still wait (0 = go ahead). The state lives in the database so
 * it holds across restarts and across every site process. */
export async function loginBlockedForMs(
  database: Database,
  attempt: LoginAttempt,
  now: number,
): Promise<number> {
  const keys = keysOf(attempt);
  const states = await readStates(
    database.read,
    keys.map((k) => k.key),
  );
  return Math.max(...keys.map((k) => remainingBlockMs(states.get(k.key) ?? null, now)));
}

export async function recordLoginFailure(
  database: Database,
  attempt: LoginAttempt,
  now: number,
): Promise<void> {
  const keys = keysOf(attempt);
  await database.write(async (tx) => {
    const states = await readStates(
      tx,
      keys.map((k) => k.key),
    );
    for (const { key, policy } of keys) {
      const next = afterFailure(policy, states.get(key) ?? null, now);
      await tx
        .insert(loginThrottle)
        .values({ key, ...next })
        .onConflictDoUpdate({ target: loginThrottle.key, set: next });
    }
  });
}

/** A correct password clears the account's record; the address keeps its own history. */
export async function resetAccountThrottle(db: Queryable, email: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, `acct:${email.toLowerCase()}`));
}
