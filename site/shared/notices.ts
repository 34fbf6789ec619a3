// The header's notification list: what the server reads for a player (site/server/notifications)
// and the words and links the header shows for each. One module, so the page and the server agree on
// the shape (decision 121).
import { formatZmwShort } from '#game/ngwee.ts';
import { PATHS, roomPaths } from './paths';

export type Notice =
  /** Support answered one of the player's messages; unread until the support page shows it. */
  | { kind: 'supportReply'; ticketId: string; unread: boolean }
  /** A rematch of a game the player played, started by another player, still waiting for them. */
  | { kind: 'rematch'; roomId: string; startedBy: string; amount: number; unread: true }
  /** Today's challenge, not yet played. */
  | { kind: 'challenge'; unread: true };

export interface Notices {
  /** Newest concern first: rematches (they fill up), support replies, the challenge. */
  items: Notice[];
  /** How many of `items` are unread: the header's count. */
  unread: number;
}

/** The anchor of a ticket on the support page. */
export const ticketAnchor = (ticketId: string) => `ticket-${ticketId}`;

export function noticeText(notice: Notice): string {
  switch (notice.kind) {
    case 'supportReply':
      return 'Support answered your message';
    case 'rematch':
      return `${notice.startedBy} started a rematch (${formatZmwShort(notice.amount)}): join`;
    case 'challenge':
      return "Today's challenge is waiting for you";
  }
}

export function noticeHref(notice: Notice): string {
  switch (notice.kind) {
    case 'supportReply':
      return `${PATHS.support}#${ticketAnchor(notice.ticketId)}`;
    case 'rematch':
      return roomPaths.invite('', notice.roomId);
    case 'challenge':
      return PATHS.challenge;
  }
}

/** A stable key per notice (a list's React key). */
export function noticeKey(notice: Notice): string {
  switch (notice.kind) {
    case 'supportReply':
      return `support:${notice.ticketId}`;
    case 'rematch':
      return `rematch:${notice.roomId}`;
    case 'challenge':
      return 'challenge';
  }
}
