import { createActor } from 'xstate';
import { combineClientSeeds } from '#game/dice.ts';
import { createGame, type GameState, type Player } from '#game/game-state.ts';
import { nextDeadline, roomMachine, type RoomEmitted } from '#game/room-machine.ts';
import type { LogEntry } from '#game/log.ts';
import type { RoomInput } from '#game/room-context.ts';

export const SEED = 'a3f1c2d4e5b697881234567890abcdef0fedcba9876543210123456789abcdef';

export function players(n: number): { uid: string; name: string }[] {
  return Array.from({ length: n }, (_, i) => ({ uid: `p${i + 1}`, name: `Player ${i + 1}` }));
}

export function game(n = 3): GameState {
  return createGame({ players: players(n) });
}

/** A copy of `state` with one player's fields replaced. */
export function withPlayer(state: GameState, uid: string, patch: Partial<Player>): GameState {
  const player = state.players[uid];
  if (!player) throw new Error(`no player ${uid}`);
  return { ...state, players: { ...state.players, [uid]: { ...player, ...patch } } };
}

export function withTurn(state: GameState, currentPlayer: string, round = 1): GameState {
  return { ...state, turn: { currentPlayer, round } };
}

export function roomInput(patch: Partial<RoomInput> = {}): RoomInput {
  return {
    roomId: 'room-1',
    stakeNgwee: 3000,
    timeMinutes: 10,
    maxPlayers: 3,
    serverSeed: SEED,
    timeScale: 1,
    ...patch,
  };
}

export function seats(n: number): { uid: string; name: string; clientSeed: string }[] {
  return players(n).map((p, i) => ({ ...p, clientSeed: `client-${i + 1}` }));
}

/** A started room actor that records everything it emits. */
export function startRoom(input: RoomInput = roomInput()) {
  const actor = createActor(roomMachine, { input });
  const emitted: RoomEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted };
}

/** The clock the room machine tests start from. */
export const T0 = 1_700_000_000_000;
/** The combined client seed of `seats(3)`. */
export const CLIENT_SEED = combineClientSeeds(seats(3).map((s) => s.clientSeed));

export type Room = ReturnType<typeof startRoom>;

export function logsOf(emitted: RoomEmitted[]): LogEntry[] {
  return emitted.flatMap((e) => (e.type === 'log' ? [e.entry] : []));
}

/** A 3-player room whose countdown ended at T0 + 5000: p1 to roll, deadline T0 + 25000. */
export function activeRoom(patch = {}): Room {
  const room = startRoom(roomInput(patch));
  room.actor.send({ type: 'SEATS', seats: seats(3), now: T0 });
  room.actor.send({ type: 'TICK', now: T0 + 5000 });
  room.emitted.length = 0;
  return room;
}

/** Lets the turn timer roll until `done` holds (each TICK at the next deadline). */
export function tickUntil(room: Room, done: () => boolean, limit = 2000): void {
  for (let i = 0; i < limit && !done(); i++) {
    const at = nextDeadline(room.actor.getSnapshot());
    if (at === null) throw new Error('no deadline left');
    room.actor.send({ type: 'TICK', now: at });
  }
  if (!done()) throw new Error('condition never held');
}

export function ctx(room: Room) {
  return room.actor.getSnapshot().context;
}
