// The state of one game in play: pure data, JSON-serialisable, never mutated in place.
import {
  HOME_BOXES,
  MAX_PLAYERS,
  MIN_PLAYERS,
  PLAYER_COLORS,
  START_BALANCE,
  START_POSITION,
  START_TRUCKS,
  type BoxId,
  type PlayerColor,
} from './board';
import type { DiceRollEntry } from './log';

export interface Player {
  uid: string;
  name: string;
  /** -1 until the first roll, then 0…19 (box position + 1). */
  position: number;
  balance: number;
  trucks: number;
  color: PlayerColor;
  homeBox: BoxId;
  /** Totals per tile key (`bonds`, `truckrevenue`, …). */
  revenue: Record<string, number>;
  /** Totals per tile key (`repairs`, `truckfee`, …). */
  expenses: Record<string, number>;
  tax: number;
}

export interface Turn {
  currentPlayer: string;
  /** Starts at 1 and grows each time the turn wraps to the first player in joinedOrder. */
  round: number;
}

/** The last roll: its log entry without the type. */
export type LastRoll = Omit<DiceRollEntry, 'type'>;

export interface GameState {
  joinedOrder: string[];
  players: Record<string, Player>;
  turn: Turn;
  /** The one open truck-purchase offer: its holder's uid, or null. */
  pendingPurchase: string | null;
  lastRoll: LastRoll | null;
}

export interface SeatedPlayer {
  uid: string;
  name: string;
}

/** Player i in joinedOrder (from 1) gets colour i and home box i. */
export function newPlayer(seat: SeatedPlayer, index: number): Player {
  return {
    uid: seat.uid,
    name: seat.name,
    position: START_POSITION,
    balance: START_BALANCE,
    trucks: START_TRUCKS,
    color: PLAYER_COLORS[index] as PlayerColor,
    homeBox: HOME_BOXES[index] as BoxId,
    revenue: {},
    expenses: {},
    tax: 0,
  };
}

/** Throws on 0–1 or more than 6 players or a repeated uid: callers check seats before this. */
export function createGame({ players }: { players: readonly SeatedPlayer[] }): GameState {
  if (players.length < MIN_PLAYERS || players.length > MAX_PLAYERS) {
    throw new RangeError(`A game needs ${MIN_PLAYERS} to ${MAX_PLAYERS} players`);
  }
  const joinedOrder = players.map((p) => p.uid);
  if (new Set(joinedOrder).size !== joinedOrder.length) {
    throw new Error('A player cannot hold two seats');
  }
  return {
    joinedOrder,
    players: Object.fromEntries(players.map((p, i) => [p.uid, newPlayer(p, i)])),
    turn: { currentPlayer: joinedOrder[0] as string, round: 1 },
    pendingPurchase: null,
    lastRoll: null,
  };
}
