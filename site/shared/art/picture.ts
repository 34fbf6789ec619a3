// Rooms drawn as pictures rather than played: a room's view from a few seats (their names,
// positions and fleets), the sample room the home page shows, and the share cards' boards. The same
// `RoomView` the live board draws, so a picture is the board itself, never a drawing of it.
import { BOARD_SIZE, HOME_BOXES, PLAYER_COLORS } from '#game/board.ts';
import type { RoomView } from '#game/protocol.ts';

export interface PictureSeat {
  uid: string;
  name: string;
  /** −1: still at the depot. */
  position: number;
  trucks: number;
}

/** A room's view with these seats in joined order, each in their seat's colour and home yard. */
export function pictureView(
  seats: readonly PictureSeat[],
  patch: Partial<RoomView> = {},
): RoomView {
  const participants = Object.fromEntries(
    seats.map((s, i) => [
      s.uid,
      {
        name: s.name,
        position: s.position,
        balance: 5100,
        trucks: s.trucks,
        color: PLAYER_COLORS[i % PLAYER_COLORS.length]!,
        homeBox: HOME_BOXES[i % HOME_BOXES.length]!,
        revenue: {},
        expenses: {},
        tax: 0,
        connected: true,
      },
    ]),
  );
  const boardState: RoomView['boardState'] = {};
  for (let box = 1; box <= BOARD_SIZE; box++) boardState[`box${box}`] = { owner: null, trucks: 0 };
  seats.forEach((s, i) => {
    boardState[HOME_BOXES[i % HOME_BOXES.length]!] = { owner: s.uid, trucks: s.trucks };
  });
  return {
    roomId: 'picture',
    status: 'active',
    stake: 10,
    timeMinutes: 10,
    maxPlayers: Math.max(2, seats.length),
    joinedOrder: seats.map((s) => s.uid),
    participants,
    boardState,
    turn: { currentPlayer: seats[0]?.uid ?? null, round: 1, deadline: null },
    countdownEndsAt: null,
    gameStartTime: null,
    gameEndTime: null,
    pendingPurchase: null,
    lastRoll: null,
    spectators: 0,
    fairness: { serverSeedHash: '', clientSeed: '', serverSeed: null },
    result: null,
    ...patch,
  };
}

/** The clock the sample room is drawn at: four minutes into a ten-minute game. */
const SAMPLE_START = 1_800_000_000_000;
export const SAMPLE_NOW = SAMPLE_START + 4 * 60_000;

/** The home page's room: four players four minutes in, Tiza's turn after a 5, fleets growing. */
export const SAMPLE_ROOM: RoomView = pictureView(
  [
    { uid: 'sample-tiza', name: 'Tiza', position: 7, trucks: 3 },
    { uid: 'sample-mwila', name: 'Mwila', position: 12, trucks: 2 },
    { uid: 'sample-bupe', name: 'Bupe', position: 2, trucks: 1 },
    { uid: 'sample-kabwe', name: 'Kabwe', position: 16, trucks: 2 },
  ],
  {
    roomId: 'sample',
    gameStartTime: SAMPLE_START,
    gameEndTime: SAMPLE_START + 10 * 60_000,
    turn: { currentPlayer: 'sample-tiza', round: 4, deadline: null },
    lastRoll: {
      player: 'sample-tiza',
      roll: 5,
      newPosition: 7,
      extraTurn: false,
      nonce: 14,
      auto: false,
      timestamp: SAMPLE_NOW - 2_000,
    },
  },
);
