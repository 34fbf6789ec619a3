// Socket tickets: a signed pass to one room's socket for a minute, bound to the session asking,
// and the sign-out of that session told to every room it got tickets for (protocol call 5); and the
// lobby's ticket, a signed pass to its sockets for a minute. Both carry the address that asked (as
// `addressKey`), by which the room servers cap sockets.
import type { Database } from '#db/client.ts';
import { addressKey, purposeKey, signLobbyTicket, signTicket } from '#wire/signing.ts';
import { wirePaths } from '#wire/site-room.ts';
import { refuse } from '../api/refusals';
import type { PartyClient } from './party-client';
import { warnAs } from '../logging';
import { loadRoom } from './queries';
import { seatName } from './seating';
import type { Actor, Outcome, RoomService, RoomsConfig } from './service';
import { recordTicketRoom, ticketSessionKey } from './session-rooms';
import { isRoomIdShaped } from './settings';
import { tellSignOut } from './sign-out';

export interface TicketDeps {
  database: Database;
  config: Pick<RoomsConfig, 'internalSecret' | 'partyPublicUrl'>;
  clock: () => number;
  client: PartyClient;
  log?: ((message: string) => void) | undefined;
}

/** `ws(s)://host<path>?ticket=…`, accepting an http(s) base too. */
function socketUrl(partyPublicUrl: string, path: string, ticket: string): string {
  const base = partyPublicUrl.replace(/\/+$/, '').replace(/^http(s?):\/\//, 'ws$1://');
  return `${base}${path}?ticket=${encodeURIComponent(ticket)}`;
}

/** `ws(s)://host/parties/main/<roomId>?ticket=…`, accepting an http(s) base too. */
export function roomSocketUrl(partyPublicUrl: string, roomId: string, ticket: string): string {
  return socketUrl(partyPublicUrl, wirePaths.room(roomId), ticket);
}

/** `ws(s)://host/parties/lobby/main?ticket=…`, accepting an http(s) base too. */
export function lobbySocketUrl(partyPublicUrl: string, ticket: string): string {
  return socketUrl(partyPublicUrl, wirePaths.lobby, ticket);
}

export function createTickets(
  deps: TicketDeps,
): Pick<RoomService, 'ticket' | 'lobbyTicket' | 'signedOut'> {
  const { database, config, clock, client } = deps;

  const ticketKey = purposeKey(config.internalSecret, 'tickets');

  async function ticket(
    actor: Actor,
    roomId: string,
    sessionId: string,
    address?: string,
  ): Promise<Outcome<{ ticket: string; url: string }>> {
    if (!isRoomIdShaped(roomId)) return refuse(404, 'room_not_found');
    const found = await loadRoom(database.read, roomId);
    if (!found) return refuse(404, 'room_not_found');
    const now = clock();
    // Recorded first, so that a sign-out from now on reaches this room; a session signed out in
    // the meantime gets nothing.
    const recorded = await database.write((tx) => recordTicketRoom(tx, sessionId, roomId, now));
    if (!recorded) return refuse(401, 'not_signed_in');
    const seat = found.seats.find((s) => s.userId === actor.id);
    const name = seat?.name ?? (actor.isGuest ? 'Guest' : seatName(actor));
    const sessionKey = ticketSessionKey(sessionId);
    const signed = signTicket(
      ticketKey,
      {
        roomId,
        uid: actor.id,
        name,
        sessionKey,
        ...(address === undefined ? {} : { addressKey: addressKey(ticketKey, address) }),
      },
      now,
    );
    return { ok: true, ticket: signed, url: roomSocketUrl(config.partyPublicUrl, roomId, signed) };
  }

  function lobbyTicket(address: string): { ticket: string; url: string } {
    const signed = signLobbyTicket(ticketKey, addressKey(ticketKey, address), clock());
    return { ticket: signed, url: lobbySocketUrl(config.partyPublicUrl, signed) };
  }

  function signedOut(sessionId: string, roomIds: readonly string[]): void {
    const sessionKey = ticketSessionKey(sessionId);
    for (const roomId of roomIds) {
      void tellSignOut(client, roomId, sessionKey).catch((error: unknown) =>
        (deps.log ?? warnAs('rooms'))(
          `sign-out of a session not delivered to ${roomId}: ${String(error)}`,
        ),
      );
    }
  }

  return { ticket, lobbyTicket, signedOut };
}
