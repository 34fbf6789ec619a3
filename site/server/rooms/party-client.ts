// The site's side of protocol calls 1, 4 and 5 (signed JSON POSTs to the room server and the lobby),
// 6 (the room server's public status) and 7 (the room as a spectator sees it, signed).
import { readLimitedText } from '#wire/limited-body.ts';
import { purposeKey, signRequest } from '#wire/signing.ts';
import type { RoomView } from '#game/protocol.ts';
import {
  ROOM_VIEW_ANSWER_LIMIT,
  roomServerStatusSchema,
  roomViewAnswerSchema,
  wirePaths,
  type LobbyPush,
  type RoomServerStatus,
  type PublicRoom,
  type RoomCall,
  type RoomForParty,
} from '#wire/site-room.ts';

/** Throws when the party did not answer 2xx, so the caller can retry. */
export interface PartyClient {
  sendRoom(room: RoomForParty): Promise<void>;
  /** Call 4: the public list, read at `at` (the site's clock, ms). */
  sendLobby(rooms: PublicRoom[], at: number): Promise<void>;
  /** Call 5: a session signed out; the room closes its sockets and refuses its tickets. */
  signOut(roomId: string, sessionKey: string): Promise<void>;
  /** Call 6: what the room server holds of the room (waking it if it sleeps). */
  roomStatus(roomId: string): Promise<RoomServerStatus>;
  /**
   * Call 8: the room as a spectator sees it (null: the room server holds no game), within
   * `timeoutMs`; throws on no answer, a refusal, an answer over its limit or of the wrong shape.
   */
  roomView(roomId: string, timeoutMs: number): Promise<RoomView | null>;
}

export interface HttpPartyClientOptions {
  /** e.g. `http://127.0.0.1:1999`, without a trailing slash. */
  partyUrl: string;
  /** The site → room key is derived from it here. */
  internalSecret: string;
  clock: () => number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export class PartyCallError extends Error {
  constructor(
    readonly path: string,
    readonly status: number | null,
    detail: string,
  ) {
    super(`party call ${path} failed: ${detail}`);
    this.name = 'PartyCallError';
  }
}

export function httpPartyClient(options: HttpPartyClientOptions): PartyClient {
  const base = options.partyUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const key = purposeKey(options.internalSecret, 'site-to-room');

  async function post(path: string, payload: RoomCall | LobbyPush): Promise<void> {
    const body = JSON.stringify(payload);
    const signed = signRequest(key, {
      method: 'POST',
      path,
      body,
      now: options.clock(),
    });
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signed },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PartyCallError(path, null, error instanceof Error ? error.message : String(error));
    }
    // Drain the body so the connection can be reused.
    const text = await response.text().catch(() => '');
    if (!response.ok) throw new PartyCallError(path, response.status, text.slice(0, 200));
  }

  async function getStatus(roomId: string): Promise<RoomServerStatus> {
    const path = wirePaths.room(roomId);
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new PartyCallError(path, null, error instanceof Error ? error.message : String(error));
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) throw new PartyCallError(path, response.status, text.slice(0, 200));
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // reported below as the wrong shape
    }
    const parsed = roomServerStatusSchema.safeParse(json);
    if (!parsed.success || parsed.data.roomId !== roomId) {
      throw new PartyCallError(path, response.status, 'the status has the wrong shape');
    }
    return parsed.data;
  }

  async function getView(roomId: string, viewTimeoutMs: number): Promise<RoomView | null> {
    const path = wirePaths.roomView(roomId);
    const signed = signRequest(key, { method: 'GET', path, body: '', now: options.clock() });
    const signal = AbortSignal.timeout(viewTimeoutMs);
    let text: string | null;
    let status: number;
    try {
      const response = await doFetch(`${base}${path}`, { headers: signed, signal });
      status = response.status;
      text = await readLimitedText(response, ROOM_VIEW_ANSWER_LIMIT);
    } catch (error) {
      throw new PartyCallError(path, null, error instanceof Error ? error.message : String(error));
    }
    if (text === null) throw new PartyCallError(path, status, 'the answer is over its limit');
    if (status !== 200) throw new PartyCallError(path, status, text.slice(0, 200));
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // reported below as the wrong shape
    }
    const parsed = roomViewAnswerSchema.safeParse(json);
    if (!parsed.success || (parsed.data.view && parsed.data.view.roomId !== roomId)) {
      throw new PartyCallError(path, status, 'the view has the wrong shape');
    }
    return parsed.data.view;
  }

  return {
    roomStatus: getStatus,
    roomView: getView,
    sendRoom: (room) => post(wirePaths.room(room.roomId), { type: 'room', room }),
    sendLobby: (rooms, at) => post(wirePaths.lobby, { type: 'rooms', rooms, at }),
    signOut: (roomId, sessionKey) =>
      post(wirePaths.room(roomId), { type: 'signedOut', sessionKey }),
  };
}
