// Carried exclusions for the operator (decision 067): the rows that match one person's identities,
// which of them block (an identity the person proved) and which are only a hint (one they typed),
// and the review of a disputed row: `void` (it excludes nobody from now on) or `upheld`, always
// with a reason, written to the audit log in the same transaction. The player has no such path.
import type { Database, Queryable } from '#db/client.ts';
import {
  carriedExclusionRows,
  identityDigest,
  reviewCarriedExclusion,
  type CarriedExclusionRow,
  type IdentityKind,
} from '#db/carried-exclusions.ts';
import { accountIdentities } from '#db/proved-identities.ts';
import {
  carriedExclusionDecisions,
  REVIEW_REASON_MAX,
  type CarriedExclusionDecision,
} from '#db/schema/responsible-play.ts';
import { refuse, type Refusal } from '../api/refusals';
import { recordAudit } from './audit';

/** How the person's identity met the row: proved ones block, typed ones are a hint. */
export type CarriedMatch =
  'email' | 'payer_number' | 'sign_in_phone' | 'unproved_email' | 'profile_phone';

const BLOCKING: ReadonlySet<CarriedMatch> = new Set(['email', 'payer_number', 'sign_in_phone']);

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function rowView(row: CarriedExclusionRow) {
  return {
    id: row.id,
    period: row.period,
    startedAt: new Date(row.startedAt).toISOString(),
    until: iso(row.until),
    carriedAt: new Date(row.carriedAt).toISOString(),
    review:
      row.reviewDecision === null
        ? null
        : {
            decision: row.reviewDecision,
            reason: row.reviewReason ?? '',
            by: row.reviewedBy ?? '',
            at: iso(row.reviewedAt),
          },
  };
}

export type CarriedExclusionView = ReturnType<typeof rowView> & {
  matchedBy: CarriedMatch;
  /** Matched by an identity the person proved and not voided: it refuses their deposits and stakes. */
  blocking: boolean;
};

/** The running carried rows matching the person's identities, with how each matched. */
export async function carriedExclusionsFor(
  db: Queryable,
  userId: string,
  now: number,
): Promise<CarriedExclusionView[]> {
  const identities = await accountIdentities(db, userId);
  const matches = new Map<string, CarriedMatch>();
  const add = (kind: IdentityKind, values: readonly string[], match: CarriedMatch) => {
    for (const value of values) {
      const digest = identityDigest(kind, value);
      if (!matches.has(digest)) matches.set(digest, match);
    }
  };
  // Proved first: an identity both proved and typed counts as proved.
  add('email', identities.proved.emails, 'email');
  if (identities.signInPhone) add('phone', [identities.signInPhone], 'sign_in_phone');
  add('phone', identities.proved.phones, 'payer_number');
  add('email', identities.typed.emails, 'unproved_email');
  add('phone', identities.typed.phones, 'profile_phone');
  const rows = await carriedExclusionRows(db, [...matches.keys()], now);
  return rows.map((row) => {
    const matchedBy = matches.get(row.digest)!;
    return {
      ...rowView(row),
      matchedBy,
      blocking: BLOCKING.has(matchedBy) && row.reviewDecision !== 'void',
    };
  });
}

export type ReviewOutcome = { ok: true; carriedExclusion: ReturnType<typeof rowView> } | Refusal;

function checkReview(
  body: unknown,
): { ok: true; decision: CarriedExclusionDecision; reason: string } | Refusal {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const decision = carriedExclusionDecisions.find((d) => d === b.decision);
  if (!decision) return refuse(400, 'invalid_decision');
  const reason = typeof b.reason === 'string' ? b.reason.trim() : '';
  if (!reason) return refuse(400, 'reason_required');
  if (reason.length > REVIEW_REASON_MAX) {
    return refuse(400, 'reason_too_long');
  }
  return { ok: true, decision, reason };
}

/** `POST /api/admin/carried-exclusions/:id/review` `{decision, reason}`: the row and its audit row. */
export async function reviewForAdmin(
  database: Database,
  id: string,
  adminId: string,
  body: unknown,
  now: number,
): Promise<ReviewOutcome> {
  const checked = checkReview(body);
  if (!checked.ok) return checked;
  return database.write(async (tx): Promise<ReviewOutcome> => {
    const row = await reviewCarriedExclusion(tx, {
      id,
      decision: checked.decision,
      reason: checked.reason,
      by: adminId,
      at: now,
    });
    if (!row) {
      return refuse(404, 'carried_exclusion_not_found');
    }
    await recordAudit(tx, {
      adminId,
      action: 'exclusion.review',
      target: id,
      detail: { decision: checked.decision, reason: checked.reason },
      at: now,
    });
    return { ok: true, carriedExclusion: rowView(row) };
  });
}
