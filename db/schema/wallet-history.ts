// What the user sees in the wallet history: one line per deposit, withdrawal, stake, refund, win.
import { paymentStatuses } from '#game/payment-vocabulary.ts';
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

import { createdAt, id, updatedAt } from './columns';
import { users } from './people';

export const userTransactionTypes = [
  'deposit',
  'withdrawal',
  'stake',
  'refund',
  'winnings',
] as const;
export type UserTransactionType = (typeof userTransactionTypes)[number];

export const userTransactions = sqliteTable(
  'user_transactions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: userTransactionTypes }).notNull(),
    /** Positive ngwee. */
    amount: integer('amount').notNull(),
    status: text('status', { enum: paymentStatuses }).notNull(),
    /** The payment id or the room id. */
    reference: text('reference').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_transactions_type_reference_user').on(t.type, t.reference, t.userId),
    index('user_transactions_history').on(t.userId, sql`${t.createdAt} desc`, t.id),
    check('user_transactions_amount_positive', sql`${t.amount} > 0`),
  ],
);
