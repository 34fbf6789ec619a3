// The lobby party (`/parties/lobby/main`): the site pushes the public room list (signed, protocol
// call 4); every connection receives it at once and after every change. Public data, so no ticket;
// clients send nothing.
import type * as Party from 'partykit/server';
import { answerClose } from './room/connections';
import { readEnv } from './room/env';
import { parseJson } from './room/json';
import { jsonResponse, readSignedBody, refusal, refusedCall } from './room/signed-request';
import { CALL_BODY_LIMITS, lobbyPushSchema, type PublicRoom } from '../wire/site-room';

const ROOMS_KEY = 'rooms';

export default class LobbyServer implements Party.Server {
  private rooms: PublicRoom[] = [];

  constructor(readonly room: Party.Room) {}

  async onStart(): Promise<void> {
    this.rooms = (await this.room.storage.get<PublicRoom[]>(ROOMS_KEY)) ?? [];
  }

  onConnect(connection: Party.Connection): void {
    connection.send(this.roomsMessage());
  }

  onClose(connection: Party.Connection): void {
    answerClose(connection);
  }

  onError(connection: Party.Connection): void {
    answerClose(connection);
  }

  onMessage(_message: string | ArrayBuffer | ArrayBufferView, sender: Party.Connection): void {
    sender.send(JSON.stringify({ type: 'error', message: 'The lobby accepts no messages.' }));
  }

  async onRequest(request: Party.Request): Promise<Response> {
    if (request.method === 'GET') return jsonResponse({ rooms: this.rooms });
    if (request.method !== 'POST') {
      return jsonResponse({ error: 'Method not allowed', code: 'method_not_allowed' }, 405);
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
    if (!parsed.success) return refusal('invalidBody');
    this.rooms = parsed.data.rooms;
    await this.room.storage.put(ROOMS_KEY, this.rooms);
    this.room.broadcast(this.roomsMessage());
    return jsonResponse({ ok: true });
  }

  private roomsMessage(): string {
    return JSON.stringify({ type: 'rooms', rooms: this.rooms });
  }
}

LobbyServer satisfies Party.Worker;
