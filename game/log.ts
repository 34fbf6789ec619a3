// Game log entries, exactly as docs/protocol.md lists them; each carries the event's timestamp.
import type { BoxId } from './board';

export interface DiceRollEntry {
  type: 'dice_roll';
  player: string;
  roll: number;
  newPosition: number;
  extraTurn: boolean;
  nonce: number;
  auto: boolean;
  timestamp: number;
}

export interface TruckFeeEntry {
  type: 'truck_fee';
  from: string;
  to: string;
  boxId: BoxId;
  amount: number;
  timestamp: number;
}

export interface TileEntry {
  type: 'revenue' | 'expense' | 'tax';
  player: string;
  boxId: BoxId;
  key: string;
  amount: number;
  timestamp: number;
}

export interface TruckPurchaseEntry {
  type: 'truck_purchase';
  player: string;
  cost: number;
  newTrucks: number;
  timestamp: number;
}

/**
 * A purchase offer closed without a purchase: declined by its holder, or lapsed (`lapsed: true`)
 * because the holder rolled again or another player's offer replaced it. With it every offer ends
 * in the log, so a replay can tell a decline from a missing event (an offer still open at the game's
 * end lapses with the game, unlogged).
 */
export interface TruckDeclinedEntry {
  type: 'truck_declined';
  player: string;
  lapsed: boolean;
  timestamp: number;
}

export type LogEntry =
  DiceRollEntry | TruckFeeEntry | TileEntry | TruckPurchaseEntry | TruckDeclinedEntry;
