// The room's wire format (docs/protocol.md), one schema shared by the room server and every client:
// clients parse what the server sends, the server parses what clients send.
import { z } from 'zod';
import { BOX_IDS, PLAYER_COLORS } from './board';
import type { RoomEvent } from './room-machine';

export const MAX_CLIENT_MESSAGE_BYTES = 4096;

export const clientMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('roll') }),
  z.strictObject({ type: z.literal('buyTruck') }),
  z.strictObject({ type: z.literal('declineTruck') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

const boxId = z.enum(BOX_IDS as [`box${number}`, ...`box${number}`[]]);
const amounts = z.record(z.string(), z.number());

export const logEntrySchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('dice_roll'),
    player: z.string(),
    roll: z.number().int().min(1).max(6),
    newPosition: z.number().int(),
    extraTurn: z.boolean(),
    nonce: z.number().int().nonnegative(),
    auto: z.boolean(),
    timestamp: z.number(),
  }),
  z.object({
    type: z.literal('truck_fee'),
    from: z.string(),
    to: z.string(),
    boxId,
    amount: z.number(),
    timestamp: z.number(),
  }),
  ...(['revenue', 'expense', 'tax'] as const).map((type) =>
    z.object({
      type: z.literal(type),
      player: z.string(),
      boxId,
      key: z.string(),
      amount: z.number(),
      timestamp: z.number(),
    }),
  ),
  z.object({
    type: z.literal('truck_purchase'),
    player: z.string(),
    cost: z.number(),
    newTrucks: z.number().int(),
    timestamp: z.number(),
  }),
  z.object({
    type: z.literal('truck_declined'),
    player: z.string(),
    lapsed: z.boolean(),
    timestamp: z.number(),
  }),
]);

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

export const roomViewSchema = z.object({
  roomId: z.string(),
  status: z.enum(['waiting', 'countdown', 'active', 'ended', 'closed']),
  /** ZMW. */
  stake: z.number(),
  timeMinutes: z.number(),
  maxPlayers: z.number().int(),
  joinedOrder: z.array(z.string()),
  participants: z.record(z.string(), participantViewSchema),
  boardState: z.record(z.string(), z.object({ owner: z.string().nullable(), trucks: z.number() })),
  turn: z.object({
    currentPlayer: z.string().nullable(),
    round: z.number().int(),
    deadline: z.number().nullable(),
  }),
  countdownEndsAt: z.number().nullable(),
  gameStartTime: z.number().nullable(),
  gameEndTime: z.number().nullable(),
  pendingPurchase: z.string().nullable(),
  lastRoll: z
    .object({
      player: z.string(),
      roll: z.number().int(),
      newPosition: z.number().int(),
      extraTurn: z.boolean(),
      nonce: z.number().int(),
      auto: z.boolean(),
      timestamp: z.number(),
    })
    .nullable(),
  spectators: z.number().int().nonnegative(),
  /** serverSeed stays null until the game has ended. */
  fairness: z.object({
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    serverSeed: z.string().nullable(),
  }),
  result: resultViewSchema.nullable(),
});
export type RoomView = z.infer<typeof roomViewSchema>;
export type ParticipantView = z.infer<typeof participantViewSchema>;
export type ResultView = z.infer<typeof resultViewSchema>;

export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('state'), state: roomViewSchema }),
  z.object({ type: z.literal('log'), entry: logEntrySchema }),
  // `code` (game/messages.ts ROOM_ERROR_CODES) is what clients decide by; optional so that a client
  // still reads a room server from before codes, and a string so a newer server's code parses.
  z.object({ type: z.literal('error'), message: z.string(), code: z.string().optional() }),
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
export function intentEvent(message: ClientMessage, by: string, now: number): RoomEvent {
  switch (message.type) {
    case 'roll':
      return { type: 'ROLL', by, now };
    case 'buyTruck':
      return { type: 'BUY_TRUCK', by, now };
    case 'declineTruck':
      return { type: 'DECLINE_TRUCK', by, now };
  }
}
