// Room views the board's art is drawn and tested with (and `scripts/art/preview.ts` pictures):
// two players early in a game, six players late with fleets and an open truck offer, a waiting room,
// and names that try to break out of the markup.
import { HOME_BOXES, PLAYER_COLORS } from '../../../game/board';
import type { RoomView } from '../../../game/protocol';

export const T0 = 1_800_000_000_000;

interface Seat {
  uid: string;
  name: string;
  position: number;
  trucks: number;
}

export function roomView(seats: readonly Seat[], patch: Partial<RoomView> = {}): RoomView {
  const participants = Object.fromEntries(
    seats.map((s, i) => [
      s.uid,
      {
        name: s.name,
        position: s.position,
        balance: 5100,
        trucks: s.trucks,
        color: PLAYER_COLORS[i] as (typeof PLAYER_COLORS)[number],
        homeBox: HOME_BOXES[i] as (typeof HOME_BOXES)[number],
        revenue: {},
        expenses: {},
        tax: 0,
        connected: true,
      },
    ]),
  );
  const boardState: RoomView['boardState'] = {};
  for (let box = 1; box <= 20; box++) boardState[`box${box}`] = { owner: null, trucks: 0 };
  seats.forEach((s, i) => {
    boardState[HOME_BOXES[i] as string] = { owner: s.uid, trucks: s.trucks };
  });
  return {
    roomId: 'room-1',
    status: 'active',
    stake: 20,
    timeMinutes: 10,
    maxPlayers: Math.max(2, seats.length),
    joinedOrder: seats.map((s) => s.uid),
    participants,
    boardState,
    turn: { currentPlayer: seats[0]?.uid ?? null, round: 1, deadline: T0 + 20_000 },
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

function roll(player: string, value: number, newPosition: number, nonce: number) {
  return {
    player,
    roll: value,
    newPosition,
    extraTurn: value === 6,
    nonce,
    auto: false,
    timestamp: T0,
  };
}

/** Two players a minute in: Mwila has rolled a 4 onto Gud Will, Chileshe is still at the depot. */
export const twoEarly = roomView(
  [
    { uid: 'u-mwila', name: 'Mwila Banda', position: 3, trucks: 1 },
    { uid: 'u-chileshe', name: 'Chileshe Mwansa', position: -1, trucks: 1 },
  ],
  {
    lastRoll: roll('u-mwila', 4, 3, 0),
    turn: { currentPlayer: 'u-chileshe', round: 1, deadline: T0 + 80_000 },
  },
);
export const twoEarlyNow = T0 + 61_000;

/** Six players near the end: fleets of 1–6, two trucks sharing a stop, Bupe offered a truck. */
export const sixLate = roomView(
  [
    { uid: 'u-mwila', name: 'Mwila Banda', position: 12, trucks: 3 },
    { uid: 'u-chileshe', name: 'Chileshe Mwansa', position: 12, trucks: 6 },
    { uid: 'u-bupe', name: 'Bupe Zulu', position: 19, trucks: 2 },
    { uid: 'u-bot-bold', name: 'Bot Bold', position: 8, trucks: 5 },
    { uid: 'u-bot-careful', name: 'Bot Careful', position: 0, trucks: 1 },
    { uid: 'u-natasha', name: 'Natasha Mulenga-Phiri', position: 5, trucks: 4 },
  ],
  {
    lastRoll: roll('u-bupe', 6, 19, 57),
    pendingPurchase: 'u-bupe',
    turn: { currentPlayer: 'u-bupe', round: 9, deadline: T0 + 555_000 },
  },
);
export const sixLateNow = T0 + 548_000;

/** A room waiting for its last two players. */
export const waiting = roomView(
  [
    { uid: 'u-mwila', name: 'Mwila Banda', position: -1, trucks: 1 },
    { uid: 'u-bupe', name: 'Bupe Zulu', position: -1, trucks: 1 },
  ],
  {
    status: 'waiting',
    maxPlayers: 4,
    gameStartTime: null,
    gameEndTime: null,
    turn: { currentPlayer: null, round: 0, deadline: null },
  },
);

/** Names and an id that try to end the markup, open a tag or an attribute, or run a script. */
export const HOSTILE_NAMES = [
  '</script><script>alert(1)</script>',
  '<svg onload=alert(1)>',
  '" onmouseover="alert(1)',
  "' data-x='1",
  '&amp; &lt;b&gt; &#60;',
  ']]><!--',
  '\u0000\u0008\uFFFE\uD800 bad',
  'Mwila 🚚 Bánda',
] as const;

export const hostile = roomView(
  HOSTILE_NAMES.slice(0, 6).map((name, i) => ({
    uid: `u-${i}" onclick="x`,
    name,
    position: i * 3,
    trucks: (i % 6) + 1,
  })),
  { roomId: '</script><svg onload=alert(1)>', lastRoll: roll('u-0" onclick="x', 2, 0, 1) },
);
