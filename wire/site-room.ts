// The site ↔ room-server calls (docs/protocol.md, "Site ↔ room calls"): their paths and the shape
// of every body, one schema each, read by both sides. The room server parses what the site sends
// (calls 1, 4, 5, 7) and the site's answer to its pull (call 2); the site builds them to these types.
// The settlement report (call 3) is in settlement.ts, the signatures in signing.ts.
//
//   1  site → room   POST /parties/main/:roomId                  {type:'room', room}
//   2  room → site   GET  /api/internal/rooms/:roomId            → {room} or 404 (unknown: no storage)
//   3  room → site   POST /api/internal/rooms/:roomId/settlement  the finished game
//   4  site → lobby  POST /parties/lobby/main                     {type:'rooms', rooms}
//   5  site → room   POST /parties/main/:roomId                  {type:'signedOut', sessionKey}
//   6  site → room   GET  /parties/main/:roomId                  → the room's public status
//   7  start → room  POST /parties/main/:roomId                  {type:'restarting'}
//   8  site → room   GET  /parties/main/:roomId/view  (signed)   → {view}: what a spectator sees
import { z } from 'zod';
import { roomStatusSchema, roomViewSchema } from '#game/protocol.ts';
import { PRIVACY_OPTIONS } from '#game/room-options.ts';

const roomId = z.string().min(1).max(128);
const uid = z.string().min(1).max(128);

/** Where each call goes (the path that is signed). */
export const wirePaths = {
  room: (id: string) => `/parties/main/${encodeURIComponent(id)}`,
  roomView: (id: string) => `/parties/main/${encodeURIComponent(id)}/view`,
  lobby: '/parties/lobby/main',
  pull: (id: string) => `/api/internal/rooms/${encodeURIComponent(id)}`,
  settlement: (id: string) => `/api/internal/rooms/${encodeURIComponent(id)}/settlement`,
} as const;

/** What the room server learns of a room: its settings, the seed for the dice and the seats. */
export const roomForPartySchema = z.object({
  roomId,
  // 0 for a practice room (no money moves).
  stakeNgwee: z.number().int().nonnegative(),
  timeMinutes: z.number().positive(),
  maxPlayers: z.number().int().min(2).max(6),
  serverSeed: z.string().min(1).max(256),
  /** A daily challenge's Lusaka date: the room keeps its seed to itself (decision 088). */
  dailyChallenge: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  /** The site never says 'countdown': the room server runs the countdown. */
  status: z.enum(['waiting', 'active', 'ended', 'closed']),
  /** A finished game's rematch, once a player started one: game over offers the others to join. */
  rematch: z.object({ roomId, hostId: uid, hostName: z.string().max(200) }).optional(),
  seats: z
    .array(z.object({ uid, name: z.string().max(200), clientSeed: z.string().max(64) }))
    .max(6),
});
export type RoomForParty = z.infer<typeof roomForPartySchema>;

/** Call 1: the site pushes the room on every seat change and when it closes. */
export const roomPushSchema = z.object({ type: z.literal('room'), room: roomForPartySchema });

/**
 * Call 5: a session signed out. Its sockets in this room close (4401 `Signed out`) and its tickets,
 * which live at most a minute, are refused from now on. `sessionKey` is the ticket's `sk`.
 */
export const signOutPushSchema = z.object({
  type: z.literal('signedOut'),
  sessionKey: z.string().min(1).max(64),
});

/**
 * Call 7: the room server is about to stop for a restart (`npm start` sends it on SIGTERM). Every
 * socket of the room closes with 1012 (game/protocol-version.ts `ROOM_CLOSE.restarting`) and new ones are
 * closed the same way until the process ends; the clients reconnect by themselves.
 */
export const restartingPushSchema = z.object({ type: z.literal('restarting') });

/** What the site may POST to `/parties/main/:roomId` (calls 1, 5 and 7). */
export const roomCallSchema = z.discriminatedUnion('type', [
  roomPushSchema,
  signOutPushSchema,
  restartingPushSchema,
]);
export type RoomCall = z.infer<typeof roomCallSchema>;

/**
 * Call 6's answer, public (no signature): what the room server holds. `status` is `unknown` while
 * it holds no game (the site did not answer its pull); `closed` for a room closed before its game
 * began, which is also what a room server that lost its storage answers once the game's start is
 * past (the site then refunds the room, `site/server/rooms/expiry.ts`). `sockets` counts the
 * admitted connections (players and spectators).
 */
export const roomServerStatusSchema = z.object({
  roomId: z.string().max(128),
  status: z.enum(['waiting', 'countdown', 'active', 'ended', 'closed', 'unknown']),
  players: z.number().int().nonnegative(),
  spectators: z.number().int().nonnegative(),
  sockets: z.number().int().nonnegative(),
  settled: z.boolean(),
});
export type RoomServerStatus = z.infer<typeof roomServerStatusSchema>;

/**
 * Call 8's answer: the room as a spectator's socket first receives it (the view `S` of
 * docs/protocol.md, nothing a watcher does not get), or null while the room server holds no game.
 * The site draws it in the board page's first HTML.
 */
export const roomViewAnswerSchema = z.object({ view: roomViewSchema.nullable() });
export type RoomViewAnswer = z.infer<typeof roomViewAnswerSchema>;

/**
 * Largest answer to call 8 the site reads (bytes of UTF-8): six players' views with a finished
 * game's statements and lessons are about 12 KiB; past this the site draws the empty board.
 */
