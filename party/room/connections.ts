// Who is behind a connection. The ticket is checked in `onBeforeConnect` (before any room state
// exists), which passes the user on to `onConnect` in request headers that it sets itself, so a
// client cannot supply them. A connection is admitted (its state set) only once `onConnect` has let
// it in; until then it counts for nothing and receives nothing.
import type * as Party from 'partykit/server';
import { CLOSE, LOBBY_LIMITS, ROOM_LIMITS, type CloseReason } from './limits';

export const UID_HEADER = 'x-zt-uid';
export const NAME_HEADER = 'x-zt-name';
export const SESSION_HEADER = 'x-zt-session';
export const ADDRESS_HEADER = 'x-zt-address';

export interface Viewer {
  uid: string;
  name: string;
  /** The session whose ticket opened the socket (absent on tickets without one). */
  sessionKey?: string | undefined;
  /** The address that asked for the ticket, as `addressKey` (wire/signing.ts); absent on older tickets. */
  addressKey?: string | undefined;
}

/** Sets (or removes) a header the client must not choose: onBeforeConnect always decides it. */
function setOwn(request: Party.Request, name: string, value: string | undefined): void {
  if (value) request.headers.set(name, value);
  else request.headers.delete(name);
}

export function withViewer(request: Party.Request, viewer: Viewer): Party.Request {
  request.headers.set(UID_HEADER, viewer.uid);
  // Header values must be bytes; names may hold any character.
  request.headers.set(NAME_HEADER, encodeURIComponent(viewer.name));
  setOwn(request, SESSION_HEADER, viewer.sessionKey);
  setOwn(request, ADDRESS_HEADER, viewer.addressKey);
  return request;
}

export function viewerFrom(request: Party.Request): Viewer | null {
  const uid = request.headers.get(UID_HEADER);
  if (!uid) return null;
  const rawName = request.headers.get(NAME_HEADER) ?? '';
  let name = rawName;
  try {
    name = decodeURIComponent(rawName);
  } catch {
    // keep the raw value
  }
  const sessionKey = request.headers.get(SESSION_HEADER) ?? undefined;
  const addressKey = request.headers.get(ADDRESS_HEADER) ?? undefined;
  return { uid, name, sessionKey, addressKey };
}

export function viewerOf(connection: Party.Connection<Viewer>): Viewer | null {
  return connection.state ?? null;
}

function* admitted(room: Party.Room): Generator<Party.Connection<Viewer> & { state: Viewer }> {
  for (const connection of room.getConnections<Viewer>()) {
    if (connection.state) yield connection as Party.Connection<Viewer> & { state: Viewer };
  }
}

/** Sends to every admitted connection but `except`. */
export function sendToAdmitted(room: Party.Room, message: string, except?: Party.Connection): void {
  for (const connection of admitted(room)) {
    if (connection.id !== except?.id) connection.send(message);
  }
}

/** Open connections of one user, other than `except`. */
export function hasOtherConnection(
  room: Party.Room,
  uid: string,
  except: Party.Connection,
): boolean {
  for (const connection of admitted(room)) {
    if (connection.id !== except.id && connection.state.uid === uid) return true;
  }
  return false;
}

/** Distinct users watching without a seat (`closing` is a connection on its way out). */
export function countSpectators(
  room: Party.Room,
  seated: ReadonlySet<string>,
  closing?: Party.Connection,
): number {
  const watchers = new Set<string>();
  for (const connection of admitted(room)) {
    if (connection.id === closing?.id) continue;
    if (!seated.has(connection.state.uid)) watchers.add(connection.state.uid);
  }
  return watchers.size;
}

/** How many sockets are admitted (players' and spectators'). */
export function countAdmitted(room: Party.Room): number {
  let count = 0;
  for (const _connection of admitted(room)) count += 1;
  return count;
}

/** Why a newcomer cannot be admitted (the caps of ROOM_LIMITS), or null. */
export function admissionRefusal(
  room: Party.Room,
  viewer: Viewer,
  seated: ReadonlySet<string>,
): CloseReason | null {
  let sameUser = 0;
  let spectatorSockets = 0;
  let sameAddressSpectators = 0;
  for (const connection of admitted(room)) {
    const watching = !seated.has(connection.state.uid);
    if (connection.state.uid === viewer.uid) sameUser += 1;
    if (watching) spectatorSockets += 1;
    if (watching && viewer.addressKey && connection.state.addressKey === viewer.addressKey) {
      sameAddressSpectators += 1;
    }
  }
  if (sameUser >= ROOM_LIMITS.connectionsPerUser) return CLOSE.userFull;
  if (seated.has(viewer.uid)) return null;
  if (spectatorSockets >= ROOM_LIMITS.spectatorsPerRoom) return CLOSE.roomFull;
  if (sameAddressSpectators >= ROOM_LIMITS.spectatorsPerAddress) return CLOSE.addressFull;
  return null;
}

/** The lobby's socket: the address that asked for its ticket (wire/signing.ts `addressKey`). */
export interface LobbyWatcher {
  addressKey: string;
}

export function withLobbyWatcher(request: Party.Request, watcher: LobbyWatcher): Party.Request {
  setOwn(request, ADDRESS_HEADER, watcher.addressKey);
  return request;
}

export function lobbyWatcherFrom(request: Party.Request): LobbyWatcher | null {
  const addressKey = request.headers.get(ADDRESS_HEADER);
  return addressKey ? { addressKey } : null;
}

/**
 * Why a newcomer cannot hold a lobby socket (the caps of LOBBY_LIMITS), or null. `held` is the
 * address of every socket the lobby already holds.
 */
export function lobbyAdmissionRefusal(
  held: Iterable<string>,
  addressKey: string,
): CloseReason | null {
  let all = 0;
  let sameAddress = 0;
  for (const address of held) {
    all += 1;
    if (address === addressKey) sameAddress += 1;
  }
  if (sameAddress >= LOBBY_LIMITS.socketsPerAddress) return CLOSE.lobbyAddressFull;
  if (all >= LOBBY_LIMITS.sockets) return CLOSE.lobbyFull;
  return null;
}

/** Closes every admitted socket opened with a ticket of this session; returns how many. */
export function closeSession(room: Party.Room, sessionKey: string, reason: CloseReason): number {
  let closed = 0;
  for (const connection of [...admitted(room)]) {
    if (connection.state.sessionKey === sessionKey) {
      closeWith(connection, reason);
      closed += 1;
    }
  }
  return closed;
}

/** Users with an admitted socket here now. */
export function onlineUids(room: Party.Room): string[] {
  const live = new Set<string>();
  for (const connection of admitted(room)) live.add(connection.state.uid);
  return [...live];
}

export function closeWith(connection: Party.Connection, close: CloseReason): void {
  connection.close(close.code, close.reason);
}

/**
 * Answers the client's Close frame with ours (RFC 6455 §5.5.1). The runtime does not: without this,
 * workerd keeps every socket a client closed in CLOSE-WAIT until it runs out of file descriptors.
 */
export function answerClose(connection: Party.Connection): void {
  try {
    connection.close();
  } catch {
    // Already closed on our side (closeWith, or the socket broke): nothing to answer.
  }
}
