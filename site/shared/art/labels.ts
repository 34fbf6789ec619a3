// The label layout: where every tile's label and price tag go, and the town square's lines (whose
// turn, the clock, the brand), so that no two ever overlap and none leaves its tile, at any board
// size and text size. Text widths are estimated (type.ts) on the wide side, the same on the server
// and in every browser. One font size and weight for every tile's words on a board (a board reads
// calmer that way); the largest that lets every tile keep its icon, never under MIN_FONT_PX.
import { depotBays, depotRoof, roadOf, type Box } from './geometry';
import type { LabelChoices, TileArt } from './tiles';
import { fontSize, MIN_FONT_PX, textWidth, truncateToWidth, type Weight } from './type';

/** A block of text, centred on `x`, each line on its own baseline. */
export interface PlacedText {
  lines: string[];
  size: number;
  weight: Weight;
  x: number;
  baselines: number[];
  /** The box the text takes (with its plate, when it has one). */
  box: Box;
}

export interface TileLayout {
  position: number;
  /** The tile's cell of the grid (taps, `tileAt`). */
  cell: Box;
  /** The plot drawn inside the cell. */
  card: Box;
  label: PlacedText;
  /** The price tag (a plate), or null (an empty lot has none). */
  tag: PlacedText | null;
  /** What is left for the icon, or a yard's fleet. */
  art: Box;
}

/** A line's place in the town square: its box (the widest it may be) and its type. */
export interface Slot {
  box: Box;
  size: number;
  weight: Weight;
  x: number;
  baseline: number;
}

export interface CentreLayout {
  depot: Box;
  /** Whose turn, on a plate. */
  turn: Slot;
  die: Box;
  clock: Slot;
  brand: Slot;
}

export interface BoardLabels {
  size: number;
  textScale: number;
  tiles: TileLayout[];
  centre: CentreLayout;
}

/** The town square's words, as the room stands (hud.ts writes them). */
export interface CentreWords {
  /** Whose turn: the name is shortened to fit, the rest is kept ("…'s turn"). */
  turn: { name: string; first?: string; before?: string; after: string; short?: string };
  clock: string;
  brand: string;
}

const STEP = 0.5;

/**
 * Above and below the baseline (em) of a line of text: figures and signs need the least room,
 * plain ASCII words a little more, accents and other scripts the most.
 */
export function extent(text: string): { ascent: number; descent: number } {
  if (/^[0-9+,.\u2212]*$/.test(text)) return { ascent: 0.76, descent: 0.14 };
  if (/^[\x20-\x7E\u2026\u2019]*$/.test(text)) return { ascent: 0.78, descent: 0.24 };
  return { ascent: 0.95, descent: 0.3 };
}

function blockHeight(lines: readonly string[], size: number): number {
  return lines.reduce((h, line) => {
    const e = extent(line);
    return h + (e.ascent + e.descent) * size;
  }, 0);
}

/** Lays `lines` out top-down from `top`, centred on `x`; `plate` pads a plate round them. */
function place(
  lines: readonly string[],
  size: number,
  weight: Weight,
  x: number,
  top: number,
  plate = { x: 0, y: 0 },
): PlacedText {
  const width = Math.max(...lines.map((line) => textWidth(line, size, weight)));
  let y = top + plate.y;
  const baselines = lines.map((line) => {
    const e = extent(line);
    const baseline = y + e.ascent * size;
    y += (e.ascent + e.descent) * size;
    return baseline;
  });
  return {
    lines: [...lines],
    size,
    weight,
    x,
    baselines,
    box: {
      x: x - width / 2 - plate.x,
      y: top,
      width: width + 2 * plate.x,
      height: y + plate.y - top,
    },
  };
}

function inset(box: Box, by: number): Box {
  return { x: box.x + by, y: box.y + by, width: box.width - 2 * by, height: box.height - 2 * by };
}

/** The plate round a tag or a yard's name: padding as fractions of the font size. */
function platePadding(size: number) {
  return { x: size * 0.22, y: size * 0.07 };
}

interface Pick {
  lines: readonly string[];
}

/**
 * The first of `choices` whose lines all fit `width`; for a name (`truncate`), the last choice cut
 * with an ellipsis when none fits as it is.
 */
function pickLines(
  choices: LabelChoices,
  width: number,
  size: number,
  weight: Weight,
  truncate: boolean,
): Pick | null {
  for (const lines of choices) {
    if (lines.every((line) => textWidth(line, size, weight) <= width)) return { lines };
  }
  const last = choices[choices.length - 1];
  if (!truncate || !last || last.length !== 1) return null;
  const cut = truncateToWidth(last[0] as string, width, size, weight);
  return cut ? { lines: [cut] } : null;
}

