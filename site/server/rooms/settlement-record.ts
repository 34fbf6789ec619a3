// The finished game the site keeps once it has paid (docs/api.md, `GET /api/games/:roomId`): the
// verified settlement report (wire/settlement.ts) with the pot in ZMW and the revealed seed.
import type { LogEntry } from '#game/log.ts';
import type { Statement } from '#game/statement.ts';
import type { SettlementReport } from '#wire/settlement.ts';
import type { Lessons } from '#game/lesson.ts';

export interface FinishedGame {
  roomId: string;
  joinedOrder: string[];
  participants: SettlementReport['participants'];
  boardState: SettlementReport['boardState'];
  /** ISO time the game ended. */
  endTime: string;
  winners: string[];
  /** ZMW. */
  totalPot: number;
  /** ZMW, all that the winners received together. */
  winnerShare: number;
  /** ZMW. */
  systemShare: number;
  statements: Record<string, Statement>;
  /** `serverSeed` is null in an answer while a daily challenge's seed is still secret. */
  fairness: { serverSeed: string | null; serverSeedHash: string; clientSeed: string };
  logs: LogEntry[];
  /** Each seat's business lesson (game/lesson.ts); absent from games recorded before lessons. */
  lessons?: Lessons;
  /** A practice game against bots (contract section 7); absent from real games before practice. */
  practice?: boolean;
  /** A daily challenge's Lusaka date (decision 088): its seed is revealed the next day. */
  dailyChallenge?: string;
  /** In an answer while a daily challenge's seed is secret: when it is revealed (ISO). */
  seedRevealAt?: string;
}
