// The board's type: one sturdy sans (the device's own UI font, nothing downloaded), numbers tabular,
// a small scale tied to the size of a tile, and a text-width estimate that is the same on the server
// and in every browser, so the label layout (labels.ts) decides the same everywhere.
import { ADVANCE_CHARS, BOLD_ADVANCES, REGULAR_ADVANCES } from './advances';

/** The page's own font stack (base.css `--font-body`). */
export const FONT_FAMILY =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** Nothing on the board is smaller than this (px), whatever the board's size. */
export const MIN_FONT_PX = 11;

/**
 * The estimate is made wider than the widest measured font by this much: hinting, rounding and a
 * system font a little wider than those measured still fit.
 */
export const WIDTH_SAFETY = 1.04;

/** Characters outside the table count as this wide (em): CJK and emoji are about one em. */
const UNKNOWN_ADVANCE = 1;

/** Above the baseline and below it, as fractions of the font size: the box a line of text takes. */
export const ASCENT = 0.93;
export const DESCENT = 0.26;

export type Weight = 400 | 700 | 800;

function advances(weight: Weight): readonly number[] {
  return weight === 400 ? REGULAR_ADVANCES : BOLD_ADVANCES;
}

const INDEX = new Map([...ADVANCE_CHARS].map((ch, i) => [ch, i]));

/** Widths in em of recent texts: the layout asks for the same words many times. */
const widths = new Map<string, number>();
const REMEMBERED = 1024;

function ems(text: string, weight: Weight): number {
  const key = `${weight}:${text}`;
  let em = widths.get(key);
  if (em === undefined) {
    const table = advances(weight);
    em = 0;
    for (const ch of text) {
      const index = INDEX.get(ch);
      em += index === undefined ? UNKNOWN_ADVANCE : (table[index] as number) / 1000;
    }
    if (widths.size >= REMEMBERED) widths.clear();
    widths.set(key, em);
  }
  return em;
}

/** The width (px) a line of `text` takes at `size` px, estimated on the wide side. */
export function textWidth(text: string, size: number, weight: Weight): number {
  // Extra-bold is drawn with the bold face, a little wider where a font has a real 800.
  const heavier = weight === 800 ? 1.04 : 1;
  return ems(text, weight) * size * heavier * WIDTH_SAFETY;
}

/** The height (px) of one line of text at `size` px. */
export function lineHeight(size: number): number {
  return size * (ASCENT + DESCENT);
}

/**
 * The longest start of `text` that fits `width` px, with an ellipsis when it had to be cut
 * ("Chileshe Mwansa-Banda" → "Chileshe M…"); null when not even one letter and the ellipsis fit.
 */
export function truncateToWidth(
  text: string,
  width: number,
  size: number,
  weight: Weight,
): string | null {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (textWidth(clean, size, weight) <= width) return clean;
  const chars = [...clean];
  for (let n = chars.length - 1; n >= 1; n--) {
    const candidate = `${chars.slice(0, n).join('').trimEnd()}\u2026`;
    if (textWidth(candidate, size, weight) <= width) return candidate;
  }
  return null;
}

/**
 * The type scale, as fractions of a tile's side (the board is 6 tiles across), never under
 * MIN_FONT_PX. `textScale` is the reader's text size (1 = 100 %, 2 = 200 %).
 */
export const TYPE_SCALE = {
  /** A tile's one-word label and its price tag. */
  label: 0.15,
  /** A yard's owner. */
  yard: 0.15,
  /** Whose turn, in the town square. */
  turn: 0.19,
  /** The game clock. */
  clock: 0.2,
  /** The brand's name, small. */
  brand: 0.15,
} as const;

export function fontSize(role: keyof typeof TYPE_SCALE, cell: number, textScale = 1): number {
  return Math.max(MIN_FONT_PX, Math.round(cell * TYPE_SCALE[role] * textScale * 2) / 2);
}
