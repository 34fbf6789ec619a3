// Game log entries, exactly as docs/protocol.md lists them; each carries the event's timestamp. One
// schema, and the types are read from it: the room server emits these, browsers parse them, the
// site replays them.
import { z } from 'zod';
import { BOX_IDS, type BoxId } from './board';

export const boxIdSchema = z.enum(BOX_IDS as [BoxId, ...BoxId[]]);
const boxId = boxIdSchema;

export const diceRollEntrySchema = z.object({
  type: z.literal('dice_roll'),
  player: z.string(),
  roll: z.number().int().min(1).max(6),
  newPosition: z.number().int(),
  extraTurn: z.boolean(),
  nonce: z.number().int().nonnegative(),
  auto: z.boolean(),
  timestamp: z.number(),
});

const truckFeeEntrySchema = z.object({
  type: z.literal('truck_fee'),
  from: z.string(),
  to: z.string(),
  boxId,
  amount: z.number(),
  timestamp: z.number(),
});

const tileEntrySchemas = (['revenue', 'expense', 'tax'] as const).map((type) =>
  z.object({
    type: z.literal(type),
    player: z.string(),
    boxId,
    key: z.string(),
    amount: z.number(),
    timestamp: z.number(),
  }),
);

const truckPurchaseEntrySchema = z.object({
  type: z.literal('truck_purchase'),
  player: z.string(),
  cost: z.number(),
  newTrucks: z.number().int(),
  timestamp: z.number(),
});

/**
 * A purchase offer closed without a purchase: declined by its holder, or lapsed (`lapsed: true`)
 * because the holder rolled again or another player's offer replaced it. With it every offer ends
 * in the log, so a replay can tell a decline from a missing event (an offer still open at the game's
 * end lapses with the game, unlogged).
 */
const truckDeclinedEntrySchema = z.object({
  type: z.literal('truck_declined'),
  player: z.string(),
  lapsed: z.boolean(),
  timestamp: z.number(),
});

export const logEntrySchema = z.discriminatedUnion('type', [
  diceRollEntrySchema,
  truckFeeEntrySchema,
  ...tileEntrySchemas,
  truckPurchaseEntrySchema,
  truckDeclinedEntrySchema,
]);

export type LogEntry = z.infer<typeof logEntrySchema>;
export type DiceRollEntry = Extract<LogEntry, { type: 'dice_roll' }>;
export type TruckFeeEntry = Extract<LogEntry, { type: 'truck_fee' }>;
export type TileEntry = Extract<LogEntry, { type: 'revenue' | 'expense' | 'tax' }>;
export type TruckPurchaseEntry = Extract<LogEntry, { type: 'truck_purchase' }>;
export type TruckDeclinedEntry = Extract<LogEntry, { type: 'truck_declined' }>;
