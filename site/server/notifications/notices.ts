// What the header's notification list holds for a player, read on the server for every page they
// open (the root loader, through the page door): support replies of the last days (unread until the
// support page shows them), rematches of their games still waiting for them (the dashboard's own
// read, recent-opponents.ts), and today's challenge while they have not played it. Only reads.
import { and, desc, eq, gt, max } from 'drizzle-orm';
import type { Queryable } from '#db/client.ts';
import { supportReplies, supportTickets } from '#db/schema/support.ts';
import type { Notice, Notices } from '#site/shared/notices.ts';
import { challengeDateAt } from '../challenge/day';
import { ownResultOf } from '../challenge/results';
import { lobbyOf } from '../rooms/recent-opponents';

/** How long an answered ticket stays in the list (read or not). */
export const SUPPORT_REPLIES_SHOWN_MS = 14 * 24 * 60 * 60 * 1000;
/** At most this many answered tickets are listed. */
const SUPPORT_REPLIES_SHOWN = 3;

export async function noticesOf(q: Queryable, userId: string, now: number): Promise<Notices> {
  const [answered, lobby, played] = await Promise.all([
    answeredTicketsOf(q, userId, now),
    lobbyOf(q, userId),
    ownResultOf(q, userId, challengeDateAt(now)),
  ]);
  const items: Notice[] = [
    ...lobby.rematches.map((rematch): Notice => ({
      kind: 'rematch',
      roomId: rematch.roomId,
      startedBy: rematch.startedBy,
      amount: rematch.amount,
      unread: true,
    })),
    ...answered,
    ...(played ? [] : [{ kind: 'challenge', unread: true } as const]),
  ];
  return { items, unread: items.filter((item) => item.unread).length };
}

/** The player's tickets answered lately, newest reply first; unread when a reply is newer than seen. */
async function answeredTicketsOf(q: Queryable, userId: string, now: number): Promise<Notice[]> {
  const latest = max(supportReplies.createdAt);
  const rows = await q
    .select({
      ticketId: supportTickets.id,
      seenAt: supportTickets.repliesSeenAt,
      latest,
    })
    .from(supportTickets)
    .innerJoin(supportReplies, eq(supportReplies.ticketId, supportTickets.id))
    .where(
      and(
        eq(supportTickets.userId, userId),
        gt(supportReplies.createdAt, now - SUPPORT_REPLIES_SHOWN_MS),
      ),
    )
    .groupBy(supportTickets.id)
    .orderBy(desc(latest))
    .limit(SUPPORT_REPLIES_SHOWN);
  return rows.map((row) => ({
    kind: 'supportReply',
    ticketId: row.ticketId,
    unread: (row.latest ?? 0) > (row.seenAt ?? 0),
  }));
}
