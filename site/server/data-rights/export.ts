// "Your data": everything held about a person, as named sections of one JSON document. Each section
// reads its own tables; a new area of data adds one entry to `EXPORT_SECTIONS`. Nothing secret goes
// in: no password hash, no session id (the hash of its token), no mail-link token.
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '#db/client.ts';
import { accountIds, balanceOf } from '#db/ledger.ts';
import { gameHistory, rooms, roomSeats } from '#db/schema/rooms.ts';
import { paymentRequests } from '#db/schema/payments.ts';
import { sessions, users } from '#db/schema/people.ts';
import { supportReplies, supportTickets } from '#db/schema/support.ts';
import { userTransactions } from '#db/schema/wallet-history.ts';
import { challengeExport } from '../challenge/export';
import { ngweeToZmw } from '#game/ngwee.ts';
import { responsiblePlayExport } from '../responsible-play/service';

export type ExportSection = (db: Queryable, userId: string) => Promise<Record<string, unknown>>;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const profile: ExportSection = async (db, userId) => {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return {};
  return {
    profile: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
      emailVerifiedAt: iso(user.emailVerifiedAt),
      phoneVerifiedAt: iso(user.phoneVerifiedAt),
      signsInWithPassword: user.passwordHash !== null,
      signsInWithGoogle: user.googleSub !== null,
      signsInWithPhone: user.phoneVerifiedAt !== null,
      isAdmin: user.isAdmin,
      createdAt: iso(user.createdAt),
    },
    balance: {
      wallet: ngweeToZmw(await balanceOf(db, accountIds.wallet(userId))),
      held: ngweeToZmw(await balanceOf(db, accountIds.hold(userId))),
    },
  };
};

const money: ExportSection = async (db, userId) => {
  const transactions = await db
    .select()
    .from(userTransactions)
    .where(eq(userTransactions.userId, userId))
    .orderBy(asc(userTransactions.createdAt));
  const payments = await db
    .select()
    .from(paymentRequests)
    .where(eq(paymentRequests.userId, userId))
    .orderBy(asc(paymentRequests.createdAt));
  return {
    transactions: transactions.map((t) => ({
      id: t.id,
      type: t.type,
      amount: ngweeToZmw(t.amount),
      status: t.status,
      reference: t.reference,
      createdAt: iso(t.createdAt),
    })),
    paymentRequests: payments.map((p) => ({
      id: p.id,
      kind: p.kind,
      provider: p.provider,
      phone: p.phone,
      operator: p.operator,
      amount: ngweeToZmw(p.amount),
      status: p.status,
      failureReason: p.failureReason,
      createdAt: iso(p.createdAt),
      updatedAt: iso(p.updatedAt),
    })),
  };
};

const games: ExportSection = async (db, userId) => {
  const played = await db
    .select({ game: gameHistory, room: rooms })
    .from(gameHistory)
    .innerJoin(rooms, eq(rooms.roomId, gameHistory.roomId))
    .where(eq(gameHistory.userId, userId))
    .orderBy(asc(gameHistory.createdAt));
  const seats = await db
    .select()
    .from(roomSeats)
    .where(eq(roomSeats.userId, userId))
    .orderBy(asc(roomSeats.joinedAt));
  return {
    games: played.map(({ game, room }) => ({
      roomId: game.roomId,
      roomName: room.roomName,
      stake: ngweeToZmw(room.amount),
      result: game.result,
      prize: ngweeToZmw(game.prize),
      at: iso(game.createdAt),
    })),
    seats: seats.map((s) => ({
      roomId: s.roomId,
      name: s.name,
      seatIndex: s.seatIndex,
      clientSeed: s.clientSeed,
      joinedAt: iso(s.joinedAt),
    })),
  };
};

const signIns: ExportSection = async (db, userId) => {
  const rows = await db
    .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
  return {
    sessions: rows.map((s) => ({ startedAt: iso(s.createdAt), expiresAt: iso(s.expiresAt) })),
  };
};

const support: ExportSection = async (db, userId) => {
  const tickets = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(asc(supportTickets.createdAt));
  const replies = tickets.length
    ? await db
        .select({ reply: supportReplies })
        .from(supportReplies)
        .innerJoin(supportTickets, eq(supportTickets.id, supportReplies.ticketId))
        .where(eq(supportTickets.userId, userId))
    : [];
  return {
    supportTickets: tickets.map((t) => ({
      id: t.id,
      topic: t.topic,
      message: t.message,
      reference: t.reference,
      status: t.status,
      createdAt: iso(t.createdAt),
      replies: replies
        .filter(({ reply }) => reply.ticketId === t.id)
        .map(({ reply }) => ({ message: reply.message, at: iso(reply.createdAt) })),
    })),
  };
};

/** In the document's order. */
export const EXPORT_SECTIONS: readonly ExportSection[] = [
  profile,
  money,
  games,
  signIns,
  support,
  responsiblePlayExport,
  challengeExport,
];

export async function exportUserData(db: Queryable, userId: string, now: number) {
  const document: Record<string, unknown> = { exportedAt: iso(now) };
  for (const section of EXPORT_SECTIONS) Object.assign(document, await section(db, userId));
  return document;
}
