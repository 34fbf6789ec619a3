// Re-plays a reported game from its seeds and its log with the game's own rules, so that only a game
// the rules and the dice could have produced counts. The room server lists its rolls with `rollsOf`;
// the site replays the report before it pays.
import { combineClientSeeds, rollDie } from './dice';
import { createGame, type GameState } from './game-state';
import type { DiceRollEntry, LogEntry } from './log';
import { ROOM_ERROR_MESSAGES } from './messages';
import { applyRoll, buyTruck, declineTruck } from './rules';

/** A roll as the report lists it beside the log. */
export type ReportedRoll = Pick<DiceRollEntry, 'nonce' | 'roll' | 'player'>;

export interface ReplayInput {
  /** The seated players, in joinedOrder. */
  seats: { uid: string; name: string; clientSeed: string | null }[];
  serverSeed: string;
  logs: readonly LogEntry[];
  rolls: readonly ReportedRoll[];
}

export type ReplayResult =
  | { ok: true; state: GameState; rollCount: number }
  | { ok: false; reason: string; details?: unknown };

/** The log's dice rolls, in order. */
export function rollsOf(logs: readonly LogEntry[]): ReportedRoll[] {
  return logs.flatMap((entry) =>
    entry.type === 'dice_roll'
      ? [{ nonce: entry.nonce, roll: entry.roll, player: entry.player }]
      : [],
  );
}

/** JSON with sorted keys, so two objects compare by content whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export function replayReportedGame(input: ReplayInput): ReplayResult {
  const clientSeed = combineClientSeeds(input.seats.map((seat) => seat.clientSeed ?? ''));
  let state = createGame({ players: input.seats.map(({ uid, name }) => ({ uid, name })) });
  let nonce = 0;
  let index = 0;
  const { logs, rolls } = input;

  while (index < logs.length) {
    const entry = logs[index] as LogEntry;
    const now = entry.timestamp;
    let result;
    if (entry.type === 'dice_roll') {
      const reported = rolls[nonce];
      const expected = rollDie(input.serverSeed, clientSeed, nonce);
      if (entry.nonce !== nonce || entry.roll !== expected) {
        return {
          ok: false,
          reason: 'a roll does not match the seeds',
          details: { index, nonce, expected, logged: entry.roll },
        };
      }
      if (
        !reported ||
        reported.nonce !== nonce ||
        reported.roll !== expected ||
        reported.player !== entry.player
      ) {
        return { ok: false, reason: 'the rolls list does not match the log', details: { nonce } };
      }
      result = applyRoll(state, { by: entry.player, roll: expected, nonce, auto: entry.auto, now });
      nonce += 1;
    } else if (entry.type === 'truck_purchase') {
      result = buyTruck(state, { by: entry.player, now });
    } else if (entry.type === 'truck_declined' && !entry.lapsed) {
      // A lapse is produced by the roll that caused it, and checked there.
      result = declineTruck(state, { by: entry.player, now });
    } else {
      return {
        ok: false,
        reason: 'a log entry that no move produced',
        details: { index, type: entry.type },
      };
    }
    if (!result.ok) {
      return {
        ok: false,
        reason: `an illegal move: ${ROOM_ERROR_MESSAGES[result.code]}`,
        details: { index },
      };
    }
    for (const produced of result.logs) {
      if (canonicalJson(produced) !== canonicalJson(logs[index])) {
        return {
          ok: false,
          reason: 'the log differs from what the rules produce',
          details: { index, expected: produced, logged: logs[index] },
        };
      }
      index += 1;
    }
    state = result.state;
  }
  if (rolls.length !== nonce) {
    return { ok: false, reason: 'the rolls list does not match the log', details: { nonce } };
  }
  return { ok: true, state, rollCount: nonce };
}
