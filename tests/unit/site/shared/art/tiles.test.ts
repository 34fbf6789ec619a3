import { describe, expect, it } from 'vitest';
import { BOARD, PLAYER_COLORS, TRUCK_COST } from '#game/board.ts';
import { tileArts } from '#site/shared/art/tile-arts.ts';
import { dieFace } from '#site/shared/art/die.ts';
import { iconShapes, ICON_NAMES } from '#site/shared/art/icons.ts';
import { boardModel } from '#site/shared/art/model.ts';
import { contrast, CREAM, GROUND, playerShades, TONES, WHITE } from '#site/shared/art/palette.ts';
import { group, walk } from '#site/shared/art/scene.ts';
import { nodeToSvg } from '#site/shared/art/svg.ts';
import { yardLabel, type StopArt } from '#site/shared/art/tiles.ts';
import { sixLate } from '#tests/support/art-rooms.ts';

const stops = tileArts([]).filter((a): a is StopArt => a.kind === 'stop');

describe('the tiles', () => {
  it('gives each of the 14 roadside tiles its own icon, drawn differently', () => {
    expect(stops).toHaveLength(14);
    const icons = stops.map((s) => s.icon);
    expect(new Set(icons).size).toBe(14);
    expect([...ICON_NAMES].sort()).toEqual([...icons].sort());
    const drawings = icons.map((name) => nodeToSvg(group(iconShapes(name, 1.5))));
    expect(new Set(drawings).size).toBe(14);
  });

  it('draws every icon inside its 24-unit box, with an outline or a filled shape', () => {
    for (const name of ICON_NAMES) {
      const nodes = [...walk(group(iconShapes(name, 1.5)))];
      expect(nodes.some((n) => 'stroke' in n && n.stroke !== undefined)).toBe(true);
      // Shapes placed in the box itself (a turned group has its own coordinates).
      for (const n of iconShapes(name, 1.5)) {
        if (n.type === 'rect') {
          expect(n.x).toBeGreaterThanOrEqual(0);
          expect(n.x + n.width).toBeLessThanOrEqual(24);
        }
        if (n.type === 'circle') {
          expect(n.cx - n.r).toBeGreaterThanOrEqual(-0.01);
          expect(n.cx + n.r).toBeLessThanOrEqual(24.01);
        }
      }
    }
  });

  it('signs every amount (+ gains, − costs and Tax) so colour is never the only cue', () => {
    for (const stop of stops) {
      const [tag] = stop.tag;
      if (stop.box.kind === 'revenue') expect(tag).toMatch(/^\+\d/);
      else if (stop.box.kind === 'trucks') expect(tag).toBe('1,500');
      else expect(tag).toMatch(/^\u2212\d/);
      expect(stop.tone).toBe(
        ({ revenue: 'gain', expense: 'cost', tax: 'tax', trucks: 'dealer' } as const)[
          stop.box.kind as 'revenue' | 'expense' | 'tax' | 'trucks'
        ],
      );
    }
    expect(TRUCK_COST).toBe(1500);
  });

  it('puts each owner in their yard with their fleet; the empty seats are lots for rent', () => {
    const arts = tileArts(boardModel(sixLate).seats);
    const yards = arts.filter((a) => a.kind === 'yard');
    expect(yards).toHaveLength(6);
    for (const yard of yards) {
      const owner = Object.entries(sixLate.participants).find(([, p]) => p.homeBox === yard.box.id);
      expect(yard.owner?.uid).toBe(owner?.[0]);
      expect(yard.owner?.trucks).toBe(owner?.[1].trucks);
    }
    const empty = tileArts([]).filter((a) => a.kind === 'yard');
    expect(empty.every((y) => y.owner === null && y.label[0]?.join(' ') === 'For rent')).toBe(true);
  });

  it('tells owners apart by a word of their names', () => {
    const owner = (uid: string, name: string) => ({ uid, name, color: 'red' as const, trucks: 1 });
    const bots = [owner('a', 'Bot Bold'), owner('b', 'Bot Careful'), owner('c', 'Mwila Banda')];
    expect(yardLabel(bots[0] as never, bots)).toEqual([['Bot Bold'], ['Bold']]);
    expect(yardLabel(bots[2] as never, bots)).toEqual([['Mwila Banda'], ['Mwila']]);
    expect(yardLabel(owner('d', 'Chanda'), bots)).toEqual([['Chanda']]);
  });

  it('draws six die faces with 1 to 6 pips, and a blank side', () => {
    for (let face = 1; face <= 6; face++) {
      const pips = [...walk(dieFace(face))].filter((n) => n.type === 'circle');
      expect(pips).toHaveLength(face);
    }
    expect([...walk(dieFace(null))].filter((n) => n.type === 'circle')).toHaveLength(0);
  });
});

describe('the palette', () => {
  it('keeps white words readable on every tile colour and every player’s name plate', () => {
    for (const tone of Object.values(TONES))
      expect(contrast(tone.base, WHITE)).toBeGreaterThanOrEqual(4.5);
    for (const color of PLAYER_COLORS) {
      expect(contrast(playerShades(color).dark, WHITE)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps the amounts readable on their cream price tags', () => {
    for (const tone of Object.values(TONES))
      expect(contrast(tone.tagInk, CREAM)).toBeGreaterThanOrEqual(4.5);
  });

  it('gives each player a colour of the spec, a darker shade and a paler tint, all different', () => {
    const fills = PLAYER_COLORS.map((c) => playerShades(c).fill);
    expect(fills).toEqual(
      PLAYER_COLORS.map((_, i) => BOARD.find((b) => b.kind === 'home' && b.seat === i + 1)?.color),
    );
    for (const color of PLAYER_COLORS) {
      const { fill, dark, tint } = playerShades(color);
      expect(contrast(dark, tint)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(fill, dark)).toBeGreaterThan(1.5);
    }
    expect(new Set(PLAYER_COLORS.map((c) => playerShades(c).dark)).size).toBe(6);
  });

  it('sets the road dark and its centre line pale', () => {
    expect(contrast(GROUND.asphalt, GROUND.roadLine)).toBeGreaterThanOrEqual(7);
    expect(contrast(GROUND.asphalt, WHITE)).toBeGreaterThanOrEqual(7);
  });
});
