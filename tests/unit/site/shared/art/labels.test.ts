import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOARD, BOARD_SIZE } from '#game/board.ts';
import type { RoomView } from '#game/protocol.ts';
import { tileArts } from '#site/shared/art/tile-arts.ts';
import {
  boardLayout,
  MAX_BOARD_SIZE,
  MIN_BOARD_SIZE,
  roadOf,
  type Box,
} from '#site/shared/art/geometry.ts';
import { centreWords } from '#site/shared/art/hud.ts';
import {
  fitSlot,
  fitTurnSlot,
  layoutCentre,
  layoutTiles,
  NARROW_TILE_PX,
  type PlacedText,
} from '#site/shared/art/labels.ts';
import { boardModel } from '#site/shared/art/model.ts';
import { MIN_FONT_PX, textWidth } from '#site/shared/art/type.ts';
import { hostile, sixLate, sixLateNow, twoEarly, waiting } from '#tests/support/art-rooms.ts';

/** The board sizes of a 360 × 740 phone, the same phone on its side, and a 1366 × 800 laptop. */
const SCREENS = [280, 300, 560];
const TEXT_SCALES = [1, 1.5, 2];
const ROOMS: (RoomView | null)[] = [null, twoEarly, sixLate, waiting, hostile];

/** Boxes that only touch do not intersect; a rounding hair (1e-6 px) is not an overlap. */
function intersect(a: Box, b: Box): boolean {
  const e = 1e-6;
  return (
    a.x < b.x + b.width - e &&
    b.x < a.x + a.width - e &&
    a.y < b.y + b.height - e &&
    b.y < a.y + a.height - e
  );
}

function inside(inner: Box, outer: Box): boolean {
  const e = 1e-6;
  return (
    inner.x >= outer.x - e &&
    inner.y >= outer.y - e &&
    inner.x + inner.width <= outer.x + outer.width + e &&
    inner.y + inner.height <= outer.y + outer.height + e
  );
}

interface Labelled {
  owner: string;
  box: Box;
  text: PlacedText | null;
}

/**
 * Every label box on a board: each tile's label and tag and the room its icon or fleet keeps, the
 * town square's lines, its depot and die.
 */
function labelsOf(view: RoomView | null, size: number, textScale: number): Labelled[] {
  const model = boardModel(view);
  const cells = boardLayout(size).tiles;
  const tiles = layoutTiles(tileArts(model.seats), cells, size, textScale);
  const centre = layoutCentre(size, textScale);
  const words = centreWords(model, null, sixLateNow);
  const turn = fitTurnSlot(centre.turn, words.turn);
  const clock = fitSlot(centre.clock, words.clock);
  const brand = fitSlot(centre.brand, words.brand);
  return [
    ...tiles.flatMap((t) => [
      { owner: `tile ${t.position} label`, box: t.label.box, text: t.label },
      ...(t.tag ? [{ owner: `tile ${t.position} tag`, box: t.tag.box, text: t.tag }] : []),
      { owner: `tile ${t.position} art`, box: t.art, text: null },
    ]),
    { owner: 'depot', box: centre.depot, text: null },
    { owner: 'turn', box: turn.box, text: turn },
    { owner: 'die', box: centre.die, text: null },
    { owner: 'clock', box: clock.box, text: clock },
    { owner: 'brand', box: brand.box, text: brand },
  ];
}

/** What is wrong with a board's labels (nothing, when the layout holds). */
function problems(view: RoomView | null, size: number, textScale: number): string[] {
  const found: string[] = [];
  const at = `at ${size} px, text × ${textScale}`;
  const labels = labelsOf(view, size, textScale);
  const cells = boardLayout(size).tiles;
  const town = roadOf(size).town;
  for (const label of labels) {
    const tile = /^tile (\d+)/.exec(label.owner);
    const home = tile ? (cells[Number(tile[1])] as Box) : town;
    if (!inside(label.box, home)) found.push(`${label.owner} leaves its place ${at}`);
    if (!label.text) continue;
    if (label.text.size < MIN_FONT_PX) found.push(`${label.owner} is ${label.text.size} px ${at}`);
    for (const line of label.text.lines) {
      if (textWidth(line, label.text.size, label.text.weight) > label.box.width + 1e-6) {
        found.push(`${label.owner} "${line}" is wider than its box ${at}`);
      }
    }
  }
  for (let i = 0; i < labels.length; i++) {
    for (let j = i + 1; j < labels.length; j++) {
      const a = labels[i] as Labelled;
      const b = labels[j] as Labelled;
      if (intersect(a.box, b.box)) found.push(`${a.owner} overlaps ${b.owner} ${at}`);
    }
  }
  return found;
}

describe('the label layout', () => {
  it('keeps every label in its tile, apart from every other, at the three screens and 200 % text', () => {
    const found = SCREENS.flatMap((size) =>
      TEXT_SCALES.flatMap((textScale) => ROOMS.flatMap((view) => problems(view, size, textScale))),
    );
    expect(found).toEqual([]);
  });

  it('holds for every board size from 280 to 720 px at text × 1, 1.5 and 2', () => {
    const found: string[] = [];
    for (let size = MIN_BOARD_SIZE; size <= MAX_BOARD_SIZE; size++) {
      for (const textScale of TEXT_SCALES) found.push(...problems(sixLate, size, textScale));
    }
    expect(found).toEqual([]);
  });

  it('holds for fractional sizes and text scales in between, with any names', () => {
    fc.assert(
      fc.property(
        fc.double({ min: MIN_BOARD_SIZE, max: MAX_BOARD_SIZE, noNaN: true }),
        fc.double({ min: 1, max: 2, noNaN: true }),
        fc.array(fc.string({ unit: 'grapheme', maxLength: 40 }), { minLength: 6, maxLength: 6 }),
        (size, textScale, names) => {
          const view: RoomView = {
            ...sixLate,
            participants: Object.fromEntries(
              sixLate.joinedOrder.map((uid, i) => [
                uid,
                {
                  ...(sixLate.participants[uid] as RoomView['participants'][string]),
                  name: names[i] as string,
                },
              ]),
            ),
          };
          expect(problems(view, size, textScale)).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('writes one word per label on narrow tiles (a phone-sized board), nothing under 11 px', () => {
    for (let size = MIN_BOARD_SIZE; size < NARROW_TILE_PX * 6; size++) {
      for (const textScale of TEXT_SCALES) {
        const tiles = layoutTiles(tileArts([]), boardLayout(size).tiles, size, textScale);
        expect(tiles).toHaveLength(BOARD_SIZE);
        for (const tile of tiles) {
          if (BOARD[tile.position]?.kind === 'home') continue;
          expect(tile.label.lines).toHaveLength(1);
          expect(tile.label.lines[0]).not.toContain(' ');
          expect(tile.label.size).toBeGreaterThanOrEqual(MIN_FONT_PX);
        }
      }
    }
  });

  it('keeps full names where the tiles have room for them', () => {
    const tiles = layoutTiles(tileArts([]), boardLayout(720).tiles, 720, 1);
    const labels = tiles.map((t) => t.label.lines.join(' '));
    expect(labels).toContain('Gud Will');
    expect(labels).toContain('Insurance');
  });

  it('shortens a long name with an ellipsis, never a word of the turn line', () => {
    const model = boardModel(sixLate);
    const centre = layoutCentre(280, 1);
    const turn = fitTurnSlot(centre.turn, {
      name: 'Natasha Mulenga-Phiri Chileshe Bwalya',
      after: "'s turn",
    });
    expect(turn.lines[0]).toMatch(/…'s turn$/);
    expect(model.seats).toHaveLength(6);
  });
});
