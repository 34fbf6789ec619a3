// People and sessions: users, sessions and their rooms, mail tokens, SMS codes, login throttle,
// rate-limit counters.
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

import { bool, createdAt, id, updatedAt } from './columns';

export const users = sqliteTable(
  'users',
  {
    id: id(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** Local 10-digit Zambian number; null until the profile is complete (Google sign-up). */
    phone: text('phone'),
    /**
     * When `phone` was proved by an SMS code (sign-up or sign-in by phone): the number then signs
     * this account in. Null while the number is only typed.
     */
    phoneVerifiedAt: integer('phone_verified_at'),
    /** Always lower-cased; null for guests and for a phone sign-up that gave none. */
    email: text('email'),
    /** Null for Google and guest users. */
    passwordHash: text('password_hash'),
    isAdmin: bool('is_admin').notNull().default(false),
    isGuest: bool('is_guest').notNull().default(false),
    googleSub: text('google_sub'),
    /** When the email was proved (its mail link, a password reset, or Google's verified email). */
    emailVerifiedAt: integer('email_verified_at'),
    currentRoomId: text('current_room_id'),
    /** When the person erased the account: the row stays as the ledger's pseudonym. */
    erasedAt: integer('erased_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_google_sub_unique').on(t.googleSub),
    // One account at most holds a number it proved (a typed number binds nobody).
    uniqueIndex('users_proved_phone_unique')
      .on(t.phone)
      .where(sql`${t.phoneVerifiedAt} IS NOT NULL`),
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

/**
 * The live sign-in code of a phone number (at most one: a new one replaces it). Neither the number
 * nor the code is stored: both only as HMACs under a key of their own (site/server/auth/phone-codes.ts).
 */
export const phoneCodes = sqliteTable(
  'phone_codes',
  {
    /** HMAC of the local number. */
    phoneDigest: text('phone_digest').primaryKey(),
    /** HMAC of the number and the code. */
    codeHash: text('code_hash').notNull(),
    /** Wrong codes tried against this one. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: integer('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('phone_codes_expires_at').on(t.expiresAt)],
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
