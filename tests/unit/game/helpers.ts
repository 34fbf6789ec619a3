import { createActor } from 'xstate';
import {
  createGame,
  roomMachine,
  type GameState,
  type Player,
  type RoomEmitted,
  type RoomInput,
} from '../../../game';

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
