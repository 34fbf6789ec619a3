// A self-exclusion outlives the erasure of its account: it is carried to whoever later proves one of
// the erased account's proved email addresses or phone numbers (db/proved-identities.ts). Only
// digests are kept, never the address or number itself, and only while an exclusion runs
// (docs/decisions/050-exclusion-outlives-erasure.md, 067-carry-only-proved-identities.md).
import { createHash } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from './client';
import type { Identities } from './proved-identities';
import {
  carriedExclusions,
  type CarriedExclusionDecision,
  type ExclusionPeriod,
} from './schema/responsible-play';

export interface RunningExclusion {
  until: number | null;
  startedAt: number;
  period: ExclusionPeriod;
}

export type IdentityKind = 'email' | 'phone';

/** The digest an identity is carried under: nothing readable of the address or number. */
export function identityDigest(kind: IdentityKind, value: string): string {
  const canonical = kind === 'email' ? value.trim().toLowerCase() : value.replace(/\D/g, '');
  return createHash('sha256').update(`exclusion:${kind}:${canonical}`).digest('hex');
}

export function identityDigests(identities: Identities): string[] {
  const out = new Set<string>();
  for (const email of identities.emails ?? []) if (email) out.add(identityDigest('email', email));
  for (const phone of identities.phones ?? []) if (phone) out.add(identityDigest('phone', phone));
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

const running = (now: number) =>
  and(
    lte(carriedExclusions.startedAt, now),
    or(isNull(carriedExclusions.until), gt(carriedExclusions.until, now)),
  );

/** Not voided by an operator's review. */
const inForce = or(
  isNull(carriedExclusions.reviewDecision),
  ne(carriedExclusions.reviewDecision, 'void'),
);

/**
 * The carried exclusion running at `now` for any of these identities, ending last; or null. Pass
 * only identities the account proved (and a deposit's own payer number): a typed one would let a
 * stranger's erased account exclude whoever the stranger named.
 */
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
    .where(and(inArray(carriedExclusions.digest, digests), running(now), inForce))
    .orderBy(sql`${carriedExclusions.until} IS NULL DESC`, desc(carriedExclusions.until))
    .get();
  return row ?? null;
}

/** Keeps `running` for each proved identity of an account about to be erased. Call in the erasing tx. */
export async function carryExclusion(
  tx: Queryable,
  exclusion: RunningExclusion,
  proved: Identities,
  now: number,
): Promise<void> {
  const digests = identityDigests(proved);
  if (digests.length === 0) return;
  await tx.insert(carriedExclusions).values(
    digests.map((value) => ({
      digest: value,
      period: exclusion.period,
      startedAt: exclusion.startedAt,
      until: exclusion.until,
      carriedAt: now,
    })),
  );
}

export type CarriedExclusionRow = typeof carriedExclusions.$inferSelect;

/** Every carried row, voided or not, still running at `now` under one of these digests. */
export function carriedExclusionRows(
  q: Queryable,
  digests: readonly string[],
  now: number,
): Promise<CarriedExclusionRow[]> {
  if (digests.length === 0) return Promise.resolve([]);
  return q
    .select()
    .from(carriedExclusions)
    .where(and(inArray(carriedExclusions.digest, [...digests]), running(now)))
    .orderBy(desc(carriedExclusions.carriedAt));
}

/** An operator's review of one carried row; the row as it now stands, or null when there is none. */
export async function reviewCarriedExclusion(
  tx: Queryable,
  review: {
    id: string;
    decision: CarriedExclusionDecision;
    reason: string;
    by: string;
    at: number;
  },
): Promise<CarriedExclusionRow | null> {
  const [row] = await tx
    .update(carriedExclusions)
    .set({
      reviewDecision: review.decision,
      reviewReason: review.reason,
      reviewedBy: review.by,
      reviewedAt: review.at,
    })
    .where(eq(carriedExclusions.id, review.id))
    .returning();
  return row ?? null;
}
