// The console's people: search by name, email or phone, and one person's file.
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Queryable } from '#db/client.ts';
import { accountIds, balanceOf } from '#db/ledger.ts';
import { gameHistory } from '#db/schema/rooms.ts';
import { userTransactions } from '#db/schema/wallet-history.ts';
import { users } from '#db/schema/people.ts';
import { normalizeZambianPhone } from '#site/shared/phone.ts';
import { ngweeToZmw } from '#game/ngwee.ts';
import { limitsOf, playFieldsOf } from '../responsible-play/service';
import { carriedExclusionsFor } from './exclusions';

export const USERS_FOUND_AT_MOST = 50;
const LATEST_SHOWN = 20;

type UserRow = typeof users.$inferSelect;

function summaryOf(user: UserRow) {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email ?? '',
    phone: user.phone ?? '',
    isGuest: user.isGuest,
    erased: user.erasedAt !== null,
    createdAt: new Date(user.createdAt).toISOString(),
  };
}

/** `%` and `_` typed by the operator are matched literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function searchUsers(db: Queryable, query: string) {
  const text = query.trim().toLowerCase().slice(0, 100);
  if (!text) return [];
  const pattern = containsPattern(text);
  const phone = normalizeZambianPhone(text);
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.isGuest, false),
        or(
          sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern} escape '\\'`,
          sql`${users.email} like ${pattern} escape '\\'`,
          sql`${users.phone} like ${containsPattern(phone || text)} escape '\\'`,
          eq(users.id, text),
        ),
      ),
    )
    .orderBy(desc(users.createdAt))
    .limit(USERS_FOUND_AT_MOST);
  return rows.map(summaryOf);
}

export async function userFile(db: Queryable, userId: string, now: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const transactions = await db
    .select()
    .from(userTransactions)
    .where(eq(userTransactions.userId, userId))
    .orderBy(desc(userTransactions.createdAt))
    .limit(LATEST_SHOWN);
  const games = await db
    .select()
    .from(gameHistory)
    .where(eq(gameHistory.userId, userId))
    .orderBy(desc(gameHistory.createdAt))
    .limit(LATEST_SHOWN);
  return {
    user: {
      ...summaryOf(user),
      emailVerified: user.emailVerifiedAt !== null,
      isAdmin: user.isAdmin,
      currentRoomId: user.currentRoomId,
    },
    // Limits with their waiting changes, and the exclusion (ISO, "permanent" or null).
    limits: await limitsOf(db, userId, now),
    exclusionUntil: (await playFieldsOf(db, userId, now)).exclusionUntil,
    // Exclusions carried from erased accounts that match this person: blocking or only a hint.
    carriedExclusions: await carriedExclusionsFor(db, userId, now),
    balance: {
      wallet: ngweeToZmw(await balanceOf(db, accountIds.wallet(userId))),
      held: ngweeToZmw(await balanceOf(db, accountIds.hold(userId))),
    },
    transactions: transactions.map((t) => ({
      id: t.id,
      type: t.type,
      amount: ngweeToZmw(t.amount),
      status: t.status,
      reference: t.reference,
      createdAt: new Date(t.createdAt).toISOString(),
    })),
    games: games.map((g) => ({
      roomId: g.roomId,
      result: g.result,
      prize: ngweeToZmw(g.prize),
      createdAt: new Date(g.createdAt).toISOString(),
    })),
  };
}
