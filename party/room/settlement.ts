// The settlement report (protocol call 3) and its retry record. The body is rebuilt from the final
// view, the machine's result and the stored log at each attempt, so storage holds only the small
// record below.
import { RULES_VERSION } from '#game/rules.ts';
import { rollsOf } from '#game/replay.ts';
import type { LogEntry } from '#game/log.ts';
import type { RoomView } from '#game/protocol.ts';
import type { Statement } from '#game/statement.ts';
import { settlementAnswerSchema, type SettlementReport } from '#wire/settlement.ts';
import { retryDelay } from './backoff';
import { parseJson } from './json';
import type { SettlementRecord } from './storage';

export function buildSettlement(input: {
  roomId: string;
  view: Pick<RoomView, 'joinedOrder' | 'participants' | 'boardState'>;
  result: { winners: string[]; statements: Record<string, Statement>; endTime: number };
  logs: LogEntry[];
  /** The rules the game was played under (stored with its snapshot); today's by default. */
  rules?: number;
}): SettlementReport {
  return {
    roomId: input.roomId,
    rulesVersion: input.rules ?? RULES_VERSION,
    joinedOrder: input.view.joinedOrder,
    participants: input.view.participants,
    boardState: input.view.boardState,
    endTime: input.result.endTime,
    winners: input.result.winners,
    statements: input.result.statements,
    logs: input.logs,
    rolls: rollsOf(input.logs),
  };
}

export function newSettlement(now: number): SettlementRecord {
  return { status: 'pending', failures: 0, nextAttemptAt: now, acknowledgedAt: null };
}

export function failedAttempt(record: SettlementRecord, now: number): SettlementRecord {
  const failures = record.failures + 1;
  return { ...record, failures, nextAttemptAt: now + retryDelay(failures) };
}

export function settled(record: SettlementRecord, now: number): SettlementRecord {
  return { ...record, status: 'acknowledged', acknowledgedAt: now };
}

/** What the site's answer means for the next attempt. */
export type SettlementOutcome = 'acknowledged' | 'retry' | 'refused';

/**
 * 200 is done; a refusal that says `retry: false` can never be accepted (a later try sends the same
 * game), so the room stops; anything else (no answer, the site down, too early) is tried again.
 */
export function settlementOutcome(status: number | null, body: string): SettlementOutcome {
  if (status === 200) return 'acknowledged';
  if (status === null || status < 400 || status >= 500) return 'retry';
  const answer = settlementAnswerSchema.safeParse(parseJson(body));
  const never = answer.success && 'retry' in answer.data && !answer.data.retry;
  return never ? 'refused' : 'retry';
}

export function afterAttempt(
  record: SettlementRecord,
  outcome: SettlementOutcome,
  now: number,
): SettlementRecord {
  if (outcome === 'acknowledged') return settled(record, now);
  if (outcome === 'retry') return failedAttempt(record, now);
  return { ...record, status: 'refused', failures: record.failures + 1, nextAttemptAt: now };
}
