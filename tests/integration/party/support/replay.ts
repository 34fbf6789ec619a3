// Checks a game the room server played against the rules: every roll recomputed from the seeds, and
// an uninterrupted replay of the same intents (taken from the log) through the pure machine, which
// must end exactly where the server ended.
import { createActor } from 'xstate';
import { combineClientSeeds, rollDie } from '#game/dice.ts';
import { COUNTDOWN_MS, scaled } from '#game/timing.ts';
import { nextPosition } from '#game/rules.ts';
import { roomMachine, type RoomEvent } from '#game/room-machine.ts';
import { toView } from '#game/view.ts';
import type { LogEntry } from '#game/log.ts';
import type { RoomView } from '#game/protocol.ts';
import type { FakeRoom } from '#tests/support/fake-site.ts';

export function clientSeedOf(room: FakeRoom): string {
  return combineClientSeeds(room.seats.map((seat) => seat.clientSeed));
}

/** Every dice_roll in order: nonces 0, 1, 2 … without gaps, each value the seeds' value. */
export function rollProblems(room: FakeRoom, logs: readonly LogEntry[]): string[] {
  const problems: string[] = [];
  const clientSeed = clientSeedOf(room);
  logs
    .filter((entry) => entry.type === 'dice_roll')
    .forEach((entry, index) => {
      if (entry.nonce !== index) problems.push(`roll #${index} has nonce ${entry.nonce}`);
      const expected = rollDie(room.serverSeed, clientSeed, entry.nonce);
      if (entry.roll !== expected) {
        problems.push(`nonce ${entry.nonce}: rolled ${entry.roll}, seeds give ${expected}`);
      }
    });
  return problems;
}

/** The intents behind a log: a player's roll, the turn timer's roll, a purchase, a decline. */
export function intentsOf(logs: readonly LogEntry[]): RoomEvent[] {
  return logs.flatMap((entry): RoomEvent[] => {
    if (entry.type === 'dice_roll') {
      return entry.auto
        ? [{ type: 'TICK', now: entry.timestamp }]
        : [{ type: 'ROLL', by: entry.player, now: entry.timestamp }];
    }
    if (entry.type === 'truck_purchase') {
      return [{ type: 'BUY_TRUCK', by: entry.player, now: entry.timestamp }];
    }
    if (entry.type === 'truck_declined' && !entry.lapsed) {
      return [{ type: 'DECLINE_TRUCK', by: entry.player, now: entry.timestamp }];
    }
    return [];
  });
}

export interface Replay {
  view: RoomView;
  logs: LogEntry[];
}

/**
 * Plays the room from scratch through the pure machine: the seats at the moment the countdown began,
 * then the intents at their own times, then the clock to `until` (the game's end).
 */
export function replay(
  room: FakeRoom,
  options: { timeScale: number; countdownEndsAt: number; intents: RoomEvent[]; until: number },
): Replay {
  const actor = createActor(roomMachine, {
    input: {
      roomId: room.roomId,
      stakeNgwee: room.stakeNgwee,
      timeMinutes: room.timeMinutes,
      maxPlayers: room.maxPlayers,
      serverSeed: room.serverSeed,
      timeScale: options.timeScale,
    },
  });
  const logs: LogEntry[] = [];
  actor.on('log', (event) => logs.push(event.entry));
  actor.start();
  actor.send({
    type: 'SEATS',
    seats: room.seats,
    now: options.countdownEndsAt - scaled(COUNTDOWN_MS, options.timeScale),
  });
  for (const intent of options.intents) actor.send(intent);
  actor.send({ type: 'TICK', now: options.until });
  const view = toView(actor.getSnapshot(), { spectators: 0 });
  actor.stop();
  return { view, logs };
}

/** The view without what depends on who is watching (presence, spectators). */
export function gameOf(view: RoomView): Omit<RoomView, 'participants' | 'spectators'> & {
  participants: Record<string, Omit<RoomView['participants'][string], 'connected'>>;
} {
  const { spectators: _spectators, participants, ...rest } = view;
  return {
    ...rest,
    participants: Object.fromEntries(
      Object.entries(participants).map(([uid, { connected: _connected, ...player }]) => [
        uid,
        player,
      ]),
    ),
  };
}

/**
 * How many rolls (in nonce order, turns passing as the rules say: a 6 rolls again) until
 * `seatIndex` first lands on box20 — the dice do not depend on who rolls or when, so the board
 * path is known from the seeds alone.
 */
export function rollsUntilTruckOffer(
  room: FakeRoom,
  seatIndex: number,
  limit = 200,
): number | null {
  const clientSeed = clientSeedOf(room);
  const positions = room.seats.map(() => -1);
  let current = 0;
  for (let nonce = 0; nonce < limit; nonce += 1) {
    const roll = rollDie(room.serverSeed, clientSeed, nonce);
    const position = nextPosition(positions[current] ?? -1, roll);
    positions[current] = position;
    if (current === seatIndex && position === 19) return nonce + 1;
    if (roll !== 6) current = (current + 1) % positions.length;
  }
  return null;
}
