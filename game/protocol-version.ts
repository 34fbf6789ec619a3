// The room protocol's version and the close reasons a board acts on: without zod, so the browser's
// board and its islands can read them (game/protocol.ts holds the schemas).
import { SOCKET_CLOSE_CODES } from './messages';

/**
 * The room protocol's version (docs/decisions/095). A browser names the one it speaks in the socket
 * URL's `protocol` parameter; a room server accepts `oldest` … `version`. A browser without the
 * parameter speaks 1, the protocol as it was before it carried a version. Raise `version` with any
 * change a client of the previous version cannot read, and `oldest` when the room server stops
 * speaking the older one.
 */
export const ROOM_PROTOCOL = { version: 1, oldest: 1, param: 'protocol' } as const;

/**
 * The close reasons a board shows or acts on as they come (the others are party/room/limits.ts's;
 * every code is game/messages.ts's): 1012 while the room server stops for a restart, after which the
 * board reconnects by itself; 4426 when the board's code is older than the room protocol, where
 * reconnecting cannot help: it must load the page again.
 */
export const ROOM_CLOSE = {
  restarting: {
    code: SOCKET_CLOSE_CODES.restarting,
    reason: 'The room server is restarting: reconnect',
  },
  reload: { code: SOCKET_CLOSE_CODES.reload, reason: 'A new version is ready: reload' },
  /** A browser newer than the room server (a deploy under way): reconnect later. */
  tooNew: {
    code: SOCKET_CLOSE_CODES.tryAgainLater,
    reason: 'The room server is being updated: reconnect',
  },
} as const;

/** What a room server does with a socket whose client speaks the protocol named by `param`. */
export function protocolVerdict(param: string | null): 'ok' | 'reload' | 'tooNew' {
  const version = param === null || param === '' ? 1 : Number(param);
  if (!Number.isInteger(version) || version < ROOM_PROTOCOL.oldest) return 'reload';
  return version > ROOM_PROTOCOL.version ? 'tooNew' : 'ok';
}
