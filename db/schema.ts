// The database schema. Ids are text UUIDs (append-only logs use an integer sequence so their order
// is exact), times are integer milliseconds since the epoch, real money is integer ngwee.
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

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const createdAt = () =>
  integer('created_at')
    .notNull()
    .$defaultFn(() => Date.now());
const updatedAt = () =>
  integer('updated_at')
    .notNull()
    .$defaultFn(() => Date.now());
const bool = (name: string) => integer(name, { mode: 'boolean' });

// ---------------------------------------------------------------------------------------------
// People and sessions

export const users = sqliteTable(
  'users',
  {
    id: id(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** Local 10-digit Zambian number; null until the profile is complete (Google sign-up). */
    phone: text('phone'),
    /** Always lower-cased; null only for guests. */
    email: text('email'),
    /** Null for Google and guest users. */
    passwordHash: text('password_hash'),
    isAdmin: bool('is_admin').notNull().default(false),
    isGuest: bool('is_guest').notNull().default(false),
    googleSub: text('google_sub'),
    /** When the email was proved (its mail link, a password reset, or Google's verified email). */
    emailVerifiedAt: integer('email_verified_at'),
    currentRoomId: text('current_room_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_google_sub_unique').on(t.googleSub),
    check('users_email_lower_case', sql`${t.email} IS NULL OR ${t.email} = lower(${t.email})`),
  ],
);

export const sessions = sqliteTable(
  'sessions',
  {
    /** Hex SHA-256 of the session token; the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_id').on(t.userId)],
);

/**
 * The rooms a session got socket tickets for, so that its sign-out reaches those room servers (to
 * close its sockets and refuse its tickets). One row per session and room; gone with the session.
 */
export const sessionRooms = sqliteTable(
  'session_rooms',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    roomId: text('room_id').notNull(),
    lastTicketAt: integer('last_ticket_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.roomId] })],
);

export const emailTokenPurposes = ['verify_email', 'reset_password'] as const;
export type EmailTokenPurpose = (typeof emailTokenPurposes)[number];

/** Single-use links sent by mail. */
export const emailTokens = sqliteTable(
  'email_tokens',
  {
    /** Hex SHA-256 of the token; the token itself is only in the mail. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: emailTokenPurposes }).notNull(),
    /** The address the link went to: it proves that address only. */
    email: text('email').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_purpose').on(t.userId, t.purpose)],
);

export const loginThrottle = sqliteTable('login_throttle', {
  /** `acct:<email>` or `ip:<addr>`. */
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: integer('last_failure_at').notNull(),
  blockedUntil: integer('blocked_until'),
});

/** Fixed-window request counters of the rate limiter (`site/server/rate-limit/`). */
export const rateLimitCounters = sqliteTable(
  'rate_limit_counters',
  {
    /** `<endpoint>:<who>:<subject>`, e.g. `signup:address:10.1.2.3`. */
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    /** When the window ends (ms epoch); the next request after it starts a new one. */
    windowEndsAt: integer('window_ends_at').notNull(),
  },
  (t) => [index('rate_limit_counters_window_ends_at').on(t.windowEndsAt)],
);

// ---------------------------------------------------------------------------------------------
// The double-entry ledger

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

// ---------------------------------------------------------------------------------------------
// Mobile-money payments

export const paymentKinds = ['deposit', 'withdrawal'] as const;
export type PaymentKind = (typeof paymentKinds)[number];
export const paymentProviders = ['sandbox', 'pawapay'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];
export const operators = ['mtn', 'airtel', 'zamtel'] as const;
export type Operator = (typeof operators)[number];
export const paymentStatuses = ['pending', 'completed', 'failed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
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
    provider: text('provider', { enum: paymentProviders }).notNull(),
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

// ---------------------------------------------------------------------------------------------
// What the user sees in the wallet history

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

// ---------------------------------------------------------------------------------------------
// Rooms and games

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
  },
  (t) => [
    index('rooms_listing').on(t.isActive, t.privacy, t.status),
    index('rooms_expires_at').on(t.expiresAt),
    check('rooms_amount_positive', sql`${t.amount} > 0`),
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

// ---------------------------------------------------------------------------------------------
// Operator's view

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
