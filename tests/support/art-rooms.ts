// Room views the board's art is drawn and tested with (and `scripts/art/preview.ts` pictures):
// two players early in a game, six players late with fleets and an open truck offer, a waiting room,
// and names that try to break out of the markup.
import type { RoomView } from '#game/protocol.ts';
import { pictureView, type PictureSeat } from '#site/shared/art/picture.ts';

export const T0 = 1_800_000_000_000;

/** A room's view from its seats (site/shared/art/picture.ts), in a game that started at T0. */
export function roomView(seats: readonly PictureSeat[], patch: Partial<RoomView> = {}): RoomView {
  return pictureView(seats, {
    roomId: 'room-1',
    stake: 20,
    turn: { currentPlayer: seats[0]?.uid ?? null, round: 1, deadline: T0 + 20_000 },
    gameStartTime: T0,
    gameEndTime: T0 + 600_000,
    fairness: { serverSeedHash: 'h', clientSeed: 'c', serverSeed: null },
    ...patch,
  });
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
