// Protocol call 3, the settlement report: the room server builds it from its final view, its result
// and its log; the site parses it, replays it (game/replay.ts) and pays. The answer says whether
// a later try could be accepted.
import { z } from 'zod';
import { diceRollEntrySchema, logEntrySchema } from '#game/log.ts';
import { boardStateSchema, participantViewSchema, statementSchema } from '#game/protocol.ts';
import { callRefusalSchema } from './site-room';

const uid = z.string().min(1).max(128);

export const settlementReportSchema = z.object({
  roomId: z.string().min(1).max(64),
  /**
   * The rules the game was played under (game/rules.ts RULES_VERSION when the room was created); a
   * report without it comes from a room server before rules carried a version: 1.
   */
  rulesVersion: z.number().int().nonnegative().default(1),
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
  // `refunded`: the site no longer has the game's rules, so it returned every stake instead.
  z.object({ ok: z.literal(true), settled: z.literal(true), refunded: z.boolean().optional() }),
  callRefusalSchema.extend({ retry: z.boolean() }),
]);
export type SettlementAnswer = z.infer<typeof settlementAnswerSchema>;
export type SettlementRefusal = Extract<SettlementAnswer, { retry: boolean }>;
