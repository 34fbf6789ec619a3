// Responsible play: what a player consented to, the limits they set, the exclusions they chose.
// Append-only: a change is a new row, so the history can be exported and audited.
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

import { id } from './columns';
import { limitKinds } from '#game/payment-vocabulary.ts';
import { users } from './people';

export const consentKinds = ['adult', 'terms'] as const;
export type ConsentKind = (typeof consentKinds)[number];

/** One row per consent given: `adult` (18 or older) and `terms` (with the version accepted). */
export const consents = sqliteTable(
  'consents',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: consentKinds }).notNull(),
    /** The terms version accepted; null for `adult`. */
    version: text('version'),
    acceptedAt: integer('accepted_at').notNull(),
  },
  (t) => [index('consents_user_kind').on(t.userId, t.kind)],
);

/**
 * Every limit a player asked for. The one in force for a kind at time t is the latest row not
 * cancelled whose `effectiveAt` ≤ t; a later request cancels any change still waiting.
 */
export const playLimits = sqliteTable(
  'play_limits',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: limitKinds }).notNull(),
    /** Ngwee; null: no limit. */
    amount: integer('amount'),
    requestedAt: integer('requested_at').notNull(),
    effectiveAt: integer('effective_at').notNull(),
    cancelledAt: integer('cancelled_at'),
  },
  (t) => [
    index('play_limits_user_kind').on(t.userId, t.kind, t.effectiveAt),
    check('play_limits_amount_positive', sql`${t.amount} IS NULL OR ${t.amount} > 0`),
  ],
);

export const exclusionPeriods = ['24h', '7d', '30d', '180d', 'permanent'] as const;
export type ExclusionPeriod = (typeof exclusionPeriods)[number];

/** Self-exclusions, never shortened nor lifted: a longer one is a new row. */
export const selfExclusions = sqliteTable(
  'self_exclusions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period', { enum: exclusionPeriods }).notNull(),
    startedAt: integer('started_at').notNull(),
    /** Null: permanent. */
    until: integer('until'),
  },
  (t) => [index('self_exclusions_user').on(t.userId, t.startedAt)],
);

export const carriedExclusionDecisions = ['upheld', 'void'] as const;
export type CarriedExclusionDecision = (typeof carriedExclusionDecisions)[number];
/** The longest reason an operator may give for reviewing a carried exclusion. */
export const REVIEW_REASON_MAX = 500;

/**
 * A self-exclusion that outlives the erasure of its account: the running exclusion, keyed by a
 * SHA-256 digest of each email address and phone number the erased account proved. A new account
 * that proved any of them is excluded until the same time (docs/decisions/050 and 067). An operator
 * may review a disputed row: `void` stops it excluding anyone; `upheld` records that it stands.
 */
export const carriedExclusions = sqliteTable(
  'carried_exclusions',
  {
    id: id(),
    digest: text('digest').notNull(),
    period: text('period', { enum: exclusionPeriods }).notNull(),
    startedAt: integer('started_at').notNull(),
    /** Null: permanent. */
    until: integer('until'),
    carriedAt: integer('carried_at').notNull(),
    /** The operator's latest review (null: never reviewed); each review is also in the audit log. */
    reviewDecision: text('review_decision', { enum: carriedExclusionDecisions }),
    reviewReason: text('review_reason'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: integer('reviewed_at'),
  },
  (t) => [index('carried_exclusions_digest').on(t.digest)],
);