/** The card (the plot) inside a cell, and the room its contents keep from the card's edge. */
function cardOf(cell: Box, side: number): { card: Box; pad: number; room: number } {
  const card = inset(cell, Math.max(0.75, side * 0.02));
  // Words may run nearly to the card's edge: they stay inside their own tile.
  return { card, pad: Math.max(1, side * 0.03), room: card.width - 2 * Math.max(0.5, side * 0.01) };
}

/** The dark halo round a tile's white label (its width in px), part of the label's box. */
export function haloWidth(size: number): number {
  return Math.max(1.2, size * 0.14);
}

/** Tiles narrower than this (px) take one-word labels only. */
export const NARROW_TILE_PX = 60;

/** The icon or fleet needs at least this much height (fraction of a tile's side). */
const MIN_ART = 0.28;

function layTile(
  art: TileArt,
  position: number,
  cell: Box,
  side: number,
  size: number,
  weight: Weight,
): TileLayout | null {
  const { card, pad, room } = cardOf(cell, side);
  const plated = art.kind === 'yard';
  const plate = platePadding(size);
  const labelPlate = plated ? plate : { x: haloWidth(size) / 2, y: 0 };
  const choices =
    art.kind === 'stop' && side < NARROW_TILE_PX
      ? art.label.filter((lines) => lines.every((line) => !line.includes(' ')))
      : art.label;
  const pick = pickLines(
    choices,
    room - 2 * labelPlate.x,
    size,
    weight,
    plated && art.owner !== null,
  );
  if (!pick) return null;
  const tagText = art.tag
    ? art.tag.find((t) => textWidth(t, size, 700) + 2 * plate.x <= room)
    : undefined;
  if (art.tag && tagText === undefined) return null;
  const labelHeight = blockHeight(pick.lines, size) + (plated ? 2 * plate.y : 0);
  const tagHeight = tagText === undefined ? 0 : blockHeight([tagText], size) + 2 * plate.y;
  const gap = pad * 0.5;
  const artHeight =
    card.height - 2 * pad - labelHeight - tagHeight - (tagText === undefined ? 1 : 2) * gap;
  if (artHeight < side * MIN_ART) return null;
  const x = card.x + card.width / 2;
  const label = place(pick.lines, size, weight, x, card.y + pad, labelPlate);
  const tag =
    tagText === undefined
      ? null
      : place([tagText], size, 700, x, card.y + card.height - pad - tagHeight, plate);
  const artTop = label.box.y + label.box.height + gap;
  return {
    position,
    cell,
    card,
    label,
    tag,
    art: { x: card.x + pad, y: artTop, width: card.width - 2 * pad, height: artHeight },
  };
}

function cellOf(position: number, cells: readonly Box[]): Box {
  const cell = cells[position];
  if (!cell) throw new RangeError(`No tile at position ${position}`);
  return cell;
}

/**
 * Lays out every tile's words on a board `size` px wide at text scale `textScale` (1 = 100 %).
 * `cells[p]` is tile p's cell (geometry.ts `boardLayout`).
 */
export function layoutTiles(
  arts: readonly TileArt[],
  cells: readonly Box[],
  size: number,
  textScale: number,
): TileLayout[] {
  const side = size / 6;
  const layAll = (font: number, weight: Weight): TileLayout[] | null => {
    const tiles: TileLayout[] = [];
    for (const [p, art] of arts.entries()) {
      const tile = layTile(art, p, cellOf(p, cells), side, font, weight);
      if (!tile) return null;
      tiles.push(tile);
    }
    return tiles;
  };
  // Font sizes in steps of STEP from MIN_FONT_PX up to the wanted size; a size that fits leaves
  // every smaller one fitting, so the largest is found by halving the range.
  const steps = Math.floor((fontSize('label', side, textScale) - MIN_FONT_PX) / STEP);
  const largest = (weight: Weight): number | null => {
    if (!layAll(MIN_FONT_PX, weight)) return null;
    let [lo, hi] = [0, steps];
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (layAll(MIN_FONT_PX + mid * STEP, weight)) lo = mid;
      else hi = mid - 1;
    }
    return MIN_FONT_PX + lo * STEP;
  };
  // The largest size wins; at the same size, bold.
  const bold = largest(700);
  const regular = bold !== null && bold >= MIN_FONT_PX + steps * STEP ? null : largest(400);
  const [font, weight] =
    bold !== null && (regular === null || bold >= regular)
      ? [bold, 700 as const]
      : [regular, 400 as const];
  const tiles = font === null ? null : layAll(font, weight);
  if (!tiles) throw new Error(`The tiles' labels do not fit a ${size} px board`);
  return tiles;
}

