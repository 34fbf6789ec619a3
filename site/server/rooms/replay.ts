// Re-plays a reported game from its seeds and its log with the game's own rules, so the site pays
// only for a game that the rules and the dice could have produced.
import { combineClientSeeds, rollDie } from '../../../game/dice';
import { createGame, type GameState } from '../../../game/game-state';
import { applyRoll, buyTruck, declineTruck } from '../../../game/rules';

export interface ReportedRoll {
  nonce: number;
  roll: number;
  player: string;
}

export interface ReplayInput {
  /** From the site's seats, in joinedOrder. */
  seats: { uid: string; name: string; clientSeed: string | null }[];
  serverSeed: string;
  logs: readonly unknown[];
  rolls: readonly ReportedRoll[];
}

export type ReplayResult =
  | { ok: true; state: GameState; rollCount: number }
  | { ok: false; reason: string; details?: unknown };

/** JSON with sorted keys, so two objects compare by content whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

function field(entry: unknown, name: string): unknown {
  return typeof entry === 'object' && entry !== null
    ? (entry as Record<string, unknown>)[name]
    : undefined;
}

export function replayReportedGame(input: ReplayInput): ReplayResult {
  const clientSeed = combineClientSeeds(input.seats.map((seat) => seat.clientSeed ?? ''));
  let state = createGame({ players: input.seats.map(({ uid, name }) => ({ uid, name })) });
  let nonce = 0;
  let index = 0;
  const { logs, rolls } = input;

  while (index < logs.length) {
    const entry = logs[index];
    const type = field(entry, 'type');
    const now = field(entry, 'timestamp');
    const by = field(entry, 'player');
    if (typeof now !== 'number' || typeof by !== 'string') {
      return { ok: false, reason: 'a log entry has no player or timestamp', details: { index } };
    }
    let result;
    if (type === 'dice_roll') {
      const roll = field(entry, 'roll');
      const reported = rolls[nonce];
      const expected = rollDie(input.serverSeed, clientSeed, nonce);
      if (field(entry, 'nonce') !== nonce || roll !== expected) {
        return {
          ok: false,
          reason: 'a roll does not match the seeds',
          details: { index, nonce, expected, logged: roll },
        };
      }
      if (
        !reported ||
        reported.nonce !== nonce ||
        reported.roll !== expected ||
        reported.player !== by
      ) {
        return { ok: false, reason: 'the rolls list does not match the log', details: { nonce } };
      }
      result = applyRoll(state, {
        by,
        roll: expected,
        nonce,
        auto: field(entry, 'auto') === true,
        now,
      });
      nonce += 1;
    } else if (type === 'truck_purchase') {
      result = buyTruck(state, { by, now });
    } else if (type === 'truck_declined' && field(entry, 'lapsed') === false) {
      // A lapse is produced by the roll that caused it, and checked there.
      result = declineTruck(state, { by, now });
    } else {
      return { ok: false, reason: 'a log entry that no move produced', details: { index, type } };
    }
    if (!result.ok) {
      return { ok: false, reason: `an illegal move: ${result.reason}`, details: { index } };
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
