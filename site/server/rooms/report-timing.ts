// Checks a reported game against the clock (docs/decisions/021): the site pays only for a game that
// ran its whole length, on the room server's own rhythm, and only once that length has passed. The
// room's length and the time scale are the site's own; only the timestamps come from the report.
import {
  COUNTDOWN_MS,
  SETTLEMENT_CLOCK_SKEW_MS,
  TURN_MS,
  gameLength,
  scaled,
} from '#game/timing.ts';
import type { CallRefusalCode } from '#wire/site-room.ts';

export interface TimelineInput {
  /** The report's log, already replayed against the rules (every entry has a numeric timestamp). */
  logs: readonly unknown[];
  reportedEndTime: number;
  timeMinutes: number;
  timeScale: number;
  /** When the last seat was taken on the site: the countdown cannot have begun earlier. */
  filledAt: number;
  /** The site's clock. */
  now: number;
}

export type TimelineCode = Extract<
  CallRefusalCode,
  'settlement_too_early' | 'settlement_incomplete' | 'settlement_timeline'
>;

export type TimelineVerdict =
  | { ok: true }
  | { ok: false; code: TimelineCode; reason: string; retry: boolean; details: unknown };

interface Stamp {
  index: number;
  type: unknown;
  auto: boolean;
  timestamp: number;
}

function stampsOf(logs: readonly unknown[]): Stamp[] {
  return logs.map((entry, index) => {
    const record = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<
      string,
      unknown
    >;
    const timestamp = typeof record.timestamp === 'number' ? record.timestamp : Number.NaN;
    return { index, type: record.type, auto: record.auto === true, timestamp };
  });
}

function refuse(
  code: TimelineCode,
  reason: string,
  details: unknown,
  retry = false,
): TimelineVerdict {
  return { ok: false, code, reason, retry, details };
}

export function checkTimeline(input: TimelineInput): TimelineVerdict {
  const stamps = stampsOf(input.logs);
  const rolls = stamps.filter((stamp) => stamp.type === 'dice_roll');
  const first = rolls[0];
  const last = rolls[rolls.length - 1];
  if (!first || !last) return refuse('settlement_incomplete', 'The game has no roll.', null);

  const turn = scaled(TURN_MS, input.timeScale);
  const end = first.timestamp + gameLength(input.timeMinutes, input.timeScale);
  if (input.reportedEndTime !== end) {
    return refuse('settlement_timeline', 'The end time is not the first roll plus the game time.', {
      reported: input.reportedEndTime,
      expected: end,
    });
  }
  if (input.now < end - SETTLEMENT_CLOCK_SKEW_MS) {
    return refuse(
      'settlement_too_early',
      'The game has not reached its end time yet.',
      { end, now: input.now },
      true,
    );
  }

  const earliest =
    input.filledAt + scaled(COUNTDOWN_MS, input.timeScale) - SETTLEMENT_CLOCK_SKEW_MS;
  let previous = earliest;
  for (const stamp of stamps) {
    if (!(stamp.timestamp >= earliest && stamp.timestamp < end)) {
      return refuse('settlement_timeline', 'A log entry falls outside the game’s time.', {
        index: stamp.index,
        timestamp: stamp.timestamp,
        earliest,
        end,
      });
    }
    if (stamp.timestamp < previous) {
      return refuse('settlement_timeline', 'The log’s timestamps go back in time.', {
        index: stamp.index,
        timestamp: stamp.timestamp,
        previous,
      });
    }
    previous = stamp.timestamp;
  }

  // The turn timer rolls at its deadline exactly (decision 007): a player's roll comes before it,
  // the timer's roll on it, and nothing is left waiting past it.
  for (let i = 1; i < rolls.length; i += 1) {
    const roll = rolls[i] as Stamp;
    const gap = roll.timestamp - (rolls[i - 1] as Stamp).timestamp;
    if (roll.auto ? gap !== turn : gap >= turn) {
      return refuse(
        'settlement_timeline',
        roll.auto
          ? 'An automatic roll is not on the turn timer.'
          : 'A turn outlasted the turn timer without an automatic roll.',
        { index: roll.index, gap, turn },
      );
    }
  }
  if (end - last.timestamp > turn) {
    return refuse('settlement_incomplete', 'The game stops before its end time.', {
      lastRoll: last.timestamp,
      end,
      turn,
    });
  }
  return { ok: true };
}