/** A line in a town-square slot: as big as its type says, its box as wide as the slot allows. */
function slot(x: number, top: number, width: number, size: number, weight: Weight, pad = 0): Slot {
  // Any script: the taller extent, so a name with accents still fits its slot.
  const height = (0.95 + 0.3) * size + 2 * pad;
  return {
    box: { x: x - width / 2, y: top, width, height },
    size,
    weight,
    x,
    baseline: top + pad + 0.95 * size,
  };
}

/**
 * The town square: the depot's bays along the top, whose turn under them, the die in the middle,
 * the clock and the brand at the bottom. The words shrink (never under MIN_FONT_PX) and then the
 * die, until everything fits. Depends only on the board's size and the text size, so the die and
 * the lines stay put while the words change.
 */
export function layoutCentre(size: number, textScale: number): CentreLayout {
  const road = roadOf(size);
  const side = road.cell;
  const town = road.town;
  const pad = side * 0.08;
  const roof = depotRoof(size);
  const bay = depotBays(size)[0] as Box;
  const depot = { ...roof, height: bay.y + bay.height - roof.y };
  const width = town.width - 2 * pad;
  const x = town.x + town.width / 2;
  const gap = pad * 0.6;
  const tries = 16;
  for (let i = 0; i < tries; i++) {
    const shrink = 1 - i * 0.05;
    const sized = (role: 'turn' | 'clock' | 'brand') =>
      Math.max(MIN_FONT_PX, Math.round(fontSize(role, side, textScale) * shrink * 2) / 2);
    const turnSize = sized('turn');
    const turn = slot(x, depot.y + depot.height + gap, width, turnSize, 700, turnSize * 0.2);
    const brandSize = sized('brand');
    const brandHeight = (0.95 + 0.3) * brandSize;
    const brand = slot(x, town.y + town.height - pad - brandHeight, width, brandSize, 800);
    const clockSize = sized('clock');
    const clockHeight = (0.95 + 0.3) * clockSize;
    const clock = slot(x, brand.box.y - clockHeight, width, clockSize, 700);
    const top = turn.box.y + turn.box.height + gap;
    const bottom = clock.box.y - gap;
    const die = Math.min(side * 0.95, bottom - top, width);
    if (die >= side * 0.6 || i === tries - 1) {
      const dieTop = top + (bottom - top - die) / 2;
      return {
        depot,
        turn,
        die: { x: x - die / 2, y: dieTop, width: die, height: die },
        clock,
        brand,
      };
    }
  }
  throw new Error('The town square does not fit');
}

function placedInSlot(slot: Slot, line: string, weight: Weight, plate: number): PlacedText {
  const width = textWidth(line, slot.size, weight) + 2 * plate;
  return {
    lines: [line],
    size: slot.size,
    weight,
    x: slot.x,
    baselines: [slot.baseline],
    box: { x: slot.x - width / 2, y: slot.box.y, width, height: slot.box.height },
  };
}

/**
 * A line in its slot (with `plate` px of plate each side): as it is in the slot's weight, else in
 * regular weight, else cut with an ellipsis.
 */
export function fitSlot(slot: Slot, text: string, plate = 0): PlacedText {
  const room = slot.box.width - 2 * plate;
  for (const weight of [slot.weight, 400] as const) {
    if (textWidth(text, slot.size, weight) <= room) return placedInSlot(slot, text, weight, plate);
  }
  return placedInSlot(slot, truncateToWidth(text, room, slot.size, 400) ?? '', 400, plate);
}

/**
 * Whose turn in its slot: whole in the slot's weight or in regular, else the short form, else the
 * name cut with an ellipsis while the words round it stay ("Natasha Mulen…'s turn").
 */
export function fitTurnSlot(
  slot: Slot,
  turn: CentreWords['turn'],
  plate = slot.size * 0.35,
): PlacedText {
  const room = slot.box.width - 2 * plate;
  const whole = `${turn.before ?? ''}${turn.name}${turn.after}`;
  const tries = [whole];
  if (turn.first) tries.push(`${turn.before ?? ''}${turn.first}${turn.after}`);
  if (turn.short !== undefined) tries.push(turn.short);
  for (const text of tries) {
    for (const weight of [slot.weight, 400] as const) {
      if (textWidth(text, slot.size, weight) <= room)
        return placedInSlot(slot, text, weight, plate);
    }
  }
  const around = `${turn.before ?? ''}${turn.after}`;
  const name = truncateToWidth(turn.name, room - textWidth(around, slot.size, 400), slot.size, 400);
  const text = name
    ? `${turn.before ?? ''}${name}${turn.after}`
    : (truncateToWidth(whole, room, slot.size, 400) ?? '');
  return placedInSlot(slot, text, 400, plate);
}
