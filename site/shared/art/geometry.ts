// Where things sit on the board, as pure maths both renderers and the tap handler share: the 20
// tiles as a ring on a 6 × 6 grid (clockwise from the top-left corner), the tile under a tap, the
// road ring inside the tiles with a stop in front of each tile, where each seat's truck parks at a
// stop, in the depot and in a yard, and the path a truck drives between two positions.
import { BOARD_SIZE, START_POSITION } from '#game/board.ts';

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

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
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
  /** The inner square (the road and the town square live there). */
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

// ---------------------------------------------------------------------------------------------
// The road: a ring of tarmac just inside the tiles, with a grass verge on both sides.

export interface Road {
  cell: number;
  /** The tarmac's outer square (its corners rounded by `outerRadius`). */
  outer: Box;
  width: number;
  outerRadius: number;
  innerRadius: number;
  /** The square the centre line runs on, and its corners' radius. */
  centre: Box;
  centreRadius: number;
  /** The town square inside the road. */
  town: Box;
}

/** As fractions of a tile's side. */
const VERGE = 0.07;
const ROAD_WIDTH = 0.5;

export function roadOf(size: number): Road {
  const cell = size / GRID;
  const verge = cell * VERGE;
  const width = cell * ROAD_WIDTH;
  const start = cell + verge;
  const side = size - 2 * start;
  // A bend about as tight as a street corner: the tiles beside a corner still stop (nearly) in
  // front of themselves, and the inner lane still turns rather than pivots.
  const centreRadius = width * 0.5;
  const townStart = start + width + verge;
  return {
    cell,
    outer: { x: start, y: start, width: side, height: side },
    width,
    outerRadius: centreRadius + width / 2,
    innerRadius: Math.max(0, centreRadius - width / 2),
    centre: {
      x: start + width / 2,
      y: start + width / 2,
      width: side - width,
      height: side - width,
    },
    centreRadius,
    town: { x: townStart, y: townStart, width: size - 2 * townStart, height: size - 2 * townStart },
  };
}

/** A truck's heading in degrees, clockwise from "driving right" (0: right, 90: down …). */
export type Heading = number;

export interface Stop extends Point {
  heading: Heading;
}

/**
 * A path round the ring parallel to the centre line, `offset` px towards the tiles (negative:
 * towards the town square): the centre line itself (0) or a lane. A rounded square.
 */
export interface RingPath {
  box: Box;
  radius: number;
}

export function ringPath(road: Road, offset = 0): RingPath {
  const c = road.centre;
  return {
    box: {
      x: c.x - offset,
      y: c.y - offset,
      width: c.width + 2 * offset,
      height: c.height + 2 * offset,
    },
    radius: Math.max(0, road.centreRadius + offset),
  };
}

/** A ring path's parts: four straights and four quarter bends. */
function pathParts(path: RingPath): { straight: number; bend: number; side: number } {
  const straight = path.box.width - 2 * path.radius;
  const bend = (Math.PI / 2) * path.radius;
  return { straight, bend, side: straight + bend };
}

/**
 * The point `s` px along a ring path and the way it runs there, clockwise from where its top
 * straight begins (after the top-left bend); any `s` wraps round the ring.
 */
export function alongPath(path: RingPath, s: number): Stop {
  const { straight, bend, side } = pathParts(path);
  const c = path.box;
  const r = path.radius;
  const perimeter = 4 * side;
  const t = ((s % perimeter) + perimeter) % perimeter;
  const index = Math.min(3, Math.floor(t / side));
  const u = t - index * side;
  // Each side: its straight's start and direction, then the bend's centre.
  const sides = [
    { x: c.x + r, y: c.y, dx: 1, dy: 0, cx: c.x + c.width - r, cy: c.y + r },
    { x: c.x + c.width, y: c.y + r, dx: 0, dy: 1, cx: c.x + c.width - r, cy: c.y + c.height - r },
    { x: c.x + c.width - r, y: c.y + c.height, dx: -1, dy: 0, cx: c.x + r, cy: c.y + c.height - r },
    { x: c.x, y: c.y + c.height - r, dx: 0, dy: -1, cx: c.x + r, cy: c.y + r },
  ] as const;
  const at = sides[index] as (typeof sides)[number];
  const heading = index * 90;
  if (u <= straight || bend === 0) {
    return { x: at.x + at.dx * u, y: at.y + at.dy * u, heading };
  }
  const turned = (u - straight) / bend;
  // The bend's angle round its centre, starting where the straight ended.
  const angle = ((index * 90 - 90 + turned * 90) * Math.PI) / 180;
  return {
    x: at.cx + r * Math.cos(angle),
    y: at.cy + r * Math.sin(angle),
    heading: heading + turned * 90,
  };
}

/** The point `s` px along the road's centre line (alongPath on the centre line). */
export function alongCentreLine(road: Road, s: number): Stop {
  return alongPath(ringPath(road), s);
}

