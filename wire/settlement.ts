// Protocol call 3, the settlement report: the room server builds it from its final view, its result
// and its log; the site parses it, replays it (game/replay.ts) and pays. The answer says whether
// a later try could be accepted.
import { z } from 'zod';
import { diceRollEntrySchema, logEntrySchema } from '../game/log';
import { boardStateSchema, participantViewSchema } from '../game/protocol';
import { statementSchema } from '../game/protocol';
import { callRefusalSchema } from './site-room';

const uid = z.string().min(1).max(128);

export const settlementReportSchema = z.object({
  roomId: z.string().min(1).max(64),
  joinedOrder: z.array(uid).min(2).max(6),
  participants: z.record(uid, participantViewSchema),
  boardState: boardStateSchema,
  /** When the game ended on the room server's clock: its first roll plus the game's length. */
  endTime: z.number().int().nonnegative(),
  winners: z.array(uid).max(6),
  statements: z.record(uid, statementSchema),
  logs: z.array(logEntrySchema).max(500_000),
  /** The log's dice rolls in order (game/replay.ts `rollsOf`). */
  rolls: z.array(diceRollEntrySchema.pick({ nonce: true, roll: true, player: true })).max(200_000),
});
export type SettlementReport = z.infer<typeof settlementReportSchema>;

/**
 * The site's answer: 200 `{ok: true, settled: true}` (also for a repeat), or a refusal whose
 * `retry: false` means the same report can never be accepted, so the room server stops sending it.
 */
export const settlementAnswerSchema = z.union([
  z.object({ ok: z.literal(true), settled: z.literal(true) }),
  callRefusalSchema.extend({ retry: z.boolean() }),
]);
export type SettlementAnswer = z.infer<typeof settlementAnswerSchema>;
export type SettlementRefusal = Extract<SettlementAnswer, { retry: boolean }>;
