// The moves of the game as pure functions: state + intent (+ the roll's value) → result or refusal.
// A refusal is an answer, never an exception.
import { BOARD_SIZE, MAX_TRUCKS, START_POSITION, TRUCK_COST, boxAt, truckFee } from './board';
import type { GameState, Player } from './game-state';
import type { LogEntry } from './log';
import type { RoomErrorCode } from './messages';

/**
 * The version of the rules a game is played under: this file, the board's economy (`board.ts`), the
 * dice (`dice.ts`) and the statement (`statement.ts`), everything a replay of the log depends on.
 * Raise it with any change that makes the same log produce another outcome; the site then keeps the
 * previous rules to replay the games still played under them (site/server/rooms/settlement-rules.ts,
 * docs/decisions/094).
 */
export const RULES_VERSION = 1;

export type MoveResult =
  { ok: true; state: GameState; logs: LogEntry[] } | { ok: false; code: RoomErrorCode };

export interface RollIntent {
  by: string;
  /** The die's value, 1…6 (from rollDie). */
  roll: number;
  nonce: number;
  /** True when the turn timer rolled for the player. */
  auto: boolean;
  now: number;
}

export interface OfferIntent {
  by: string;
  now: number;
}

function refuse(code: RoomErrorCode): MoveResult {
  return { ok: false, code };
}

export function nextPosition(position: number, roll: number): number {
  return position === START_POSITION ? roll - 1 : (position + roll) % BOARD_SIZE;
}

function addTo(map: Record<string, number>, key: string, amount: number): Record<string, number> {
  return { ...map, [key]: (map[key] ?? 0) + amount };
}

/** Effects of the box the player landed on (never of the boxes passed). */
function land(
  state: GameState,
  uid: string,
  timestamp: number,
): { players: GameState['players']; pendingPurchase: string | null; logs: LogEntry[] } {
  const player = state.players[uid] as Player;
  const box = boxAt(player.position);
  const boxId = box.id;
  const players = { ...state.players };
  switch (box.kind) {
    case 'revenue':
      players[uid] = {
        ...player,
        balance: player.balance + box.amount,
        revenue: addTo(player.revenue, box.key, box.amount),
      };
      return {
        players,
        pendingPurchase: state.pendingPurchase,
        logs: [
          { type: 'revenue', player: uid, boxId, key: box.key, amount: box.amount, timestamp },
        ],
      };
    case 'expense':
      players[uid] = {
        ...player,
        balance: player.balance - box.amount,
        expenses: addTo(player.expenses, box.key, box.amount),
      };
      return {
        players,
        pendingPurchase: state.pendingPurchase,
        logs: [
          { type: 'expense', player: uid, boxId, key: box.key, amount: box.amount, timestamp },
        ],
      };
    case 'tax':
      players[uid] = {
        ...player,
        balance: player.balance - box.amount,
        tax: player.tax + box.amount,
      };
      return {
        players,
        pendingPurchase: state.pendingPurchase,
        logs: [{ type: 'tax', player: uid, boxId, key: box.key, amount: box.amount, timestamp }],
      };
    case 'home': {
      const ownerUid = state.joinedOrder[box.seat - 1];
      const owner = ownerUid === undefined ? undefined : state.players[ownerUid];
      if (!owner || owner.uid === uid) {
        return { players, pendingPurchase: state.pendingPurchase, logs: [] };
      }
      const amount = truckFee(owner.trucks);
      players[uid] = {
        ...player,
        balance: player.balance - amount,
        expenses: addTo(player.expenses, 'truckfee', amount),
      };
      players[owner.uid] = {
        ...owner,
        balance: owner.balance + amount,
        revenue: addTo(owner.revenue, 'truckrevenue', amount),
      };
      return {
        players,
        pendingPurchase: state.pendingPurchase,
        logs: [{ type: 'truck_fee', from: uid, to: owner.uid, boxId, amount, timestamp }],
      };
    }
    case 'trucks':
      // One offer at a time: a new one replaces whoever held the old one.
      return {
        players,
        pendingPurchase: player.trucks < MAX_TRUCKS ? uid : state.pendingPurchase,
        logs: [],
      };
  }
}

