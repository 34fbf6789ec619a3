// The room's HTTP side (docs/protocol.md): which call a request is, its checks before the room's
// queue (method, signature, shape, the room it names), and the answer. What a call does to the
// room is the room server's (`RoomRequestHandlers`); each runs in the room's queue.
import type * as Party from 'partykit/server';
import type { RoomForParty, RoomServerStatus, RoomViewAnswer } from '#wire/site-room.ts';
import type { TestClockCall } from '#wire/test-clock.ts';
import { closeWith } from './connections';
import type { PartyEnv } from './env';
import { CLOSE } from './limits';
import { jsonResponse, refusal } from './signed-request';
import { readRoomCall } from './site-calls';
import { isTestClockPath, readTestClockCall } from './test-clock-call';
import { isRoomViewPath, roomViewRefusal } from './view-call';

/** What the room does for each call, and what the routing reads from it. */
export interface RoomRequestHandlers {
  readonly env: PartyEnv;
  /** The room's id, once known ('' before). */
  roomId(): string;
  /** Runs a task in the room's queue. */
  serial<T>(task: () => Promise<T>): Promise<T>;
  /** Call 6: the public status. */
  status(): RoomServerStatus;
  /** Call 8: the room as a spectator sees it, loading it from the site first if need be. */
  spectatorView(): Promise<RoomViewAnswer['view']>;
  /** Call 1: the site's room, pushed. */
  pushRoom(room: RoomForParty): Promise<void>;
  /** Call 5: a session signed out. */
  signOut(sessionKey: string): Promise<Response>;
  /** Call 7: a restart is coming. */
  restarting(): Response;
  /** A test's call on the room's clock. */
  testClock(action: TestClockCall['action']): Promise<Response>;
}

export async function routeRequest(
  request: Party.Request,
  room: RoomRequestHandlers,
): Promise<Response> {
  if (isTestClockPath(request)) return onTestClock(request, room);
  if (isRoomViewPath(request)) return onRoomView(request, room);
  if (request.method === 'GET' || request.method === 'HEAD') {
    return room.serial(async () => jsonResponse(room.status()));
  }
  if (request.method !== 'POST') {
    return refusal(405, 'method_not_allowed');
  }
  const read = await readRoomCall(request, room.env.keys.siteToRoom, Date.now());
  if (!read.ok) return read.response;
  const call = read.call;
  if (call.type === 'signedOut') return room.serial(() => room.signOut(call.sessionKey));
  if (call.type === 'restarting') return room.serial(async () => room.restarting());
  const pushed = call.room;
  const roomId = room.roomId();
  if (roomId && pushed.roomId !== roomId) {
    return refusal(400, 'wrong_room');
  }
  return room.serial(async () => {
    await room.pushRoom(pushed);
    return jsonResponse({ ok: true });
  });
}

/** Call 8: the room as a spectator sees it, for the board page's first HTML. */
async function onRoomView(request: Party.Request, room: RoomRequestHandlers): Promise<Response> {
  if (request.method !== 'GET') {
    return refusal(405, 'method_not_allowed');
  }
  const refused = await roomViewRefusal(request, room.env.keys.siteToRoom, Date.now());
  if (refused) return refused;
  return room.serial(async () => {
    const answer: RoomViewAnswer = { view: await room.spectatorView() };
    return jsonResponse(answer);
  });
}

/** A test's call on the room's clock (tests only: wire/test-clock.ts, docs/decisions/083). */
async function onTestClock(request: Party.Request, room: RoomRequestHandlers): Promise<Response> {
  const read = await readTestClockCall(request, room.env.testClockKey, Date.now());
  if (!read.ok) return read.response;
  const { action } = read.call;
  return room.serial(() => room.testClock(action));
}

/**
 * Call 7's part on the sockets: every one closes with 1012, so the clients know to reconnect (they
 * do by themselves). Answers how many closed.
 */
export function closeForRestart(room: Party.Room): number {
  let closed = 0;
  for (const connection of room.getConnections()) {
    closeWith(connection, CLOSE.restarting);
    closed += 1;
  }
  return closed;
}
