/**
 * Whole games on the real room machine, as a board receives them: each change's log entries, then
 * its state (the order the room server sends them). Players roll by hand or leave it to the turn
 * timer, and buy trucks at once, later (after other players' rolls) or never, from a seed.
 */
import { createActor } from 'xstate';
import { nextDeadline, roomMachine, type RoomEmitted } from '#game/room-machine.ts';
import { toView } from '#game/view.ts';
import type { LogEntry } from '#game/log.ts';
import type { RoomView } from '#game/protocol.ts';
import { seededRandom } from '#tests/support/seeded-random.ts';

export const GAME_T0 = 1_700_000_000_000;
export const PLAYERS = [
  { uid: 'me', name: 'Mwila Banda', clientSeed: 'seed-me' },
  { uid: 'p2', name: 'Bwalya Phiri', clientSeed: 'seed-2' },
  { uid: 'p3', name: 'Chanda Mwansa', clientSeed: 'seed-3' },
];

export interface Change {
  logs: LogEntry[];
  view: RoomView;
  now: number;
}

export interface WholeGame {
  /** The room when the board connects: the game has just started. */
  start: RoomView;
  changes: Change[];
}

export function playWholeGame(seed: number, timeMinutes = 10): WholeGame {
  const random = seededRandom(seed);
  const actor = createActor(roomMachine, {
    input: {
      roomId: 'room-whole',
      stakeNgwee: 1000,
      timeMinutes,
      maxPlayers: PLAYERS.length,
      serverSeed: `server-seed-${seed}`,
      timeScale: 1,
    },
  });
  const logs: LogEntry[] = [];
  actor.on('log', (event: Extract<RoomEmitted, { type: 'log' }>) => logs.push(event.entry));
  actor.start();
  actor.send({ type: 'SEATS', seats: PLAYERS, now: GAME_T0 });
  actor.send({ type: 'TICK', now: GAME_T0 + 5_000 });
  logs.length = 0;
  const view = () => toView(actor.getSnapshot(), { spectators: 0 });
  const start = view();
  const changes: Change[] = [];
  let now = GAME_T0 + 5_000;

  for (let i = 0; i < 5_000 && view().status === 'active'; i++) {
    const room = view();
    const holder = room.pendingPurchase;
    const current = room.turn.currentPlayer as string;
    const deadline = nextDeadline(actor.getSnapshot()) as number;
    const choice = random();
    now = Math.min(now + 1 + Math.floor(random() * 3_000), deadline);
    if (holder !== null && choice < 0.3) {
      actor.send({ type: 'BUY_TRUCK', by: holder, now });
    } else if (holder !== null && choice < 0.4) {
      actor.send({ type: 'DECLINE_TRUCK', by: holder, now });
    } else if (choice < 0.75) {
      actor.send({ type: 'ROLL', by: current, now });
    } else {
      now = deadline;
      actor.send({ type: 'TICK', now });
    }
    if (logs.length > 0 || changes.at(-1)?.view.status !== view().status) {
      changes.push({ logs: logs.splice(0), view: view(), now });
    }
  }
  if (view().status !== 'ended') throw new Error('the game did not end');
  return { start, changes };
}
