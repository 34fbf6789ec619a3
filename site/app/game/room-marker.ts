// How far a room had got, in the few facts that tell a log entry from before and one from after:
// the last roll's nonce, each player's trucks, the open offer. The board reads each entry the room
// sends against the view it holds: an entry the view already includes is history (the log a new
// socket receives), one it does not is news, to be revealed once its state arrives. Against the
// view from before a dropped connection, the same test finds what happened while away.
import type { LogEntry } from '#game/log.ts';
import type { RoomView } from '#game/protocol.ts';

export interface Marker {
  nonce: number;
  trucks: Readonly<Record<string, number>>;
  offer: string | null;
}

export function markerOf(view: RoomView): Marker {
  const trucks: Record<string, number> = {};
  for (const [uid, p] of Object.entries(view.participants)) trucks[uid] = p.trucks;
  return { nonce: view.lastRoll?.nonce ?? -1, trucks, offer: view.pendingPurchase };
}

/** The entries a roll brings with it (same timestamp): they share the roll's answer. */
export function followsRoll(entry: LogEntry, rollAt: number): boolean {
  if (entry.timestamp !== rollAt) return false;
  return (
    entry.type === 'revenue' ||
    entry.type === 'expense' ||
    entry.type === 'tax' ||
    entry.type === 'truck_fee' ||
    (entry.type === 'truck_declined' && entry.lapsed)
  );
}

/**
 * Whether `entry` happened after the room stood at `marker`; null for an entry that follows a roll
 * (it is as new as its roll).
 */
export function isNewer(entry: LogEntry, marker: Marker): boolean | null {
  switch (entry.type) {
    case 'dice_roll':
      return entry.nonce > marker.nonce;
    case 'truck_purchase':
      return entry.newTrucks > (marker.trucks[entry.player] ?? 0);
    case 'truck_declined':
      return entry.lapsed ? null : marker.offer === entry.player;
    default:
      return null;
  }
}
