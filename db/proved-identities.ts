// What an account has proved it holds, as opposed to what it merely typed. Anyone can type anyone's
// email or phone number; an identity counts as the account's own only once its holder proved it:
// an email by its mail link, a password reset or Google's verified email (`emailVerifiedAt`), a
// mobile-money number by a deposit from it that completed (its owner approved the prompt with the
// PIN). Withdrawals go only to proved numbers (decision 018) and a self-exclusion is carried, and
// matched, only on proved identities (decisions 050, 067). This module is the one place that decides
// what counts: when sign-up by SMS code proves a profile phone, `provedIdentities` adds it here.
import type { Operator } from '#game/payment-vocabulary.ts';
import { and, asc, desc, eq, max } from 'drizzle-orm';
import type { Queryable } from './client';
import { paymentRequests } from './schema/payments';
import { users } from './schema/people';

/** The identities a person can be known by here: their email addresses and phone numbers. */
export interface Identities {
  emails?: readonly (string | null | undefined)[];
  phones?: readonly (string | null | undefined)[];
}

/** A number from which a deposit of the user completed: its owner approved it with the PIN. */
export interface ProvedNumber {
  /** Local 10-digit number, as the payment requests store it. */
  phone: string;
  operator: Operator;
  /** When the latest completed deposit from it completed (ms). */
  lastUsedAt: number;
}

/** The user's proved numbers, each once, the most recently used first. */
export async function provedNumbers(db: Queryable, userId: string): Promise<ProvedNumber[]> {
  const lastUsedAt = max(paymentRequests.updatedAt);
  const rows = await db
    .select({ phone: paymentRequests.phone, operator: paymentRequests.operator, lastUsedAt })
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.userId, userId),
        eq(paymentRequests.kind, 'deposit'),
        eq(paymentRequests.status, 'completed'),
      ),
    )
    .groupBy(paymentRequests.phone, paymentRequests.operator)
    .orderBy(desc(lastUsedAt), asc(paymentRequests.phone));
  return rows.map((row) => ({ ...row, lastUsedAt: row.lastUsedAt ?? 0 }));
}

export interface AccountIdentities {
  /** Proved: a verified email; the numbers of completed deposits and the phone proved by a code. */
  proved: { emails: string[]; phones: string[] };
  /** Of `proved.phones`, the profile phone proved by an SMS code (it signs the account in). */
  signInPhone: string | null;
  /** Typed only (an email not yet proved, the profile phone): a hint, never proof. */
  typed: { emails: string[]; phones: string[] };
}

/** What the account proved, and what it only typed (see the head of this file). */
export async function accountIdentities(q: Queryable, userId: string): Promise<AccountIdentities> {
  const user = await q
    .select({
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      phone: users.phone,
      phoneVerifiedAt: users.phoneVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  const numbers = (await provedNumbers(q, userId)).map((number) => number.phone);
  const emailProved = Boolean(user?.email && user.emailVerifiedAt !== null);
  const provedEmails = emailProved && user?.email ? [user.email] : [];
  const typedEmails = !emailProved && user?.email ? [user.email] : [];
  const signInPhone = user?.phone && user.phoneVerifiedAt !== null ? user.phone : null;
  const provedPhones =
    signInPhone && !numbers.includes(signInPhone) ? [...numbers, signInPhone] : numbers;
  const typedPhones = user?.phone && !provedPhones.includes(user.phone) ? [user.phone] : [];
  return {
    proved: { emails: provedEmails, phones: provedPhones },
    signInPhone,
    typed: { emails: typedEmails, phones: typedPhones },
  };
}

/** The identities the account proved: the only ones an exclusion is carried on or matched by. */
export async function provedIdentities(q: Queryable, userId: string): Promise<Identities> {
  return (await accountIdentities(q, userId)).proved;
}
