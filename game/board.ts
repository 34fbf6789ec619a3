// The board and the in-game economy as data (docs/rules.md, "Board"). Position p is box(p + 1).

export const BOARD_SIZE = 20;
export const START_POSITION = -1;
export const START_BALANCE = 5100;
export const START_TRUCKS = 1;
export const MAX_TRUCKS = 6;
export const TRUCK_COST = 1500;
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;

export const PLAYER_COLORS = ['red', 'blue', 'green', 'yellow', 'pink', 'lightblue'] as const;
export type PlayerColor = (typeof PLAYER_COLORS)[number];

export const HOME_BOXES = ['box2', 'box6', 'box9', 'box12', 'box16', 'box19'] as const;

export type BoxId = `box${number}`;

export type Tile =
  | { kind: 'revenue'; key: string; amount: number }
  | { kind: 'expense'; key: string; amount: number }
  | { kind: 'tax'; key: 'tax'; amount: number }
  | { kind: 'home'; seat: number }
  | { kind: 'trucks' };

type BoxSpec = Tile & { name: string; color: string };
export type Box = BoxSpec & { id: BoxId };

const TILE_COLORS = {
  revenue: '#2e7d32',
  expense: '#c62828',
  tax: '#6a1b9a',
  trucks: '#ef6c00',
} as const;

/** Home boxes are drawn in their owner's colour. */
const HOME_COLORS: Record<PlayerColor, string> = {
  red: '#e53935',
  blue: '#1e88e5',
  green: '#43a047',
  yellow: '#fdd835',
  pink: '#ec407a',
  lightblue: '#4fc3f7',
};

function revenue(name: string, key: string, amount: number): BoxSpec {
  return { kind: 'revenue', name, key, amount, color: TILE_COLORS.revenue };
}
function expense(name: string, key: string, amount: number): BoxSpec {
  return { kind: 'expense', name, key, amount, color: TILE_COLORS.expense };
}
function home(seat: number): BoxSpec {
  const color = PLAYER_COLORS[seat - 1] as PlayerColor;
  return { kind: 'home', name: `Home of player ${seat}`, seat, color: HOME_COLORS[color] };
}

const TILES: BoxSpec[] = [
  revenue('Bonds', 'bonds', 210),
  home(1),
  expense('Repairs', 'repairs', 150),
  revenue('Gud Will', 'gudwill', 900),
  expense('Toll Fee', 'tollfee', 20),
  home(2),
  { kind: 'tax', name: 'Tax', key: 'tax', amount: 150, color: TILE_COLORS.tax },
  expense('Council', 'council', 80),
  home(3),
  expense('Salaries and Wages', 'salaries', 150),
  revenue('Tax Refund', 'taxrefund', 250),
  home(4),
  expense('Advert', 'advert', 240),
  expense('Insurance', 'insurance', 100),
  expense('Permits and Licenses', 'permits', 75),
  home(5),
  expense('Professional', 'professional', 150),
  expense('Weigh Bridge', 'weighbridge', 100),
  home(6),
  { kind: 'trucks', name: 'Trucks', color: TILE_COLORS.trucks },
];

/** box1 … box20 in board order. */
export const BOARD: readonly Box[] = TILES.map(
  (tile, i) => ({ ...tile, id: `box${i + 1}` }) as Box,
);

export const BOX_IDS: readonly BoxId[] = BOARD.map((box) => box.id);

export function boxIdAt(position: number): BoxId {
  if (!Number.isInteger(position) || position < 0 || position >= BOARD_SIZE) {
    throw new RangeError(`No box at position ${position}`);
  }
  return `box${position + 1}`;
}

export function boxAt(position: number): Box {
  boxIdAt(position);
  return BOARD[position] as Box;
}

/** The seat (1-based, in joinedOrder) whose home is this box, or null. */
export function homeSeatOf(boxId: string): number | null {
  const index = (HOME_BOXES as readonly string[]).indexOf(boxId);
  return index === -1 ? null : index + 1;
}

const TRUCK_FEES: Readonly<Record<number, number>> = {
  1: 100,
  2: 200,
  3: 380,
  4: 470,
  5: 520,
  6: 700,
};

/** The fee for landing on the home box of an owner with `trucks` trucks ("other" → 100). */
export function truckFee(trucks: number): number {
  return TRUCK_FEES[trucks] ?? 100;
}
