// The room's wire format (docs/protocol.md), one schema shared by the room server and every client:
// the server parses what clients send; the tests and bots check what the server sends against it
// (the browser's board reads it with game/room-sync.ts instead, without zod).
import { z } from 'zod';
import { PLAYER_COLORS } from './board';
import { boxIdSchema as boxId, diceRollEntrySchema, logEntrySchema } from './log';
import type { RoomEvent } from './room-machine';

export const MAX_CLIENT_MESSAGE_BYTES = 4096;

export const clientMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('roll') }),
  z.strictObject({ type: z.literal('buyTruck') }),
  z.strictObject({ type: z.literal('declineTruck') }),
  // The heartbeat: the room answers `pong` at once; it never reaches the machine.
  z.strictObject({ type: z.literal('ping') }),
  // A client that missed a version asks for the whole state (rate-limited like the rest).
  z.strictObject({ type: z.literal('sync') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
/** A player's intent: what the room machine decides on. */
export type IntentMessage = Exclude<ClientMessage, { type: 'ping' | 'sync' }>;

/** The finance statement of docs/rules.md (game/statement.ts computes it). */
export const statementSchema = z.object({
  revenue: z.number(),
  expenses: z.number(),
  charitable: z.number(),
  autoinvestment: z.number(),
  tithe: z.number(),
  netOperatingProfit: z.number(),
  tax: z.number(),
  netProfit: z.number(),
  trucks: z.number().int(),
});

const amounts = z.record(z.string(), z.number());

export const participantViewSchema = z.object({
  name: z.string(),
  position: z.number().int(),
  balance: z.number(),
  trucks: z.number().int(),
  color: z.enum(PLAYER_COLORS),
  homeBox: boxId,
  revenue: amounts,
  expenses: amounts,
  tax: z.number(),
  connected: z.boolean(),
});

export const lessonPointSchema = z.object({ key: z.string(), text: z.string() });

export const resultViewSchema = z.object({
  winners: z.array(z.string()),
  /** ZMW. */
  totalPot: z.number(),
  /** ZMW: what the winners received together. */
  winnerShare: z.number(),
  /** ZMW. */
  systemShare: z.number(),
  statements: z.record(z.string(), statementSchema),
  /** Each player's business lesson, bots included (contract section 7). */
  lessons: z.record(z.string(), z.array(lessonPointSchema)),
});

/** A room's life: the machine's states, and what the site calls its rooms. */
export const roomStatusSchema = z.enum(['waiting', 'countdown', 'active', 'ended', 'closed']);
export type RoomStatus = z.infer<typeof roomStatusSchema>;

/** Each box's owner (a home box's player) and trucks. */
export const boardStateSchema = z.record(
  z.string(),
  z.object({ owner: z.string().nullable(), trucks: z.number() }),
);

export const roomViewSchema = z.object({
  roomId: z.string(),
  status: roomStatusSchema,
  /** ZMW. */
  stake: z.number(),
  timeMinutes: z.number(),
  maxPlayers: z.number().int(),
  joinedOrder: z.array(z.string()),
  participants: z.record(z.string(), participantViewSchema),
  boardState: boardStateSchema,
  turn: z.object({
    currentPlayer: z.string().nullable(),
    round: z.number().int(),
    deadline: z.number().nullable(),
  }),
  countdownEndsAt: z.number().nullable(),
  gameStartTime: z.number().nullable(),
  gameEndTime: z.number().nullable(),
  pendingPurchase: z.string().nullable(),
  lastRoll: diceRollEntrySchema.omit({ type: true }).nullable(),
  spectators: z.number().int().nonnegative(),
  /** serverSeed stays null until the game has ended (for ever in a daily challenge). */
  fairness: z.object({
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    serverSeed: z.string().nullable(),
  }),
  /** A daily challenge's Lusaka date (`YYYY-MM-DD`): the site reveals its seed the next day. */
  dailyChallenge: z.string().optional(),
  result: resultViewSchema.nullable(),
  /** Once a player of the finished game started a rematch: its room and who started it. */
  rematch: z.object({ roomId: z.string(), hostId: z.string(), hostName: z.string() }).optional(),
});
export type RoomView = z.infer<typeof roomViewSchema>;
export type ParticipantView = z.infer<typeof participantViewSchema>;
export type ResultView = z.infer<typeof resultViewSchema>;

/** The view's version: rises by one with each change the room sends. */
const versionSchema = z.number().int().nonnegative();

export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('state'), version: versionSchema, state: roomViewSchema }),
  // An RFC 7386 JSON Merge Patch from version − 1 to version (game/merge-patch.ts). Its result is
  // checked where it is applied (a patched view must parse as roomViewSchema).
  z.object({
    type: z.literal('patch'),
    version: versionSchema,
    patch: z.record(z.string(), z.unknown()),
  }),
  z.object({ type: z.literal('log'), entry: logEntrySchema }),
  // `code` (one of game/messages.ts ROOM_ERROR_CODES) is what clients decide by; optional so that a client
  // still reads a room server from before codes, and a string so a newer server's code parses.
  z.object({ type: z.literal('error'), message: z.string(), code: z.string().optional() }),
  z.object({ type: z.literal('pong') }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

export type Parsed<T> = { ok: true; message: T } | { ok: false; reason: string };

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}

function parseWith<T>(schema: z.ZodType<T>, raw: string, maxBytes: number): Parsed<T> {
  // A UTF-16 unit is at most 3 UTF-8 bytes: skip the encoding for obviously small or large input.
  if (raw.length > maxBytes || (raw.length * 3 > maxBytes && utf8Length(raw) > maxBytes)) {
    return { ok: false, reason: 'Message too large.' };
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, reason: 'Message is not valid JSON.' };
  }
  const parsed = schema.safeParse(json);
  return parsed.success
    ? { ok: true, message: parsed.data }
    : { ok: false, reason: 'Unknown or malformed message.' };
}

/** What a browser sent, checked before it reaches the machine (at most 4 KiB). */
export function parseClientMessage(raw: string): Parsed<ClientMessage> {
  return parseWith(clientMessageSchema, raw, MAX_CLIENT_MESSAGE_BYTES);
}

/** What the room server sent, checked by the client. */
export function parseServerMessage(raw: string): Parsed<ServerMessage> {
  return parseWith(serverMessageSchema, raw, Number.MAX_SAFE_INTEGER);
}

/** The machine event for a player's intent. */
export function intentEvent(message: IntentMessage, by: string, now: number): RoomEvent {
  switch (message.type) {
    case 'roll':
      return { type: 'ROLL', by, now };
    case 'buyTruck':
      return { type: 'BUY_TRUCK', by, now };
    case 'declineTruck':
      return { type: 'DECLINE_TRUCK', by, now };
  }
}
