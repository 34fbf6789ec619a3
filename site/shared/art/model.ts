// What the board draws, taken from the room's view (or nothing: an empty board): the seated players
// in seat order, whose turn it is, the open truck offer, the last roll, the clocks. The scene is a
// pure function of this and the board's size.
import { MAX_PLAYERS, type PlayerColor } from '#game/board.ts';
import type { RoomView } from '#game/protocol.ts';

export interface SeatModel {
  uid: string;
  /** 0-based, in joined order: the seat's slot at every stop. */
  seat: number;
  name: string;
  color: PlayerColor;
  homeBox: string;
  trucks: number;
  position: number;
}

export interface BoardModel {
  status: RoomView['status'] | 'empty';
  seats: SeatModel[];
  maxPlayers: number;
  currentPlayer: string | null;
  pendingPurchase: string | null;
  lastRoll: { roll: number; player: string; nonce: number } | null;
  timeMinutes: number | null;
  gameEndTime: number | null;
  countdownEndsAt: number | null;
  winners: string[];
}

export const EMPTY_BOARD: BoardModel = {
  status: 'empty',
  seats: [],
  maxPlayers: MAX_PLAYERS,
  currentPlayer: null,
  pendingPurchase: null,
  lastRoll: null,
  timeMinutes: null,
  gameEndTime: null,
  countdownEndsAt: null,
  winners: [],
};

export function boardModel(view: RoomView | null): BoardModel {
  if (!view) return EMPTY_BOARD;
  const seats = view.joinedOrder.flatMap((uid, seat): SeatModel[] => {
    const p = view.participants[uid];
    if (!p) return [];
    return [
      {
        uid,
        seat,
        name: p.name,
        color: p.color,
        homeBox: p.homeBox,
        trucks: view.boardState[p.homeBox]?.trucks ?? p.trucks,
        position: p.position,
      },
    ];
  });
  return {
    status: view.status,
    seats,
    maxPlayers: view.maxPlayers,
    currentPlayer: view.turn.currentPlayer,
    pendingPurchase: view.pendingPurchase,
    lastRoll: view.lastRoll
      ? { roll: view.lastRoll.roll, player: view.lastRoll.player, nonce: view.lastRoll.nonce }
      : null,
    timeMinutes: view.timeMinutes,
    gameEndTime: view.gameEndTime,
    countdownEndsAt: view.countdownEndsAt,
    winners: view.result?.winners ?? [],
  };
}
