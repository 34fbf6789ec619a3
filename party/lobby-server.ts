// The lobby party (`/parties/lobby/main`): the site pushes the public room list (signed, protocol
// call 4); every socket receives it at once and after every change. Each push goes to every socket,
// so a socket needs the site's lobby ticket (checked before any state exists) and the lobby holds
// only so many, per address and in all (party/room/limits.ts). Clients send nothing: a socket that
// does is closed.
import type * as Party from 'partykit/server';
import { verifyLobbyTicket } from '#wire/signing.ts';
import {
  answerClose,
  closeWith,
  lobbyAdmissionRefusal,
  lobbyWatcherFrom,
  withLobbyWatcher,
  type LobbyWatcher,
} from './room/connections';
import { readEnv } from './room/env';
import { parseJson } from './room/json';
import { AddressAdmissions } from './room/address-admissions';
import { CLOSE, LOBBY_LIMITS } from './room/limits';
import { jsonResponse, readSignedBody, refusal, refusedCall } from './room/signed-request';
import {
  CALL_BODY_LIMITS,
  lobbyPushSchema,
  type LobbyPush,
  type PublicRoom,
} from '#wire/site-room.ts';

const ROOMS_KEY = 'rooms';
/** When the site read the list kept (absent: a site from before the field pushed it). */
const ROOMS_AT_KEY = 'roomsAt';

export default class LobbyServer implements Party.Server {
  private rooms: PublicRoom[] = [];
  private at: number | undefined;
  /** Sockets let in per address (each gets the whole list at once). */
  private readonly admissions = new AddressAdmissions(LOBBY_LIMITS.admissionsPerAddress);

  constructor(readonly room: Party.Room) {}

  static onBeforeConnect(request: Party.Request, lobby: Party.Lobby): Party.Request | Response {
    const { keys } = readEnv(lobby.env);
    const ticket = new URL(request.url).searchParams.get('ticket');
    const verdict = verifyLobbyTicket(keys.tickets, ticket, Date.now());
    if (!verdict.ok) return new Response('Unauthorized', { status: 401 });
    return withLobbyWatcher(request, { addressKey: verdict.payload.ak });
  }

  async onStart(): Promise<void> {
    this.rooms = (await this.room.storage.get<PublicRoom[]>(ROOMS_KEY)) ?? [];
    this.at = (await this.room.storage.get<number | null>(ROOMS_AT_KEY)) ?? undefined;
  }

  onConnect(connection: Party.Connection<LobbyWatcher>, context: Party.ConnectionContext): void {
    const watcher = lobbyWatcherFrom(context.request);
    if (!watcher) return closeWith(connection, CLOSE.unauthorized);
    const refusal = lobbyAdmissionRefusal(this.heldAddresses(), watcher.addressKey);
    if (refusal) return closeWith(connection, refusal);
    if (!this.admissions.take(watcher.addressKey, Date.now())) {
      return closeWith(connection, CLOSE.lobbyAddressTooOften);
    }
    connection.setState(watcher);
    connection.send(this.roomsMessage());
  }

  onClose(connection: Party.Connection): void {
    answerClose(connection);
  }

  onError(connection: Party.Connection): void {
    answerClose(connection);
  }

  onMessage(
    _message: string | ArrayBuffer | ArrayBufferView,
    sender: Party.Connection<LobbyWatcher>,
  ): void {
    // Never answered message by message: the close frame says it once, and its address waits a
    // while before it may open another socket.
    closeWith(sender, CLOSE.lobbyMessage);
    if (sender.state) {
      this.admissions.lockOut(
        sender.state.addressKey,
        Date.now(),
        LOBBY_LIMITS.lockOutAfterMessageMs,
      );
    }
  }

  async onRequest(request: Party.Request): Promise<Response> {
    if (request.method === 'GET') return jsonResponse({ rooms: this.rooms, at: this.at });
    if (request.method !== 'POST') {
      return refusal(405, 'method_not_allowed');
    }
    const { keys } = readEnv(this.room.env);
    const signed = await readSignedBody(
      request,
      keys.siteToRoom,
      Date.now(),
      CALL_BODY_LIMITS.lobbyPush,
    );
    if (!signed.ok) return refusedCall(signed);
    const parsed = lobbyPushSchema.safeParse(parseJson(signed.body));
    if (!parsed.success) return refusal(400, 'invalid_body');
    const { rooms, at } = parsed.data;
    if (at !== undefined && this.at !== undefined && at < this.at) {
      return jsonResponse({ ok: true, kept: 'newer' });
    }
    this.rooms = rooms;
    this.at = at;
    await this.room.storage.put(ROOMS_KEY, this.rooms);
    await this.room.storage.put(ROOMS_AT_KEY, this.at ?? null);
    const message = this.roomsMessage();
    for (const connection of this.room.getConnections<LobbyWatcher>()) {
      if (connection.state) connection.send(message);
    }
    return jsonResponse({ ok: true });
  }

  /** The address of every socket the lobby holds now. */
  private *heldAddresses(): Generator<string> {
    for (const connection of this.room.getConnections<LobbyWatcher>()) {
      if (connection.state) yield connection.state.addressKey;
    }
  }

  private roomsMessage(): string {
    return JSON.stringify({ type: 'rooms', rooms: this.rooms, at: this.at } satisfies LobbyPush);
  }
}

LobbyServer satisfies Party.Worker;
