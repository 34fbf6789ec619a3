// Every cap of the room server and the lobby (the calls' body sizes are wire/'s), and the close
// reasons a socket can get, each with its code (game/messages.ts: clients decide by the code). The
// reasons a board shows as they are (a restart, a board too old) are game/protocol.ts's ROOM_CLOSE.
import { SOCKET_CLOSE_CODES as code, type SocketCloseCode } from '#game/messages.ts';
import { ROOM_CLOSE } from '#game/protocol-version.ts';
import type { RateLimit } from './rate-limit';

/** Connections a room accepts: watchers are capped per room, everyone per user. */
export const ROOM_LIMITS = {
  /** Spectator sockets per room; a seated player always gets in (up to the per-user cap). */
  spectatorsPerRoom: 200,
  /** Sockets of one user in one room (browser tabs). */
  connectionsPerUser: 3,
  /**
   * Spectator sockets from one address (as the site saw it when it gave the ticket) in one room, so
   * one address cannot take the room's watcher places with many guest sessions.
   */
  spectatorsPerAddress: 20,
  /**
   * Watcher sockets let in per address and room: 30 at once, then one every 2 s. Each costs the room
   * the whole state and the recent log, so reopening sockets is bounded, not only holding them.
   */
  spectatorAdmissionsPerAddress: { perSecond: 0.5, capacity: 30 } satisfies RateLimit,
  /** An address whose socket was closed for its refused messages waits this long to come back. */
  lockOutAfterRefusedMs: 60_000,
  /** The spectator count goes out with the next state at most this often (no rebroadcast per join). */
  spectatorCountEveryMs: 1_000,
  /**
   * After call 7 (a restart is coming), new sockets are closed with 1012 for this long; the process
   * normally ends well before (if it does not, the room takes sockets again).
   */
  restartingForMs: 30_000,
} as const;

/**
 * Sockets the lobby accepts. Over either cap a socket is closed with 4429 and the web client backs
 * off, polling the list meanwhile (site/app/game/use-public-rooms.ts).
 */
export const LOBBY_LIMITS = {
  /** From one address (as the site saw it when it gave the lobby ticket). */
  socketsPerAddress: 20,
  /** In all: every push goes to every socket. */
  sockets: 1_000,
  /** Sockets let in per address: 30 at once, then one every 2 s (each gets the whole list). */
  admissionsPerAddress: { perSecond: 0.5, capacity: 30 } satisfies RateLimit,
  /** An address whose socket sent the lobby anything waits this long to come back. */
  lockOutAfterMessageMs: 60_000,
} as const;

export interface CloseReason {
  code: SocketCloseCode;
  reason: string;
}

export const CLOSE = {
  unauthorized: { code: code.unauthorized, reason: 'Unauthorized' },
  signedOut: { code: code.unauthorized, reason: 'Signed out' },
  unknownRoom: { code: code.notFound, reason: 'Room not found' },
  roomFull: { code: code.tooMany, reason: 'Too many connections to this room' },
  userFull: { code: code.tooMany, reason: 'Too many connections from you to this room' },
  addressFull: {
    code: code.tooMany,
    reason: 'Too many connections from your address to this room',
  },
  addressTooOften: {
    code: code.tooMany,
    reason: 'Too many new connections from your address to this room',
  },
  silent: { code: code.silent, reason: 'No heartbeat' },
  refusedMessages: { code: code.refusedMessages, reason: 'Too many refused messages' },
  lobbyFull: { code: code.tooMany, reason: 'The lobby is full' },
  lobbyAddressFull: { code: code.tooMany, reason: 'Too many lobby connections from your address' },
  lobbyAddressTooOften: {
    code: code.tooMany,
    reason: 'Too many new lobby connections from your address',
  },
  lobbyMessage: { code: code.refusedMessages, reason: 'The lobby accepts no messages' },
  ...ROOM_CLOSE,
} as const satisfies Record<string, CloseReason>;
