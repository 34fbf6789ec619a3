// Who is behind a connection. The ticket is checked in `onBeforeConnect` (before any room state
// exists), which passes the user on to `onConnect` in request headers that it sets itself, so a
// client cannot supply them.
import type * as Party from 'partykit/server';

export const UID_HEADER = 'x-zt-uid';
export const NAME_HEADER = 'x-zt-name';

export interface Viewer {
  uid: string;
  name: string;
}

export function withViewer(request: Party.Request, viewer: Viewer): Party.Request {
  request.headers.set(UID_HEADER, viewer.uid);
  // Header values must be bytes; names may hold any character.
  request.headers.set(NAME_HEADER, encodeURIComponent(viewer.name));
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
  return { uid, name };
}

export function viewerOf(connection: Party.Connection<Viewer>): Viewer | null {
  return connection.state ?? null;
}

/** Open connections of one user, other than `except`. */
export function hasOtherConnection(
  room: Party.Room,
  uid: string,
  except: Party.Connection,
): boolean {
  for (const connection of room.getConnections<Viewer>()) {
    if (connection.id !== except.id && connection.state?.uid === uid) return true;
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
  for (const connection of room.getConnections<Viewer>()) {
    if (connection.id === closing?.id) continue;
    const uid = connection.state?.uid;
    if (uid && !seated.has(uid)) watchers.add(uid);
  }
  return watchers.size;
}
