// Every cap of the room server and the lobby (the calls' body sizes are wire/'s), and the close
// codes and reasons a socket can get. Close codes in the 4000 range are the application's own
// (RFC 6455 §7.4.2). Those every client must know (a restart, a browser too old) are game/'s.
import { ROOM_CLOSE } from '../../game/protocol';

/** Connections a room accepts: watchers are capped per room, everyone per user. */
export const ROOM_LIMITS = {
  /** Spectator sockets per room; a seated player always gets in (up to the per-user cap). */
  spectatorsPerRoom: 200,
  /** Sockets of one user in one room (browser tabs). */
  connectionsPerUser: 3,
  /** The spectator count goes out with the next state at most this often (no rebroadcast per join). */
  spectatorCountEveryMs: 1_000,
  /**
   * After call 7 (a restart is coming), new sockets are closed with 1012 for this long; the process
   * normally ends well before (if it does not, the room takes sockets again).
   */
  restartingForMs: 30_000,
} as const;

export interface CloseReason {
  code: number;
  reason: string;
}

export const CLOSE = {
  unauthorized: { code: 4401, reason: 'Unauthorized' },
  signedOut: { code: 4401, reason: 'Signed out' },
  unknownRoom: { code: 4404, reason: 'Room not found' },
  roomFull: { code: 4429, reason: 'Too many connections to this room' },
  userFull: { code: 4429, reason: 'Too many connections from you to this room' },
  silent: { code: 4408, reason: 'No heartbeat' },
  ...ROOM_CLOSE,
} as const satisfies Record<string, CloseReason>;
