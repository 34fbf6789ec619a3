/** Shared setup for the board interaction machine tests: a room view, its events, a pure run. */
import { initialTransition, transition } from 'xstate';
import type { LogEntry } from '#game/log.ts';
import type { RoomView } from '#game/protocol.ts';
import type { BoardEmitted, BoardEvent } from '#site/app/game/board-context.ts';
import { boardMachine } from '#site/app/game/board-machine.ts';

export const T0 = 1_700_000_000_000;
export const ME = 'me';
export const OTHER = 'other';

export type Snapshot = ReturnType<typeof initialTransition<typeof boardMachine>>[0];
export type Actions = ReturnType<typeof transition<typeof boardMachine>>[1];

function participant(name: string, color: 'red' | 'blue') {
  return {
    name,
    position: -1,
    balance: 3000,
    trucks: 0,
    color,
    homeBox: 'box1' as const,
    revenue: {},
    expenses: {},
    tax: 0,
    connected: true,
  };
}

/** An active two-player room, `ME`'s turn, no roll yet. */
export function view(patch: Partial<RoomView> = {}): RoomView {
  return {
    roomId: 'room-1',
    status: 'active',
    stake: 10,
    timeMinutes: 10,
    maxPlayers: 2,
    joinedOrder: [ME, OTHER],
    participants: { [ME]: participant('Mwila', 'red'), [OTHER]: participant('Bwalya', 'blue') },
    boardState: {},
    turn: { currentPlayer: ME, round: 1, deadline: T0 + 20_000 },
    countdownEndsAt: null,
    gameStartTime: T0,
    gameEndTime: T0 + 600_000,
    pendingPurchase: null,
    lastRoll: null,
    spectators: 0,
    fairness: { serverSeedHash: 'h', clientSeed: 'c', serverSeed: null },
    result: null,
    ...patch,
  };
}

export function rolled(nonce: number, patch: Partial<RoomView> = {}): RoomView {
  return view({
    lastRoll: {
      player: ME,
      roll: 3,
      newPosition: 2,
      extraTurn: false,
      nonce,
      auto: false,
      timestamp: T0,
    },
    ...patch,
  });
}

export const state = (v: RoomView, now = T0): BoardEvent => ({
  type: 'socket.state',
  view: v,
  now,
});
export const refusal = (message: string, code: string | null, now = T0): BoardEvent => ({
  type: 'socket.error',
  message,
  code,
  now,
});

export function emittedFrom(actions: Actions): BoardEmitted[] {
  return (actions as { type: string; params?: unknown }[])
    .filter((a) => a.type === 'xstate.emit')
    .map((a) => (a.params as { event: BoardEmitted }).event);
}

/**
 * Runs the events through the pure transition(), collecting what the machine emitted: the turn
 * cues apart (`cues`), everything else in `emitted`.
 */
export function run(events: BoardEvent[], from?: Snapshot) {
  let snapshot = from ?? initialTransition(boardMachine, { me: ME })[0];
  const emitted: BoardEmitted[] = [];
  const cues: BoardEmitted[] = [];
  for (const event of events) {
    const [next, actions] = transition(boardMachine, snapshot, event);
    for (const e of emittedFrom(actions)) (e.type === 'yourTurn' ? cues : emitted).push(e);
    snapshot = next;
  }
  return { snapshot, emitted, cues };
}

/** The dice_roll entry of `rolled(nonce)`: ME rolled `value` onto box3 (or `value` − 1). */
export function rollEntry(nonce: number, value = 3): LogEntry {
  return {
    type: 'dice_roll',
    player: ME,
    roll: value,
    newPosition: value - 1,
    extraTurn: value === 6,
    nonce,
    auto: false,
    timestamp: T0,
  };
}

/** Plays every reveal waiting to its end, as the screen's timer would. */
export function playAll(from: Snapshot): Snapshot {
  let snapshot = from;
  for (let i = 0; i < 100 && snapshot.context.motion.step; i++) {
    const step = snapshot.context.motion.step;
    snapshot = transition(boardMachine, snapshot, {
      type: 'motion.stepDone',
      id: step.id,
      index: step.index,
      now: step.startedAt + step.ms,
    })[0];
  }
  return snapshot;
}
