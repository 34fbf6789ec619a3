// The settlement report a room server sends (protocol call 3) and the finished game the site keeps
// (docs/api.md, `GET /api/games/:roomId`).
import { z } from 'zod';
import type { Lessons } from '../../../game/lesson';

const uid = z.string().min(1).max(128);
const amounts = z.record(z.string().max(64), z.number().int());

const reportedParticipant = z.looseObject({
  name: z.string().max(200),
  position: z.number().int(),
  balance: z.number().int(),
  trucks: z.number().int(),
  revenue: amounts,
  expenses: amounts,
  tax: z.number().int(),
});

export const settlementReportSchema = z.object({
  roomId: z.string().min(1).max(64),
  joinedOrder: z.array(uid).min(2).max(6),
  participants: z.record(uid, reportedParticipant),
  boardState: z.record(z.string().max(16), z.unknown()),
  endTime: z.number().int().nonnegative(),
  winners: z.array(uid).max(6),
  statements: z.record(uid, z.record(z.string().max(64), z.number().int())),
  logs: z.array(z.unknown()).max(500_000),
  rolls: z
    .array(z.object({ nonce: z.number().int().nonnegative(), roll: z.number().int(), player: uid }))
    .max(200_000),
});

export type SettlementReport = z.infer<typeof settlementReportSchema>;

export interface FinishedGame {
  roomId: string;
  joinedOrder: string[];
  participants: SettlementReport['participants'];
  boardState: Record<string, { owner: string | null; trucks: number }>;
  /** ISO time the game ended. */
  endTime: string;
  winners: string[];
  /** ZMW. */
  totalPot: number;
  /** ZMW, all that the winners received together. */
  winnerShare: number;
  /** ZMW. */
  systemShare: number;
  statements: Record<
    string,
    {
      revenue: number;
      expenses: number;
      charitable: number;
      autoinvestment: number;
      tithe: number;
      netOperatingProfit: number;
      tax: number;
      netProfit: number;
      trucks: number;
    }
  >;
  fairness: { serverSeed: string; serverSeedHash: string; clientSeed: string };
  logs: unknown[];
  /** Each seat's business lesson (game/lesson.ts); absent from games recorded before lessons. */
  lessons?: Lessons;
  /** A practice game against bots (contract section 7); absent from real games before practice. */
  practice?: boolean;
}
