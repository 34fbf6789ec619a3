/**
 * The stable code of every `error` message on the room socket (docs/protocol.md): clients decide by
 * the code, never by the words. The room machine and the rules refuse with one of the first nine;
 * the room server's own refusals (shape, rate, seat, loading) come after them.
 */
export const ROOM_ERROR_CODES = [
  'not_your_turn',
  'player_not_found',
  'insufficient_balance',
  'max_trucks',
  'room_closed',
  'no_offer',
  'not_started',
  'game_over',
  'invalid_roll',
  'invalid_message',
  'too_many_messages',
  'not_a_player',
  'room_not_loaded',
] as const;

export type RoomErrorCode = (typeof ROOM_ERROR_CODES)[number];

/**
 * The words beside each code, put there by the room server where the error goes on the wire. Where
 * the spec has the words (its board messages: not your turn, player data, balance, truck limit,
 * room closed, not part of the room, failed to load) they are its own and must stay exact.
 */
export const ROOM_ERROR_MESSAGES = {
  not_your_turn: "It's not your turn to roll.",
  player_not_found: 'Player data not found.',
  insufficient_balance: 'Insufficient balance to purchase truck.',
  max_trucks: 'Maximum truck limit reached.',
  room_closed: 'Room is closed.',
  no_offer: 'There is no truck offer open for you.',
  not_started: 'The game has not started yet.',
  game_over: 'The game is over.',
  invalid_roll: 'A roll must be a whole number from 1 to 6.',
  invalid_message: 'Invalid message.',
  too_many_messages: 'Too many messages. Please slow down.',
  not_a_player: "You're not part of this room.",
  room_not_loaded: 'Failed to load game data. Please check your connection or room ID.',
} as const satisfies Record<RoomErrorCode, string>;

/**
 * The close codes of the room and lobby sockets (4000–4999 are the application's own, RFC 6455
 * §7.4.2). The servers give each its reason (`party/room/limits.ts`); clients decide by the code.
 */
export const SOCKET_CLOSE_CODES = {
  /** The socket sent too many messages the server refused (malformed, too large, over the rate). */
  refusedMessages: 4400,
  /** No checked user, or the session signed out: a new ticket, or sign in again. */
  unauthorized: 4401,
  /** The room does not exist. */
  notFound: 4404,
  /** A socket that pinged fell silent: reconnect. */
  silent: 4408,
  /** Over a cap (per user, per address, in all): back off before trying again. */
  tooMany: 4429,
  /** The board's code is older than the room protocol the server speaks: load the page again. */
  reload: 4426,
  /** The room server is stopping for a restart (RFC 6455's Service Restart): reconnect. */
  restarting: 1012,
  /** The board is newer than the room server (a deploy under way; RFC 6455's Try Again Later). */
  tryAgainLater: 1013,
} as const;

export type SocketCloseCode = (typeof SOCKET_CLOSE_CODES)[keyof typeof SOCKET_CLOSE_CODES];
