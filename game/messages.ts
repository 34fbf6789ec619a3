// Refusal messages. The first six are the spec's own words (product-spec §8) and must stay exact.
export const MESSAGES = {
  notYourTurn: "It's not your turn to roll.",
  playerNotFound: 'Player data not found.',
  insufficientBalance: 'Insufficient balance to purchase truck.',
  maxTrucks: 'Maximum truck limit reached.',
  roomClosed: 'Room is closed.',
  noOffer: 'There is no truck offer open for you.',
  notStarted: 'The game has not started yet.',
  gameOver: 'The game is over.',
  invalidRoll: 'A roll must be a whole number from 1 to 6.',
} as const;

/**
 * The stable code beside every `error` message on the room socket (docs/protocol.md): clients decide by
 * the code, never by the words. The room machine's refusals share their MESSAGES key; the room
 * server's own refusals (shape, rate, seat, loading) come after them.
 */
export const ROOM_ERROR_CODES = {
  notYourTurn: 'not_your_turn',
  playerNotFound: 'player_not_found',
  insufficientBalance: 'insufficient_balance',
  maxTrucks: 'max_trucks',
  roomClosed: 'room_closed',
  noOffer: 'no_offer',
  notStarted: 'not_started',
  gameOver: 'game_over',
  invalidRoll: 'invalid_roll',
  invalidMessage: 'invalid_message',
  tooManyMessages: 'too_many_messages',
  notAPlayer: 'not_a_player',
  notLoaded: 'room_not_loaded',
  /** A refusal without a code of its own (none today). */
  refused: 'refused',
} as const satisfies Record<keyof typeof MESSAGES, string> & Record<string, string>;

export type RoomErrorCode = (typeof ROOM_ERROR_CODES)[keyof typeof ROOM_ERROR_CODES];

const CODE_OF_MESSAGE = new Map<string, RoomErrorCode>(
  (Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]).map((key) => [
    MESSAGES[key],
    ROOM_ERROR_CODES[key],
  ]),
);

/**
 * The code of a refusal the room machine emitted. The machine names its refusals by these exact
 * constants, so the room server can put the code beside the words where they go on the wire.
 */
export function refusalCode(message: string): RoomErrorCode {
  return CODE_OF_MESSAGE.get(message) ?? ROOM_ERROR_CODES.refused;
}

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
