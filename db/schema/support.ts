// Support tickets with the operator's replies, and the audit log of every admin action that changes
// anything (append-only: rows are only ever inserted).
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

import { createdAt, id } from './columns';
import { users } from './people';

export const supportTopics = ['payment', 'game', 'account', 'other'] as const;
export type SupportTopic = (typeof supportTopics)[number];

/** The longest text a ticket, a reply and a reference may hold (the API refuses longer ones). */
export const SUPPORT_MESSAGE_MAX = 2_000;
export const SUPPORT_REPLY_MAX = 2_000;
export const SUPPORT_REFERENCE_MAX = 100;

export const supportTicketStatuses = ['open', 'answered'] as const;

export const supportTickets = sqliteTable(
  'support_tickets',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    topic: text('topic', { enum: supportTopics }).notNull(),
    message: text('message').notNull(),
    /** A payment id or a room id the person asked about. */
    reference: text('reference'),
    status: text('status', { enum: supportTicketStatuses }).notNull().default('open'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull(),
    /** When the player last saw the ticket's replies (null: never); newer replies are unread. */
    repliesSeenAt: integer('replies_seen_at'),
  },
  (t) => [
    index('support_tickets_user').on(t.userId, t.createdAt),
    index('support_tickets_created').on(t.createdAt),
  ],
);

export const supportReplies = sqliteTable(
  'support_replies',
  {
    id: id(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => supportTickets.id),
    adminId: text('admin_id')
      .notNull()
      .references(() => users.id),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_replies_ticket').on(t.ticketId, t.createdAt)],
);

export const adminAudit = sqliteTable(
  'admin_audit',
  {
    /** A sequence, so "newest first" is exact. */
    id: integer('id').primaryKey({ autoIncrement: true }),
    adminId: text('admin_id')
      .notNull()
      .references(() => users.id),
    /** e.g. `support.reply`, `payment.reconcile`. */
    action: text('action').notNull(),
    /** The ticket, payment, … acted on. */
    target: text('target').notNull(),
    /** JSON text. */
    detail: text('detail').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [index('admin_audit_at').on(t.at)],
);
