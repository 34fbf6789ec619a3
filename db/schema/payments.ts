// Mobile-money payments: payment requests, every status report, the sandbox provider's own state.
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

import { createdAt, id, updatedAt } from './columns';
import {
  operators,
  paymentKinds,
  paymentStatuses,
  providerNames,
} from '#game/payment-vocabulary.ts';
import { users } from './people';

export const paymentEventSources = [
  'initiation',
  'callback',
  'status_check',
  'reconciler',
] as const;
export type PaymentEventSource = (typeof paymentEventSources)[number];

export const paymentRequests = sqliteTable(
  'payment_requests',
  {
    /** The UUIDv4 sent to the provider as depositId / payoutId. */
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: paymentKinds }).notNull(),
    provider: text('provider', { enum: providerNames }).notNull(),
    providerRef: text('provider_ref'),
    /** Local 10-digit number. */
    phone: text('phone').notNull(),
    operator: text('operator', { enum: operators }).notNull(),
    amount: integer('amount').notNull(),
    status: text('status', { enum: paymentStatuses }).notNull().default('pending'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When the reconciler last asked the provider; null until it has. */
    lastCheckedAt: integer('last_checked_at'),
  },
  (t) => [
    index('payment_requests_status_checked').on(t.status, t.lastCheckedAt),
    index('payment_requests_user_id').on(t.userId),
    check('payment_requests_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const paymentEvents = sqliteTable(
  'payment_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    paymentId: text('payment_id')
      .notNull()
      .references(() => paymentRequests.id),
    /** The provider's status as received (COMPLETED, FAILED, PROCESSING, ...). */
    status: text('status').notNull(),
    source: text('source', { enum: paymentEventSources }).notNull(),
    /** JSON text of what the provider sent. */
    payload: text('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payment_events_payment_id').on(t.paymentId)],
);

/** The built-in sandbox provider's own state, so pending sandbox payments survive a restart. */
export const sandboxPayments = sqliteTable(
  'sandbox_payments',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['deposit', 'payout'] }).notNull(),
    msisdn: text('msisdn').notNull(),
    /** As the provider sees it: a decimal string such as "15" or "15.5". */
    amount: text('amount').notNull(),
    status: text('status').notNull(),
    failureCode: text('failure_code'),
    createdAt: createdAt(),
    completesAt: integer('completes_at').notNull(),
    callbackDeliveredAt: integer('callback_delivered_at'),
  },
  (t) => [index('sandbox_payments_due').on(t.callbackDeliveredAt, t.completesAt)],
);
