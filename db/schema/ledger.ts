// The double-entry ledger: accounts, transfers and their postings (signed integer ngwee).
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

import { bool, createdAt, id } from './columns';
import { users } from './people';

export const accountKinds = ['wallet', 'hold', 'escrow', 'revenue', 'clearing'] as const;
export type AccountKind = (typeof accountKinds)[number];

export const accounts = sqliteTable(
  'accounts',
  {
    /** `wallet:<uid>`, `hold:<uid>`, `escrow:<roomId>`, `system:revenue`, `system:clearing:<provider>`. */
    id: text('id').primaryKey(),
    kind: text('kind', { enum: accountKinds }).notNull(),
    userId: text('user_id').references(() => users.id),
    /** Cached sum of the account's postings, in ngwee. */
    balance: integer('balance').notNull().default(0),
    /** Only clearing accounts: they mirror money owed by or to the provider. */
    mayGoNegative: bool('may_go_negative').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('accounts_user_id').on(t.userId),
    check('accounts_balance_non_negative', sql`${t.mayGoNegative} = 1 OR ${t.balance} >= 0`),
  ],
);

export const transferReasons = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_paid',
  'withdrawal_returned',
  'stake',
  'refund',
  'winnings',
  'revenue',
] as const;
export type TransferReason = (typeof transferReasons)[number];

export const transfers = sqliteTable(
  'transfers',
  {
    id: id(),
    idempotencyKey: text('idempotency_key').notNull(),
    reason: text('reason', { enum: transferReasons }).notNull(),
    /** The payment id or the room id the transfer belongs to. */
    reference: text('reference').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('transfers_idempotency_key_unique').on(t.idempotencyKey),
    index('transfers_reference').on(t.reference),
  ],
);

export const postings = sqliteTable(
  'postings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    transferId: text('transfer_id')
      .notNull()
      .references(() => transfers.id),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    /** Signed ngwee: negative leaves the account, positive enters it. */
    amount: integer('amount').notNull(),
  },
  (t) => [
    index('postings_transfer_id').on(t.transferId),
    index('postings_account_id').on(t.accountId),
    check('postings_amount_non_zero', sql`${t.amount} <> 0`),
  ],
);
