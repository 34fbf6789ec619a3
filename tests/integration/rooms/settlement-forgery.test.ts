// A room → site key that leaked must not be enough to end a game early or to rewrite it: the site
// checks a report against its own clock and the turn timer's beat, and every offer's outcome is in
// the log (docs/decisions/021).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogEntry } from '#game/log.ts';
import { SETTLEMENT_CLOCK_SKEW_MS, TURN_MS, scaled } from '#game/timing.ts';
import { startRoomsApp, type RoomsApp } from '#tests/support/rooms-app.ts';
import {
  advanceTo,
  errorsFor,
  fullRoom,
  honestGame,
  postSettlement,
  type FullRoom,
} from './settlement-support';
import { reportFromLog, type SettlementReportBody } from './simulated-game';

const MINUTE = 60_000;

let app: RoomsApp;

beforeAll(async () => {
  app = await startRoomsApp();
});

afterAll(async () => {
  await app.close();
});

type Forgery = [name: string, body: SettlementReportBody, code: string];

function rollIndexes(logs: readonly LogEntry[]): number[] {
  return logs.flatMap((entry, index) => (entry.type === 'dice_roll' ? [index] : []));
}

/** The log with every entry from `from` on moved `by` ms later, cut at `end`. */
function shifted(logs: readonly LogEntry[], from: number, by: number, end: number): LogEntry[] {
  return logs
    .map((entry, index) =>
      index < from
        ? entry
        : {
            ...entry,
            timestamp: entry.timestamp + by,
            ...(entry.type === 'dice_roll' ? { auto: false } : {}),
          },
    )
    .filter((entry) => entry.timestamp < end);
}

/** An answer to an offer (a purchase or a decline) whose holder rolls again later, so that without
 * it the rules would log the offer lapsing there. */
function answerFollowedByRoll(logs: readonly LogEntry[], type: LogEntry['type']): number {
  return logs.findIndex(
    (entry, index) =>
      entry.type === type &&
      !(entry.type === 'truck_declined' && entry.lapsed) &&
      'player' in entry &&
      logs.slice(index + 1).some((e) => e.type === 'dice_roll' && e.player === entry.player),
  );
}

function hasAnswersToForge(logs: readonly LogEntry[]): boolean {
  return (
    answerFollowedByRoll(logs, 'truck_purchase') >= 0 &&
    answerFollowedByRoll(logs, 'truck_declined') >= 0
  );
}

/** Forged reports, each one made self-consistent (participants, statements, winners) where it can be. */
function forgeries(full: FullRoom, honest: SettlementReportBody): Forgery[] {
  const { room } = full;
  const { logs, endTime } = honest;
  const rolls = rollIndexes(logs);
  const purchase = answerFollowedByRoll(logs, 'truck_purchase');
  const decline = answerFollowedByRoll(logs, 'truck_declined');
  expect(purchase).toBeGreaterThan(0);
  expect(decline).toBeGreaterThan(0);
  const middle = rolls[Math.floor(rolls.length / 2)]!;
  const [a, b] = [rolls[5]!, rolls[6]!];
  const swapped = logs.map((entry, index) =>
    index === a
      ? { ...entry, timestamp: logs[b]!.timestamp }
      : index === b
        ? { ...entry, timestamp: logs[a]!.timestamp }
        : entry,
  );
  return [
    [
      'a purchase removed',
      { ...honest, logs: logs.filter((_, i) => i !== purchase) },
      'settlement_replay_failed',
    ],
    [
      'a decline removed',
      { ...honest, logs: logs.filter((_, i) => i !== decline) },
      'settlement_replay_failed',
    ],
    [
      'the second half of the rolls removed',
      reportFromLog(room, logs.slice(0, middle), endTime),
      'settlement_incomplete',
    ],
    [
      'the last two minutes removed',
      reportFromLog(
        room,
        logs.filter((entry) => entry.timestamp < endTime - 2 * MINUTE),
        endTime,
      ),
      'settlement_incomplete',
    ],
    ['two rolls’ timestamps swapped', reportFromLog(room, swapped, endTime), 'settlement_timeline'],
    [
      'a 5-minute gap without an automatic roll',
      reportFromLog(room, shifted(logs, rolls[3]!, 5 * MINUTE, endTime), endTime),
      'settlement_timeline',
    ],
    [
      'an automatic roll off the turn timer',
      {
        ...honest,
        logs: logs.map((entry, index) =>
          index === rolls[4] && entry.type === 'dice_roll'
            ? { ...entry, auto: !entry.auto }
            : entry,
        ),
      },
      'settlement_timeline',
    ],
    ['another end time', { ...honest, endTime: endTime - MINUTE }, 'settlement_timeline'],
    [
      'a game played before the room filled',
      reportFromLog(room, shifted(logs, 0, -MINUTE, endTime), endTime - MINUTE),
      'settlement_timeline',
    ],
  ];
}

describe('settlement bound to time and completeness', () => {
  it('refuses an early report as retryable, and forged ones for good, moving no money', async () => {
    let full = await fullRoom(app, 3, 10);
    // The room's server seed is random: play until a game has both kinds of answers to forge. The
    // dice are the room's, so a room whose dice never offer two trucks is replaced by another.
    let honest = honestGame(app, full, 1);
    for (let seed = 2; !hasAnswersToForge(honest.logs); seed += 1) {
      if (seed % 50 === 0) full = await fullRoom(app, 3, 10);
      honest = honestGame(app, full, seed);
    }
    const turn = scaled(TURN_MS, app.deps.config.gameTimeScale);
    expect(honest.endTime - full.filledAt).toBeGreaterThan(10 * MINUTE);

    // Seconds after the room filled, and again just before the end: too early, try again later.
    for (const at of [full.filledAt + 3_000, honest.endTime - SETTLEMENT_CLOCK_SKEW_MS - 1]) {
      advanceTo(app, at);
      const early = await postSettlement(app, full.room.roomId, honest);
      expect(early).toMatchObject({
        status: 409,
        json: { code: 'settlement_too_early', retry: true },
      });
      expect(early.json.error).toBe('The game has not reached its end time yet.');
    }
    advanceTo(app, honest.endTime + turn);

    for (const [name, body, code] of forgeries(full, honest)) {
      const before = (await errorsFor(app, full.room.roomId)).length;
      const answer = await postSettlement(app, full.room.roomId, body);
      expect({
        name,
        status: answer.status,
        code: answer.json.code,
        retry: answer.json.retry,
      }).toEqual({
        name,
        status: 422,
        code,
        retry: false,
      });
      const logged = await errorsFor(app, full.room.roomId);
      expect(logged.length).toBe(before + 1);
      expect(logged[0]!.message).toMatch(/^Settlement refused: /);
    }
    for (const p of full.players) expect(await app.wallet(p.id)).toBe(0);
    const { report } = await app.ledger();
    expect(report.unbalancedTransfers).toEqual([]);

    // The honest report of the same game still settles.
    expect((await postSettlement(app, full.room.roomId, honest)).status).toBe(200);
  }, 120_000); // whole games with argon2 sign-ups: slow on a loaded 2-core machine

  it('accepts a report within the clock-skew allowance of the end time', async () => {
    const full = await fullRoom(app, 2, 10);
    const honest = honestGame(app, full, 8);
    advanceTo(app, honest.endTime - SETTLEMENT_CLOCK_SKEW_MS);
    expect((await postSettlement(app, full.room.roomId, honest)).status).toBe(200);
  }, 60_000);
});
