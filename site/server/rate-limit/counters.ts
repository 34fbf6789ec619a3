import { inArray, lte } from 'drizzle-orm';
import type { Queryable } from '#db/client.ts';
import { rateLimitCounters } from '#db/schema/people.ts';
import type { EndpointLimit, Subject } from './limits';

/** One counter per endpoint, kind of subject and subject, e.g. `signup:address:10.1.2.3`. */
export function counterKey(endpoint: Pick<EndpointLimit, 'name'>, per: Subject, subject: string) {
  return `${endpoint.name}:${per}:${subject}`;
}

export interface CounterCheck {
  key: string;
  limit: number;
  windowMs: number;
}

export type Admission =
  | { ok: true }
  | {
      ok: false;
      /** Until the last full counter's window ends. */
      retryAfterMs: number;
      /** The full counters, each with the time until its window ends. */
      full: { key: string; retryAfterMs: number }[];
    };

/** Expired counters removed per admission: keeps the table to the keys in use, a little at a time. */
const PRUNE_BATCH = 20;

/**
 * Counts one request against every counter, or none when any is already full (so a refused request
 * does not eat the other counters' allowance). Run inside the write transaction: concurrent
 * requests are counted one after another, across every site process.
 */
export async function admit(
  tx: Queryable,
  checks: CounterCheck[],
  now: number,
): Promise<Admission> {
  const rows = await tx
    .select()
    .from(rateLimitCounters)
    .where(
      inArray(
        rateLimitCounters.key,
        checks.map((c) => c.key),
      ),
    );
  const current = new Map(rows.filter((r) => r.windowEndsAt > now).map((r) => [r.key, r]));

  const full = checks
    .filter((c) => (current.get(c.key)?.count ?? 0) >= c.limit)
    .map((c) => ({ key: c.key, retryAfterMs: current.get(c.key)!.windowEndsAt - now }));
  if (full.length > 0) {
    return { ok: false, retryAfterMs: Math.max(...full.map((c) => c.retryAfterMs)), full };
  }

  for (const check of checks) {
    const row = current.get(check.key);
    const next = row
      ? { count: row.count + 1, windowEndsAt: row.windowEndsAt }
      : { count: 1, windowEndsAt: now + check.windowMs };
    await tx
      .insert(rateLimitCounters)
      .values({ key: check.key, ...next })
      .onConflictDoUpdate({ target: rateLimitCounters.key, set: next });
  }
  await prune(tx, now);
  return { ok: true };
}

async function prune(tx: Queryable, now: number): Promise<void> {
  const expired = await tx
    .select({ key: rateLimitCounters.key })
    .from(rateLimitCounters)
    .where(lte(rateLimitCounters.windowEndsAt, now))
    .limit(PRUNE_BATCH);
  if (expired.length === 0) return;
  await tx.delete(rateLimitCounters).where(
    inArray(
      rateLimitCounters.key,
      expired.map((r) => r.key),
    ),
  );
}
