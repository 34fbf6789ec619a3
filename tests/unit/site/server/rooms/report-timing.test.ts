// The clock rules a settlement report must meet (docs/decisions/021), at their exact edges.
import { describe, expect, it } from 'vitest';
import { SETTLEMENT_CLOCK_SKEW_MS } from '#game/timing.ts';
import { checkTimeline, type TimelineInput } from '#site/server/rooms/report-timing.ts';

// Scale 1, one minute: countdown 5 s, turn timer 20 s; the room filled at 0.
const FILLED = 0;
const START = 5_000;
const END = START + 60_000;

const roll = (timestamp: number, auto = false) => ({ type: 'dice_roll', auto, timestamp });
const fee = (timestamp: number) => ({ type: 'expense', timestamp });

function input(logs: unknown[], over: Partial<TimelineInput> = {}): TimelineInput {
  return {
    logs,
    reportedEndTime: END,
    timeMinutes: 1,
    timeScale: 1,
    filledAt: FILLED,
    now: END,
    ...over,
  };
}

// A first roll at once, the timer rolling twice, a player's roll, the game ending 20 s later.
const honest = [roll(START), fee(START), roll(25_000, true), roll(45_000, true), fee(45_000)];

describe('settlement timeline', () => {
  it('accepts a game that ran its length on the turn timer’s beat', () => {
    expect(checkTimeline(input(honest))).toEqual({ ok: true });
    expect(checkTimeline(input([...honest, roll(64_999)]))).toEqual({ ok: true });
  });

  it('waits for the end time, allowing the clock skew, and says a retry can help', () => {
    expect(checkTimeline(input(honest, { now: END - SETTLEMENT_CLOCK_SKEW_MS })).ok).toBe(true);
    expect(checkTimeline(input(honest, { now: END - SETTLEMENT_CLOCK_SKEW_MS - 1 }))).toMatchObject(
      { ok: false, code: 'settlement_too_early', retry: true },
    );
  });

  it.each([
    ['no roll at all', [], 'settlement_incomplete'],
    [
      'a game that stops more than a turn before its end',
      honest.slice(0, 3),
      'settlement_incomplete',
    ],
    [
      'a player’s roll a whole turn after the last',
      [roll(START), roll(25_000)],
      'settlement_timeline',
    ],
    ['an automatic roll off the beat', [roll(START), roll(24_999, true)], 'settlement_timeline'],
    ['timestamps going back', [roll(START), fee(START - 1)], 'settlement_timeline'],
    ['an entry at the end time', [...honest, fee(END)], 'settlement_timeline'],
    [
      'a roll before the room filled and counted down',
      [roll(START - SETTLEMENT_CLOCK_SKEW_MS - 1)],
      'settlement_timeline',
    ],
  ])('refuses %s for good', (_name, logs, code) => {
    const reportedEndTime = (logs[0] as { timestamp?: number } | undefined)?.timestamp;
    const verdict = checkTimeline(
      input(logs, {
        reportedEndTime: reportedEndTime === undefined ? END : reportedEndTime + 60_000,
      }),
    );
    expect(verdict).toMatchObject({ ok: false, code, retry: false });
  });

  it('refuses an end time that is not the first roll plus the game time', () => {
    expect(checkTimeline(input(honest, { reportedEndTime: END + 1 }))).toMatchObject({
      ok: false,
      code: 'settlement_timeline',
    });
  });
});
