// Game log entries, exactly as contract §4 lists them; every entry carries the event's timestamp.
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

export type LogEntry = DiceRollEntry | TruckFeeEntry | TileEntry | TruckPurchaseEntry;
