// The operator's view: revenue per room, running totals, recorded errors, and the readiness probe's
// proof that the database takes a write.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

import { id } from './columns';

export const adminRevenue = sqliteTable(
  'admin_revenue',
  {
    id: id(),
    roomId: text('room_id').notNull(),
    /** The system's share, in ngwee. */
    amount: integer('amount').notNull(),
    totalPot: integer('total_pot').notNull(),
    numberOfPlayers: integer('number_of_players').notNull(),
    timestamp: integer('timestamp').notNull(),
  },
  (t) => [
    uniqueIndex('admin_revenue_room_id').on(t.roomId),
    index('admin_revenue_timestamp').on(t.timestamp),
  ],
);

export const adminTotals = sqliteTable('admin_totals', {
  /** 'totalRevenue'. */
  key: text('key').primaryKey(),
  total: integer('total').notNull().default(0),
  lastUpdated: integer('last_updated').notNull(),
});

export const adminErrors = sqliteTable(
  'admin_errors',
  {
    id: id(),
    message: text('message').notNull(),
    /** JSON text. */
    details: text('details'),
    roomId: text('room_id'),
    timestamp: integer('timestamp').notNull(),
  },
  (t) => [index('admin_errors_timestamp').on(t.timestamp)],
);

/**
 * One row per probe, rewritten by each readiness check (`GET /readyz`): a committed write through
 * the one write queue proves the disk and the queue take one.
 */
export const opsProbes = sqliteTable('ops_probes', {
  name: text('name').primaryKey(),
  at: integer('at').notNull(),
});
