import {
  boardLayout,
  fitBoardSize,
  GRID,
  MAX_BOARD_SIZE,
  MIN_BOARD_SIZE,
  pathBetween,
  pointAlong,
  tileCell,
} from '#site/shared/art/geometry.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOARD_SIZE } from '#game/board.ts';

const positions = fc.integer({ min: 0, max: BOARD_SIZE - 1 });

describe('tileCell', () => {
  it('puts the 20 tiles on 20 different cells of the grid ring', () => {
    const cells = Array.from({ length: BOARD_SIZE }, (_, p) => tileCell(p));
    const keys = new Set(cells.map(({ col, row }) => `${col},${row}`));
    expect(keys.size).toBe(BOARD_SIZE);
    for (const { col, row } of cells) {
      const onEdge = col === 0 || row === 0 || col === GRID - 1 || row === GRID - 1;
      expect(onEdge).toBe(true);
    }
  });

  it('goes clockwise from the top-left corner, corners at 0, 5, 10 and 15', () => {
    expect(tileCell(0)).toEqual({ col: 0, row: 0 });
    expect(tileCell(5)).toEqual({ col: 5, row: 0 });
    expect(tileCell(10)).toEqual({ col: 5, row: 5 });
    expect(tileCell(15)).toEqual({ col: 0, row: 5 });
    expect(tileCell(19)).toEqual({ col: 0, row: 1 });
  });

  it('makes neighbours on the board neighbours on the grid (the ring is closed)', () => {
    fc.assert(
      fc.property(positions, (p) => {
        const a = tileCell(p);
        const b = tileCell((p + 1) % BOARD_SIZE);
        expect(Math.abs(a.col - b.col) + Math.abs(a.row - b.row)).toBe(1);
      }),
    );
  });

  it('refuses positions off the board', () => {
    expect(() => tileCell(-1)).toThrow(RangeError);
    expect(() => tileCell(20)).toThrow(RangeError);
    expect(() => tileCell(1.5)).toThrow(RangeError);
  });
});

describe('boardLayout', () => {
  it('tiles fill their cells inside the board', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN_BOARD_SIZE, max: MAX_BOARD_SIZE }), (size) => {
        const layout = boardLayout(size);
        expect(layout.tiles).toHaveLength(BOARD_SIZE);
        for (const tile of layout.tiles) {
          expect(tile.width).toBeCloseTo(size / GRID);
          expect(tile.x).toBeGreaterThanOrEqual(0);
          expect(tile.y).toBeGreaterThanOrEqual(0);
          expect(tile.x + tile.width).toBeLessThanOrEqual(size + 1e-9);
          expect(tile.y + tile.height).toBeLessThanOrEqual(size + 1e-9);
        }
        expect(layout.inner.size).toBeCloseTo((size * (GRID - 2)) / GRID);
      }),
    );
  });
});

describe('fitBoardSize', () => {
  it('fits the narrower of width and height, within the limits', () => {
    expect(fitBoardSize(340, 490)).toBe(340);
    expect(fitBoardSize(1200, 500)).toBe(500);
    expect(fitBoardSize(200, 900)).toBe(MIN_BOARD_SIZE);
    expect(fitBoardSize(2000, 2000)).toBe(MAX_BOARD_SIZE);
    expect(fitBoardSize(330, 0)).toBe(330);
  });
});

describe('pathBetween', () => {
  it('enters the board at box1 on the first roll', () => {
    expect(pathBetween(-1, 3)).toEqual([0, 1, 2, 3]);
    expect(pathBetween(-1, 0)).toEqual([0]);
  });

  it('drives forward tile by tile and wraps from box20 to box1', () => {
    expect(pathBetween(4, 7)).toEqual([5, 6, 7]);
    expect(pathBetween(18, 2)).toEqual([19, 0, 1, 2]);
    expect(pathBetween(6, 6)).toEqual([]);
  });

  it('a roll of r from any tile is r steps ending where the rules put the truck', () => {
    fc.assert(
      fc.property(positions, fc.integer({ min: 1, max: 6 }), (p, roll) => {
        const to = (p + roll) % BOARD_SIZE;
        const path = pathBetween(p, to);
        expect(path).toHaveLength(roll);
        expect(path.at(-1)).toBe(to);
      }),
    );
  });
});

describe('pointAlong', () => {
  const points = [
    { x: 0, y: 0 },
    { x: 10, y: 0 },
    { x: 10, y: 20 },
  ];

  it('interpolates between consecutive points and clamps at the ends', () => {
    expect(pointAlong(points, 0)).toEqual({ x: 0, y: 0 });
    expect(pointAlong(points, 0.5)).toEqual({ x: 5, y: 0 });
    expect(pointAlong(points, 1.25)).toEqual({ x: 10, y: 5 });
    expect(pointAlong(points, 2)).toEqual({ x: 10, y: 20 });
    expect(pointAlong(points, 9)).toEqual({ x: 10, y: 20 });
    expect(pointAlong(points, -1)).toEqual({ x: 0, y: 0 });
  });

  it('refuses an empty path', () => {
    expect(() => pointAlong([], 0)).toThrow(RangeError);
  });
});
