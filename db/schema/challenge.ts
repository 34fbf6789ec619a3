// The daily challenge (decision 088): which practice rooms are a day's challenge, and each player's
// counted result of a day (the first finish). No money: nothing here touches the ledger.
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

import { bool } from './columns';
import { users } from './people';
import { rooms } from './rooms';

/** A practice room started as a day's challenge: its seed is that Lusaka day's. */
export const challengeGames = sqliteTable(
  'challenge_games',
  {
    roomId: text('room_id')
      .primaryKey()
      .references(() => rooms.roomId, { onDelete: 'cascade' }),
    /** The Lusaka date (`YYYY-MM-DD`) whose dice the room rolls. */
    date: text('date').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [index('challenge_games_user').on(t.userId)],
);

/** A player's counted result of a day: the first challenge game of that day they finished. */
export const challengeResults = sqliteTable(
  'challenge_results',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    date: text('date').notNull(),
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.roomId),
    netProfit: integer('net_profit').notNull(),
    /** Signed up when it finished (a guest's result counts for the streak, never the leaderboard). */
    ranked: bool('ranked').notNull(),
    /** JSON of `ChallengeDecisions` (game/challenge.ts), for the lesson's comparison. */
    decisions: text('decisions').notNull(),
    finishedAt: integer('finished_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.date] }),
    index('challenge_results_board').on(t.date, t.ranked, t.netProfit),
  ],
);
