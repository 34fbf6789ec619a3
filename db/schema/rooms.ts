// Rooms and games: rooms, their seats, finished-game records and each player's game history.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';

import { bool, createdAt, id } from './columns';
import { users } from './people';

export const roomPrivacies = ['Public', 'Private'] as const;
export type RoomPrivacy = (typeof roomPrivacies)[number];
export const roomStatuses = ['waiting', 'countdown', 'active', 'ended', 'closed'] as const;
export type RoomStatus = (typeof roomStatuses)[number];

export const rooms = sqliteTable(
  'rooms',
  {
    roomId: text('room_id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    roomName: text('room_name').notNull(),
    hostId: text('host_id')
      .notNull()
      .references(() => users.id),
    /** The stake per player, in ngwee. */
    amount: integer('amount').notNull(),
    timeMinutes: integer('time_minutes').notNull(),
    maxPlayers: integer('max_players').notNull(),
    privacy: text('privacy', { enum: roomPrivacies }).notNull(),
    isActive: bool('is_active').notNull().default(true),
    status: text('status', { enum: roomStatuses }).notNull().default('waiting'),
    /** Secret until the game ends. */
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: integer('expires_at').notNull(),
    closedAt: integer('closed_at'),
    settledAt: integer('settled_at'),
    /** The rematch room of this finished game (the same players' next game), once one asked. */
    rematchRoomId: text('rematch_room_id'),
    /** A practice game against bots: no stake, no ledger, never listed (contract section 7). */
    practice: bool('practice').notNull().default(false),
  },
  (t) => [
    index('rooms_listing').on(t.isActive, t.privacy, t.status),
    index('rooms_expires_at').on(t.expiresAt),
    check(
      'rooms_amount_positive',
      sql`(${t.practice} = 0 AND ${t.amount} > 0) OR (${t.practice} = 1 AND ${t.amount} = 0)`,
    ),
    check('rooms_max_players', sql`${t.maxPlayers} BETWEEN 2 AND 6`),
  ],
);

export const roomSeats = sqliteTable(
  'room_seats',
  {
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.roomId, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    seatIndex: integer('seat_index').notNull(),
    clientSeed: text('client_seed'),
    joinedAt: integer('joined_at')
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    uniqueIndex('room_seats_room_seat_index').on(t.roomId, t.seatIndex),
    index('room_seats_user_id').on(t.userId),
  ],
);

/** The bots seated in a practice room, after its one player (uids `bot:…`, not users). */
export const roomBots = sqliteTable(
  'room_bots',
  {
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.roomId, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    name: text('name').notNull(),
    seatIndex: integer('seat_index').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.uid] }),
    check('room_bots_uid', sql`${t.uid} LIKE 'bot:%'`),
  ],
);

export const gameResults = sqliteTable('game_results', {
  roomId: text('room_id')
    .primaryKey()
    .references(() => rooms.roomId),
  /** JSON text of the finished game (docs/api.md, `GET /api/games/:roomId`). */
  record: text('record').notNull(),
  settledAt: integer('settled_at').notNull(),
});

export const gameOutcomes = ['won', 'lost', 'tied'] as const;
export type GameOutcome = (typeof gameOutcomes)[number];

export const gameHistory = sqliteTable(
  'game_history',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.roomId),
    result: text('result', { enum: gameOutcomes }).notNull(),
    /** Ngwee received from the pot (0 for a loss). */
    prize: integer('prize').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('game_history_user_room').on(t.userId, t.roomId),
    index('game_history_user_created').on(t.userId, t.createdAt),
  ],
);
