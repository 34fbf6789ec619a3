// Seats' presence against the live sockets: sockets whose heartbeat stopped are closed
// (docs/decisions/036), and a restored room's stored presence is brought in line with who is here.
import type * as Party from 'partykit/server';
import { closeWith, onlineUids, viewerOf, type Viewer } from './connections';
import { CLOSE } from './limits';
import type { MessageGate } from './message-gate';
import type { RoomActor } from './room-actor';

/**
 * Closes the sockets the gate heard nothing from (and forgets them); answers, per user, the last
 * closed socket of each user who has no other live socket left here.
 */
export function closeSilent(
  room: Party.Room,
  gate: MessageGate,
  wall: number,
): Map<string, Party.Connection<Viewer>> {
  const silent = new Set(gate.silent(wall));
  const gone = new Map<string, Party.Connection<Viewer>>();
  if (silent.size === 0) return gone;
  for (const id of silent) {
    gate.forget(id);
    const connection = room.getConnection<Viewer>(id);
    const viewer = connection ? viewerOf(connection) : null;
    if (!connection || !viewer) continue;
    closeWith(connection, CLOSE.silent);
    gone.set(viewer.uid, connection);
  }
  const stillHere = new Set<string>();
  for (const connection of room.getConnections<Viewer>()) {
    const viewer = viewerOf(connection);
    if (viewer && !silent.has(connection.id)) stillHere.add(viewer.uid);
  }
  for (const uid of stillHere) gone.delete(uid);
  return gone;
}

/** The seats whose stored presence differs from the live sockets, with their live presence. */
export function presenceDrift(
  actor: RoomActor,
  room: Party.Room,
): { uid: string; connected: boolean }[] {
  const { seats, connected } = actor.getSnapshot().context;
  const live = new Set(onlineUids(room));
  return seats
    .map(({ uid }) => ({ uid, connected: live.has(uid) }))
    .filter(({ uid, connected: isLive }) => (connected[uid] === true) !== isLive);
}
