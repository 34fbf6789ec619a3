// A self-exclusion outlives the erasure of its account: it is carried to whoever signs up again with
// one of the erased account's email addresses or phone numbers. Only digests are kept, never the
// address or number itself, and only while an exclusion runs (docs/decisions/050-exclusion-outlives-erasure.md).
import { createHash } from 'node:crypto';
import { and, desc, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Queryable } from './client';
import { carriedExclusions, type ExclusionPeriod } from './schema';

export interface RunningExclusion {
  until: number | null;
  startedAt: number;
  period: ExclusionPeriod;
}

/** The identities a person can be known by here: their email addresses and phone numbers. */
export interface Identities {
  emails?: readonly (string | null | undefined)[];
  phones?: readonly (string | null | undefined)[];
}

function digest(kind: 'email' | 'phone', value: string): string {
  const canonical = kind === 'email' ? value.trim().toLowerCase() : value.replace(/\D/g, '');
  return createHash('sha256').update(`exclusion:${kind}:${canonical}`).digest('hex');
}

export function identityDigests(identities: Identities): string[] {
  const out = new Set<string>();
  for (const email of identities.emails ?? []) if (email) out.add(digest('email', email));
  for (const phone of identities.phones ?? []) if (phone) out.add(digest('phone', phone));
  return [...out];
}

/** The ending-last of two running exclusions (a permanent one first). */
export function laterExclusion(
  a: RunningExclusion | null,
  b: RunningExclusion | null,
): RunningExclusion | null {
  if (!a || !b) return a ?? b;
  if (a.until === null) return a;
  if (b.until === null) return b;
  return a.until >= b.until ? a : b;
}

/** The carried exclusion running at `now` for any of these identities, ending last; or null. */
export async function carriedExclusion(
  q: Queryable,
  identities: Identities,
  now: number,
): Promise<RunningExclusion | null> {
  const digests = identityDigests(identities);
  if (digests.length === 0) return null;
  const row = await q
    .select({
      until: carriedExclusions.until,
      startedAt: carriedExclusions.startedAt,
      period: carriedExclusions.period,
    })
    .from(carriedExclusions)
    .where(
      and(
        inArray(carriedExclusions.digest, digests),
        lte(carriedExclusions.startedAt, now),
        or(isNull(carriedExclusions.until), gt(carriedExclusions.until, now)),
      ),
    )
    .orderBy(sql`${carriedExclusions.until} IS NULL DESC`, desc(carriedExclusions.until))
    .get();
  return row ?? null;
}

/** Keeps `running` for each identity of an account about to be erased. Call in the erasing tx. */
export async function carryExclusion(
  tx: Queryable,
  running: RunningExclusion,
  identities: Identities,
  now: number,
): Promise<void> {
  const digests = identityDigests(identities);
  if (digests.length === 0) return;
  await tx.insert(carriedExclusions).values(
    digests.map((value) => ({
      digest: value,
      period: running.period,
      startedAt: running.startedAt,
      until: running.until,
      carriedAt: now,
    })),
  );
}