/** How far along a ring path (alongPath's `s`) the stop of `position` is: in front of its tile. */
export function stopDistance(position: number, size: number, offset = 0): number {
  const road = roadOf(size);
  const path = ringPath(road, offset);
  const { straight, bend, side } = pathParts(path);
  const { col, row } = tileCell(position);
  const last = GRID - 1;
  const c = path.box;
  const r = path.radius;
  const mid = (index: number) => index * road.cell + road.cell / 2;
  // The corner tiles stop halfway round their bend.
  if (row === 0 && col === 0) return 4 * side - bend / 2;
  if (row === 0 && col === last) return straight + bend / 2;
  if (row === last && col === last) return side + straight + bend / 2;
  if (row === last && col === 0) return 2 * side + straight + bend / 2;
  if (row === 0) return mid(col) - (c.x + r);
  if (col === last) return side + mid(row) - (c.y + r);
  if (row === last) return 2 * side + (c.x + c.width - r) - mid(col);
  return 3 * side + (c.y + c.height - r) - mid(row);
}

/** Where the road passes a tile: on the centre line in front of it, heading the way trucks drive. */
export function stopOf(position: number, size: number): Stop {
  return alongCentreLine(roadOf(size), stopDistance(position, size));
}

/** How a side-view truck is turned to drive at `heading`: mirrored when it drives leftwards. */
export function truckPose(heading: Heading): { rotate: number; mirror: boolean } {
  const h = ((heading % 360) + 360) % 360;
  if (h > 90 && h < 270) return { rotate: h - 180, mirror: true };
  return { rotate: h >= 270 ? h - 360 : h, mirror: false };
}

/** A parked truck: where its middle is, how it is turned, and its length (px). */
export interface Parking extends Stop {
  length: number;
}

/**
 * How trucks share a stop, by how many seats the game has: a truck's length and each seat's lane
 * and place along it (fractions of a tile's side). Up to four: two lanes, two deep; five or six:
 * two lanes, three deep, shorter trucks. Either way the trucks at one stop, and at two stops side
 * by side along a straight, never touch.
 */
const SLOTS = {
  small: { length: 0.35, along: [-0.23, -0.23, 0.23, 0.23, 0, 0] },
  large: { length: 0.28, along: [0, 0, -0.32, -0.32, 0.32, 0.32] },
} as const;

function slotsFor(players: number) {
  return players <= 4 ? SLOTS.small : SLOTS.large;
}

/**
 * Where seat `seat` (0-based) of a game of `players` parks at `position` on a board `size` px
 * wide: at the tile's stop, in a fixed slot per seat (even seats in the lane beside the tiles, odd
 * ones beside the town square), so nobody moves when another truck arrives. Along the lane itself,
 * so a truck at a bend follows it round. Off the board (−1) trucks wait in the depot.
 */
export function parkingSpot(position: number, seat: number, size: number, players = 6): Parking {
  if (!Number.isInteger(seat) || seat < 0 || seat > 5) throw new RangeError(`No seat ${seat}`);
  if (position === START_POSITION) return depotSpot(seat, size);
  const road = roadOf(size);
  const slots = slotsFor(players);
  const offset = (seat % 2 === 0 ? 1 : -1) * (road.width / 4);
  const at = alongPath(
    ringPath(road, offset),
    stopDistance(position, size, offset) + (slots.along[seat] as number) * road.cell,
  );
  return { ...at, length: road.cell * slots.length };
}

/** The depot's shed roof, along the top of the town square. */
export function depotRoof(size: number): Box {
  const { town, cell } = roadOf(size);
  const pad = cell * 0.08;
  return { x: town.x + pad, y: town.y + pad, width: town.width - 2 * pad, height: cell * 0.16 };
}

/** The depot: a row of six bays under its roof, where trucks wait to start. */
export function depotBays(size: number): Box[] {
  const roof = depotRoof(size);
  const width = roof.width / 6;
  const height = (size / GRID) * 0.34;
  return Array.from({ length: 6 }, (_, seat) => ({
    x: roof.x + seat * width,
    y: roof.y + roof.height,
    width,
    height,
  }));
}

export function depotSpot(seat: number, size: number): Parking {
  const bay = depotBays(size)[seat] as Box;
  return {
    x: bay.x + bay.width / 2,
    y: bay.y + bay.height / 2,
    heading: 0,
    length: Math.min(bay.width * 0.8, (size / GRID) * SLOTS.small.length),
  };
}

/**
 * Where a fleet of `count` trucks (1–6) parks inside a yard's lot `area`: rows of up to three,
 * every truck the same size, the fleet centred. The trucks face right, nose to tail.
 */
export function yardSpots(area: Box, count: number): Parking[] {
  const n = Math.max(0, Math.min(6, Math.floor(count)));
  if (n === 0) return [];
  const perRow = n <= 3 ? n : 3;
  const rows = Math.ceil(n / perRow);
  // A truck is about 1.6 times as long as it is tall (truck.ts); leave a little air around it.
  // Never bigger than a truck on the road beside it, however small the fleet.
  const length = Math.min(
    (area.width / perRow) * 0.86,
    (area.height / rows) * 0.8 * 1.6,
    area.width * 0.55,
  );
  const gapX = area.width / perRow;
  const gapY = area.height / rows;
  return Array.from({ length: n }, (_, i) => {
    const row = Math.floor(i / perRow);
    const inRow = row === rows - 1 ? n - row * perRow : perRow;
    const col = i % perRow;
    const rowStart = area.x + (area.width - inRow * gapX) / 2;
    return {
      x: rowStart + gapX * (col + 0.5),
      y: area.y + gapY * (row + 0.5),
      heading: 0,
      length,
    };
  });
}