/** The current player rolled `roll` (or the turn timer rolled for them). */
export function applyRoll(state: GameState, intent: RollIntent): MoveResult {
  const player = state.players[intent.by];
  if (!player) return refuse('player_not_found');
  if (state.turn.currentPlayer !== intent.by) return refuse('not_your_turn');
  if (!Number.isInteger(intent.roll) || intent.roll < 1 || intent.roll > 6) {
    return refuse('invalid_roll');
  }

  const newPosition = nextPosition(player.position, intent.roll);
  const extraTurn = intent.roll === 6;
  // Any roll by or for the offer's holder closes their offer.
  const moved: GameState = {
    ...state,
    players: { ...state.players, [intent.by]: { ...player, position: newPosition } },
    pendingPurchase: state.pendingPurchase === intent.by ? null : state.pendingPurchase,
  };
  const landed = land(moved, intent.by, intent.now);
  // The offer this roll closed (the roller's own) or replaced (another's), if any.
  const replaced = moved.pendingPurchase !== landed.pendingPurchase ? moved.pendingPurchase : null;
  const lapsedHolder = state.pendingPurchase === intent.by ? intent.by : replaced;

  let turn = state.turn;
  if (!extraTurn) {
    const index = state.joinedOrder.indexOf(intent.by);
    const nextIndex = (index + 1) % state.joinedOrder.length;
    turn = {
      currentPlayer: state.joinedOrder[nextIndex] as string,
      round: nextIndex === 0 ? state.turn.round + 1 : state.turn.round,
    };
  }

  const rollEntry: LogEntry = {
    type: 'dice_roll',
    player: intent.by,
    roll: intent.roll,
    newPosition,
    extraTurn,
    nonce: intent.nonce,
    auto: intent.auto,
    timestamp: intent.now,
  };
  return {
    ok: true,
    state: {
      ...moved,
      players: landed.players,
      pendingPurchase: landed.pendingPurchase,
      turn,
      lastRoll: {
        player: intent.by,
        roll: intent.roll,
        newPosition,
        extraTurn,
        nonce: intent.nonce,
        auto: intent.auto,
        timestamp: intent.now,
      },
    },
    logs: [
      rollEntry,
      ...(lapsedHolder === null ? [] : [offerClosed(lapsedHolder, true, intent.now)]),
      ...landed.logs,
    ],
  };
}

function offerClosed(player: string, lapsed: boolean, timestamp: number): LogEntry {
  return { type: 'truck_declined', player, lapsed, timestamp };
}

function checkOffer(state: GameState, by: string): RoomErrorCode | null {
  const player = state.players[by];
  if (!player) return 'player_not_found';
  if (player.trucks >= MAX_TRUCKS) return 'max_trucks';
  if (state.pendingPurchase !== by) return 'no_offer';
  return null;
}

/** The offer's holder buys one truck for 1500 of balance (a purchase, not an expense). */
export function buyTruck(state: GameState, { by, now }: OfferIntent): MoveResult {
  const refusal = checkOffer(state, by);
  if (refusal) return refuse(refusal);
  const player = state.players[by] as Player;
  if (player.balance < TRUCK_COST) return refuse('insufficient_balance');
  const newTrucks = player.trucks + 1;
  return {
    ok: true,
    state: {
      ...state,
      players: {
        ...state.players,
        [by]: { ...player, balance: player.balance - TRUCK_COST, trucks: newTrucks },
      },
      pendingPurchase: null,
    },
    logs: [{ type: 'truck_purchase', player: by, cost: TRUCK_COST, newTrucks, timestamp: now }],
  };
}

export function declineTruck(state: GameState, { by, now }: OfferIntent): MoveResult {
  const refusal = checkOffer(state, by);
  if (refusal) return refuse(refusal);
  return {
    ok: true,
    state: { ...state, pendingPurchase: null },
    logs: [offerClosed(by, false, now)],
  };
}

/** At the end every open offer lapses. */
export function closeGame(state: GameState): GameState {
  return state.pendingPurchase === null ? state : { ...state, pendingPurchase: null };
}
