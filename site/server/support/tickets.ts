// Support tickets: a signed-in player writes one, the operator replies, the player reads the reply.
import { and, asc, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Database, Queryable } from '#db/client.ts';
import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_REPLY_MAX,
  supportReplies,
  supportTickets,
  supportTopics,
} from '#db/schema/support.ts';
import { users } from '#db/schema/people.ts';
import type { SupportTopic } from '#db/schema/support.ts';
import { recordAudit } from '../admin/audit';
import type { ApiRefusalCode } from '../api/refusal-codes';
import { refusalWords, withWords } from '../api/refusal-words';

const TICKETS_SHOWN = 200;

export const supportMessages = {
  failed: 'Your message could not be sent. Please try again.',
} as const;

export interface TicketInput {
  topic: SupportTopic;
  message: string;
  reference: string | null;
}

type Checked<T> = { ok: true; value: T } | { ok: false; error: string; code: ApiRefusalCode };

function textField(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text.length > 0 && text.length <= max ? text : null;
}

export function checkTicketInput(body: unknown): Checked<TicketInput> {
  const { topic, message, reference } = (body ?? {}) as Record<string, unknown>;
  if (typeof topic !== 'string' || !(supportTopics as readonly string[]).includes(topic))
    return { ok: false, ...withWords('invalid_topic') };
  const text = textField(message, SUPPORT_MESSAGE_MAX);
  if (text === null) {
    return {
      ok: false,
      code: 'invalid_message',
      error: refusalWords('invalid_message', 'message'),
    };
  }
  let ref: string | null = null;
  if (reference !== undefined && reference !== null && reference !== '') {
    if (typeof reference !== 'string' || !/^[A-Za-z0-9-]{1,100}$/.test(reference.trim()))
      return { ok: false, ...withWords('invalid_reference') };
    ref = reference.trim();
  }
  return { ok: true, value: { topic: topic as SupportTopic, message: text, reference: ref } };
}

export function checkReply(body: unknown): Checked<string> {
  const text = textField((body as { message?: unknown } | null)?.message, SUPPORT_REPLY_MAX);
  return text === null
    ? { ok: false, code: 'invalid_message', error: refusalWords('invalid_message', 'reply') }
    : { ok: true, value: text };
}

type TicketRow = typeof supportTickets.$inferSelect;
type ReplyRow = typeof supportReplies.$inferSelect;

function ticketView(ticket: TicketRow, replies: ReplyRow[]) {
  return {
    id: ticket.id,
    topic: ticket.topic,
    message: ticket.message,
    reference: ticket.reference,
    status: ticket.status,
    createdAt: new Date(ticket.createdAt).toISOString(),
    replies: replies.map((r) => ({
      id: r.id,
      message: r.message,
      createdAt: new Date(r.createdAt).toISOString(),
    })),
  };
}
export type TicketView = ReturnType<typeof ticketView>;

async function withReplies(db: Queryable, tickets: TicketRow[]): Promise<TicketView[]> {
  if (tickets.length === 0) return [];
  const replies = await db
    .select()
    .from(supportReplies)
    .where(
      inArray(
        supportReplies.ticketId,
        tickets.map((t) => t.id),
      ),
    )
    .orderBy(asc(supportReplies.createdAt));
  return tickets.map((t) =>
    ticketView(
      t,
      replies.filter((r) => r.ticketId === t.id),
    ),
  );
}

export async function createTicket(
  database: Database,
  userId: string,
  input: TicketInput,
  now: number,
): Promise<TicketView> {
  const [row] = await database.write((tx) =>
    tx
      .insert(supportTickets)
      .values({ userId, ...input, createdAt: now, updatedAt: now })
      .returning(),
  );
  return ticketView(row!, []);
}

export async function ticketsOf(db: Queryable, userId: string): Promise<TicketView[]> {
  const tickets = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.createdAt))
    .limit(TICKETS_SHOWN);
  return withReplies(db, tickets);
}

/** The operator's inbox: open tickets first, then the oldest first within each. */
export async function supportInbox(db: Queryable) {
  const rows = await db
    .select({ ticket: supportTickets, email: users.email, firstName: users.firstName })
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .orderBy(desc(supportTickets.status), asc(supportTickets.createdAt))
    .limit(TICKETS_SHOWN);
  const views = await withReplies(
    db,
    rows.map((r) => r.ticket),
  );
  return views.map((view, i) => ({
    ...view,
    userId: rows[i]!.ticket.userId,
    email: rows[i]!.email ?? '',
    firstName: rows[i]!.firstName,
  }));
}

/** One ticket of the operator's inbox, as `GET /api/admin/support` answers it. */
export type InboxTicket = Awaited<ReturnType<typeof supportInbox>>[number];

/** The reply, the ticket marked answered and the audit row: one transaction. Null: no such ticket. */
export async function replyToTicket(
  database: Database,
  ticketId: string,
  adminId: string,
  message: string,
  now: number,
): Promise<TicketView | null> {
  return database.write(async (tx) => {
    const [ticket] = await tx.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
    if (!ticket) return null;
    await tx.insert(supportReplies).values({ ticketId, adminId, message, createdAt: now });
    await tx
      .update(supportTickets)
      .set({ status: 'answered', updatedAt: now })
      .where(eq(supportTickets.id, ticketId));
    await recordAudit(tx, {
      adminId,
      action: 'support.reply',
      target: ticketId,
      detail: { length: message.length },
      at: now,
    });
    const replies = await tx
      .select()
      .from(supportReplies)
      .where(eq(supportReplies.ticketId, ticketId))
      .orderBy(asc(supportReplies.createdAt));
    return ticketView({ ...ticket, status: 'answered' }, replies);
  });
}

/**
 * The player saw their tickets' replies as they stood at `at` (the support page showed them): the
 * header's list no longer counts them. A reply written after `at` stays unread.
 */
export async function markRepliesSeen(database: Database, userId: string, at: number) {
  await database.write((tx) =>
    tx
      .update(supportTickets)
      .set({ repliesSeenAt: at })
      .where(
        and(
          eq(supportTickets.userId, userId),
          eq(supportTickets.status, 'answered'),
          or(isNull(supportTickets.repliesSeenAt), lt(supportTickets.repliesSeenAt, at)),
        ),
      ),
  );
}
