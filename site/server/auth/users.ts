import { ngweeToZmw } from '#game/ngwee.ts';
import { and, eq, isNotNull } from 'drizzle-orm';
import { accounts } from '#db/schema/ledger.ts';
import { users } from '#db/schema/people.ts';
import type { AuthConfig } from './config';
import type { Queryable } from '#db/client.ts';
import { playFieldsOf, type LimitsView } from '../responsible-play/service';

export type UserRow = typeof users.$inferSelect;

/** The API's `user` (docs/api.md): what any client may see. Never a password hash or a token. */
export interface PublicUser {
  id: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  /** The email was proved: its mail link was opened, a reset went through, or Google vouched. */
  emailVerified: boolean;
  /** `phone` was proved by an SMS code: the account signs in with it. */
  phoneVerified: boolean;
  /** ZMW with at most 2 decimals (the ledger keeps integer ngwee). */
  accountBalance: number;
  currentRoomId: string | null;
  isAdmin: boolean;
  isGuest: boolean;
  /** While a self-exclusion runs: when it ends (ISO), or `"permanent"`; null otherwise. */
  exclusionUntil: string | null;
  /** The play limits in force, in ZMW (null: none). */
  limits: LimitsView;
}

export function walletAccountId(userId: string): string {
  return `wallet:${userId}`;
}

export function isEmailVerified(user: Pick<UserRow, 'emailVerifiedAt' | 'email'>): boolean {
  return user.email !== null && user.emailVerifiedAt !== null;
}

/**
 * Admin by grant (`npm run admin`, which checks the account first) or by `ADMIN_EMAILS`, but the
 * list only for a proved email: anyone can type an address at sign-up. Guests never.
 */
export function hasAdminClaim(user: UserRow, config: Pick<AuthConfig, 'adminEmails'>): boolean {
  if (user.isGuest) return false;
  if (user.isAdmin) return true;
  return (
    isEmailVerified(user) &&
    user.email !== null &&
    config.adminEmails.includes(user.email.toLowerCase())
  );
}

export function isPhoneVerified(user: Pick<UserRow, 'phoneVerifiedAt' | 'phone'>): boolean {
  return user.phone !== null && user.phoneVerifiedAt !== null;
}

export async function walletBalanceNgwee(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(eq(accounts.id, walletAccountId(userId)));
  return row?.balance ?? 0;
}

export function toPublicUser(
  user: UserRow,
  balanceNgwee: number,
  config: Pick<AuthConfig, 'adminEmails'>,
  play: Pick<PublicUser, 'exclusionUntil' | 'limits'>,
): PublicUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? '',
    email: user.email ?? '',
    emailVerified: isEmailVerified(user),
    phoneVerified: isPhoneVerified(user),
    accountBalance: ngweeToZmw(balanceNgwee),
    currentRoomId: user.currentRoomId ?? null,
    isAdmin: hasAdminClaim(user, config),
    isGuest: user.isGuest,
    exclusionUntil: play.exclusionUntil,
    limits: play.limits,
  };
}

export async function loadPublicUser(
  db: Queryable,
  user: UserRow,
  config: Pick<AuthConfig, 'adminEmails'>,
  now: number = Date.now(),
): Promise<PublicUser> {
  const [balance, play] = await Promise.all([
    walletBalanceNgwee(db, user.id),
    playFieldsOf(db, user.id, now),
  ]);
  return toPublicUser(user, balance, config, play);
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row ?? null;
}

/** The account that proved this (local) number by an SMS code; at most one can (a unique index). */
export async function findUserByProvedPhone(db: Queryable, phone: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), isNotNull(users.phoneVerifiedAt)));
  return row ?? null;
}

export async function findUserByGoogleSub(db: Queryable, subject: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.googleSub, subject));
  return row ?? null;
}

export interface NewUser {
  firstName: string;
  lastName: string;
  /** Null until the profile is complete (Google sign-up) and for guests. */
  phone: string | null;
  /** Null for guests and for a phone sign-up that gave none. */
  email: string | null;
  passwordHash: string | null;
  isGuest?: boolean;
  googleSub?: string | null;
  /** Set when the address is already proved (Google said so). */
  emailVerifiedAt?: number | null;
  /** Set when the phone is proved (an SMS code). */
  phoneVerifiedAt?: number | null;
}

export async function insertUser(db: Queryable, input: NewUser, now: number): Promise<UserRow> {
  const id = crypto.randomUUID();
  const [row] = await db
    .insert(users)
    .values({
      id,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      email: input.email?.toLowerCase() ?? null,
      passwordHash: input.passwordHash,
      isAdmin: false,
      isGuest: input.isGuest ?? false,
      googleSub: input.googleSub ?? null,
      emailVerifiedAt: input.emailVerifiedAt ?? null,
      phoneVerifiedAt: input.phoneVerifiedAt ?? null,
      currentRoomId: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('user insert returned no row');
  return row;
}
