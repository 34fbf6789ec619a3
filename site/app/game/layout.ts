// Where things sit on the board: the 20 tiles as a ring on a 6 × 6 grid, the trucks' spots inside
// a tile, the path a truck drives between two positions, and the point along that path at any
// moment of the animation. Pure maths, no Pixi: the canvas only draws what this module computes.
import { BOARD_SIZE, START_POSITION } from '../../../game/board';

/** Cells per side of the square grid; the ring uses its outer cells (4 × 6 − 4 = 20). */
export const GRID = 6;

/** The board never gets smaller than this (px) nor larger than MAX_BOARD_SIZE (game.css reserves the same square). */
export const MIN_BOARD_SIZE = 280;
export const MAX_BOARD_SIZE = 720;

export interface Point {
  x: number;
  y: number;
}

export interface Cell {
  col: number;
  row: number;
}

export interface TileRect extends Point {
  position: number;
  width: number;
  height: number;
  center: Point;
}

export interface BoardLayout {
  size: number;
  cell: number;
  tiles: TileRect[];
  /** The inner square (the dice and the depot live there). */
  inner: { x: number; y: number; size: number };
}

function checkPosition(position: number): void {
  if (!Number.isInteger(position) || position < 0 || position >= BOARD_SIZE) {
    throw new RangeError(`No tile at position ${position}`);
  }
}

/**
 * The grid cell of a board position, clockwise from the top-left corner: the top row left to
 * right (0–5), the right column down (6–10), the bottom row right to left (11–15), the left column
 * up (16–19).
 */
export function tileCell(position: number): Cell {
  checkPosition(position);
  const last = GRID - 1;
  if (position <= last) return { col: position, row: 0 };
  if (position <= 2 * last) return { col: last, row: position - last };
  if (position <= 3 * last) return { col: 3 * last - position, row: last };
  return { col: 0, row: 4 * last - position };
}

/** The board's side for a container `width` wide on a screen `height` tall. */
export function fitBoardSize(width: number, height: number): number {
  const available = Math.floor(Math.min(width, height > 0 ? height : width));
  return Math.max(MIN_BOARD_SIZE, Math.min(MAX_BOARD_SIZE, available));
}

export function boardLayout(size: number): BoardLayout {
  const cell = size / GRID;
  const tiles = Array.from({ length: BOARD_SIZE }, (_, position) => {
    const { col, row } = tileCell(position);
    const x = col * cell;
    const y = row * cell;
    return {
      position,
      x,
      y,
      width: cell,
      height: cell,
      center: { x: x + cell / 2, y: y + cell / 2 },
    };
  });
  return { size, cell, tiles, inner: { x: cell, y: cell, size: size - 2 * cell } };
}

/** The board position of the tile under a point of the board (CSS px), or null off the ring. */
export function tileAt(size: number, point: Point): number | null {
  const cell = size / GRID;
  const col = Math.floor(point.x / cell);
  const row = Math.floor(point.y / cell);
  const last = GRID - 1;
  if (col < 0 || row < 0 || col > last || row > last) return null;
  if (row === 0) return col;
  if (col === last) return last + row;
  if (row === last) return 3 * last - col;
  if (col === 0) return 4 * last - row;
  return null;
}

/**
 * Where seat `seat` (0-based, up to 6) parks on a tile: a 3 × 2 grid of slots inside the tile, so
 * trucks sharing a tile never cover each other. Off the board (position −1) the trucks wait in the
 * depot, a row along the top of the inner square.
 */
export function truckSpot(position: number, seat: number, size: number): Point {
  const cell = size / GRID;
  const slotCol = seat % 3;
  const slotRow = Math.floor(seat / 3) % 2;
  if (position === START_POSITION) {
    return { x: cell * 1.5 + seat * (cell * 0.55), y: cell * 1.45 };
  }
  const { col, row } = tileCell(position);
  return {
    x: col * cell + cell * (0.22 + 0.28 * slotCol),
    y: row * cell + cell * (0.58 + 0.26 * slotRow),
  };
}

/**
 * The positions a truck drives through, one tile at a time, from `from` to `to` (both excluded
 * and included respectively). Trucks only ever move forward: from the depot (−1) a truck enters
 * at box1; on the board it wraps from box20 to box1. Equal positions give no steps.
 */
export function pathBetween(from: number, to: number): number[] {
  if (to === from) return [];
  checkPosition(to);
  if (from !== START_POSITION) checkPosition(from);
  const steps: number[] = [];
  let at = from;
  while (at !== to) {
    at = at === START_POSITION ? 0 : (at + 1) % BOARD_SIZE;
    steps.push(at);
  }
  return steps;
}

/**
 * The point at `progress` along a polyline: 0 is the first point, 1 the second, n the (n+1)th.
 * Progress beyond the ends clamps to them.
 */
export function pointAlong(points: readonly Point[], progress: number): Point {
  const first = points[0];
  if (!first) throw new RangeError('A path needs at least one point');
  if (points.length === 1 || progress <= 0) return first;
  const lastIndex = points.length - 1;
  if (progress >= lastIndex) return points[lastIndex] as Point;
  const index = Math.floor(progress);
  const a = points[index] as Point;
  const b = points[index + 1] as Point;
  const t = progress - index;
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}