export const ROOM_VIEW_ANSWER_LIMIT = 256 * 1024;

/** Call 2's answer. */
export const roomPullSchema = z.object({ room: roomForPartySchema });
export type RoomPull = z.infer<typeof roomPullSchema>;

/** The API's `room` (docs/api.md): what anyone may see, the lobby included. Never the server seed. */
export const publicRoomSchema = z.object({
  roomId,
  roomName: z.string().max(200),
  hostId: uid,
  /** The stake in ZMW (0 in a practice game). */
  amount: z.number().nonnegative(),
  /** A practice game against bots: no stake, no ledger, never listed. */
  practice: z.boolean(),
  time: z.number().positive(),
  maxPlayers: z.number().int().min(2).max(6),
  privacy: z.enum(PRIVACY_OPTIONS),
  isActive: z.boolean(),
  status: roomStatusSchema,
  participants: z.record(
    uid,
    z.object({ uid, name: z.string().max(200), joinedAt: z.string().max(40) }),
  ),
  joinedOrder: z.array(uid).max(6),
  createdAt: z.string().max(40),
  serverSeedHash: z.string().max(128),
  /** ISO time a waiting room closes (stakes refunded) if it has not filled; absent once started. */
  closesAt: z.string().max(40).optional(),
});
export type PublicRoom = z.infer<typeof publicRoomSchema>;

/**
 * Call 4: the public rooms still open, for the lobby. `at`: the site's clock (ms) when it began
 * reading the list; the lobby keeps the newest read and a browser shows no older list than it has
 * (a push held up by retries, or from another site process, is never newer). Absent from sites
 * before it: such a list is taken as it comes.
 */
export const lobbyPushSchema = z.object({
  type: z.literal('rooms'),
  rooms: z.array(publicRoomSchema).max(1000),
  at: z.number().int().nonnegative().optional(),
});
export type LobbyPush = z.infer<typeof lobbyPushSchema>;

/**
 * Largest body each call may carry (bytes of UTF-8); a receiver stops reading there (413). A room
 * push holds at most six seats of bounded fields, about 7 KiB at worst; a sign-out is a few ids;
 * the lobby list holds at most 1000 public rooms of about 600 bytes each; the pull is a GET (no
 * body). A settlement carries every log entry of the game: measured at 336–422 bytes per roll
 * (tests/unit/wire/internal-limits.test.ts), so an hour rolled at 10 a second, about 36,000 rolls,
 * is 12–15 MB; this leaves room for twice that.
 */
export const CALL_BODY_LIMITS = {
  roomCall: 16 * 1024,
  /** Call 8 is a GET: no body. */
  roomView: 0,
  lobbyPush: 1024 * 1024,
  pull: 1024,
  settlement: 32 * 1024 * 1024,
} as const;

/**
 * Every `code` a signed call between the site and the room servers can be refused with, either way
 * (docs/protocol.md, docs/api.md): the list the refusals' code type is made from.
 */
export const CALL_REFUSAL_CODES = [
  'unauthorized',
  'body_too_large',
  'invalid_body',
  'method_not_allowed',
  'wrong_room',
  'not_found',
  'room_not_found',
  'room_unavailable',
  'clock_running',
  'room_not_active',
  'settlement_malformed',
  'settlement_wrong_room',
  'settlement_wrong_players',
  'settlement_too_early',
  'settlement_timeline',
  'settlement_incomplete',
  'settlement_mismatch',
  'settlement_rules_newer',
  'settlement_replay_failed',
  'settlement_failed',
] as const;

export type CallRefusalCode = (typeof CALL_REFUSAL_CODES)[number];

/**
 * The words beside each code. A settlement refusal says more, case by case (which field differs,
 * which entry is out of time: site/server/rooms/settlement.ts); these are its general words.
 */
export const CALL_REFUSAL_MESSAGES = {
  unauthorized: 'Unauthorized',
  body_too_large: 'Request body too large',
  invalid_body: 'Invalid body',
  method_not_allowed: 'Method not allowed',
  wrong_room: 'Wrong room',
  not_found: 'Not found',
  room_not_found: 'Room not found',
  room_unavailable: 'The room could not be loaded',
  clock_running: 'The clock is not standing still',
  room_not_active: 'The room is not active.',
  settlement_malformed: 'The settlement body has the wrong shape.',
  settlement_wrong_room: 'The settlement names another room.',
  settlement_wrong_players: 'The players are not the seated players.',
  settlement_too_early: 'The game has not reached its end time yet.',
  settlement_timeline: 'The log does not keep the game’s time.',
  settlement_incomplete: 'The game has no roll.',
  settlement_mismatch: 'The settlement differs from the replay.',
  settlement_rules_newer: 'The game was played under rules this site does not know.',
  settlement_replay_failed: 'The game could not be replayed.',
  settlement_failed: 'Settlement failed.',
} as const satisfies Record<CallRefusalCode, string>;

/** Every refusal of a call, either way: `{error, code}` (the settlement's adds `retry`). */
export const callRefusalSchema = z.object({ error: z.string(), code: z.string() });
export type CallRefusal = { error: string; code: CallRefusalCode };

/** A refusal of a call: its code, and its words (the code's own unless the case says more). */
export function callRefusal(
  code: CallRefusalCode,
  error: string = CALL_REFUSAL_MESSAGES[code],
): CallRefusal {
  return { error, code };
}
