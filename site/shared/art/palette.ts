// The board's colours (docs/art.md): warm sand and copper earth for the town, asphalt for the road,
// grass verges, brand green for the frame; gains green, costs warm red to orange, Tax purple, the
// dealer copper; each player's colour with a darker outline shade and a pale tint for their yard.
import { BOARD, PLAYER_COLORS, type PlayerColor } from '#game/board.ts';

export const GROUND = {
  sand: '#F4E9D8',
  sandShade: '#E8D6B8',
  earth: '#C8763A',
  earthDark: '#8F4E1F',
  asphalt: '#3B3B3B',
  asphaltEdge: '#2B2B2B',
  roadLine: '#F6EFD9',
  grass: '#5E9E4A',
  grassLight: '#7CB765',
  grassDark: '#3F7A33',
  concrete: '#D8D2C4',
  concreteLine: '#BDB5A3',
  brand: '#14532D',
} as const;

/** Outlines of pieces and icons (2–3 px at phone size). */
export const OUTLINE = '#1F2937';
export const WHITE = '#FFFFFF';
export const CREAM = '#FFF8E7';
export const INK = '#1C1917';

/** Colours the icons are drawn in. */
export const ICON = {
  paper: '#FFF8E7',
  paperLine: '#A8A29E',
  gold: '#F4B400',
  goldDark: '#B7791F',
  red: '#DC2626',
  green: '#22A35A',
  note: '#7BD389',
  blue: '#2563EB',
  sky: '#BFE3F5',
  steel: '#A3ACB9',
  steelDark: '#4B5563',
  kraft: '#D9A066',
  leather: '#8B5A2B',
  skin: '#C68642',
  skinDark: '#8D5524',
  orange: '#F97316',
  black: '#111827',
} as const;

/** What a tile does to the one who lands there: its colour family and its sign. */
export type Tone = 'gain' | 'cost' | 'tax' | 'dealer';

export interface ToneColors {
  /** The plot's colour (white text stays readable on it: contrast ≥ 4.5). */
  base: string;
  /** The plot's lower, lighter end (its gradient). */
  light: string;
  /** The amount's colour on the cream price tag. */
  tagInk: string;
  /** The sign written before the amount: colour is never the only cue. */
  sign: '+' | '\u2212' | '';
}

export const TONES: Readonly<Record<Tone, ToneColors>> = {
  gain: { base: '#2E7D32', light: '#4C9A3F', tagInk: '#166534', sign: '+' },
  cost: { base: '#C0392B', light: '#DB6A2C', tagInk: '#B42318', sign: '\u2212' },
  tax: { base: '#6B21A8', light: '#8B45C4', tagInk: '#6B21A8', sign: '\u2212' },
  dealer: { base: '#A3521C', light: '#C8763A', tagInk: '#8F4E1F', sign: '' },
};

export interface PlayerShades {
  /** The player's colour (the spec's: their home box in game/board.ts). */
  fill: string;
  /** A darker shade of it: outlines and the yard's fence. */
  dark: string;
  /** A pale tint: the ground of their yard. */
  tint: string;
  /** Text written on `fill`. */
  ink: string;
}

const FILL = new Map<PlayerColor, string>(
  BOARD.flatMap((box) =>
    box.kind === 'home' ? [[PLAYER_COLORS[box.seat - 1] as PlayerColor, box.color] as const] : [],
  ),
);

const SHADES: Readonly<Record<PlayerColor, Omit<PlayerShades, 'fill'>>> = {
  red: { dark: '#8E1B1B', tint: '#FAD4D0', ink: WHITE },
  blue: { dark: '#0D4A8A', tint: '#D3E5F8', ink: WHITE },
  green: { dark: '#1E5E22', tint: '#D6EDD3', ink: WHITE },
  yellow: { dark: '#8A6A00', tint: '#FFF3BF', ink: INK },
  pink: { dark: '#8C1D47', tint: '#FAD3E2', ink: INK },
  lightblue: { dark: '#0B6E99', tint: '#D4F0FC', ink: INK },
};

export function playerShades(color: PlayerColor): PlayerShades {
  return { fill: FILL.get(color) ?? '#78716C', ...SHADES[color] };
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours (1 … 21). */
export function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function luminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
}
