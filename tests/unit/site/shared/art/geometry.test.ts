import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOARD_SIZE, START_POSITION } from '#game/board.ts';
import {
  alongCentreLine,
  depotBays,
  depotSpot,
  GRID,
  MAX_BOARD_SIZE,
  MIN_BOARD_SIZE,
  parkingSpot,
  roadOf,
  stopDistance,
  stopOf,
  tileAt,
  tileCell,
  truckPose,
  yardSpots,
  type Box,
  type Parking,
  type Road,
} from '#site/shared/art/geometry.ts';
import { PIECE_RIM, TRUCK_UNITS } from '#site/shared/art/truck.ts';

const sizes = fc.integer({ min: MIN_BOARD_SIZE, max: MAX_BOARD_SIZE });
const positions = fc.integer({ min: 0, max: BOARD_SIZE - 1 });

/** How far a point is from the road's centre line (the centre line is a rounded square). */
function offCentreLine(road: Road, p: { x: number; y: number }): number {
  const c = road.centre;
  const r = road.centreRadius;
  // Distance to a rounded square's outline: to the inner square of the rounding, minus r.
  const dx = Math.max(c.x + r - p.x, 0, p.x - (c.x + c.width - r));
  const dy = Math.max(c.y + r - p.y, 0, p.y - (c.y + c.height - r));
  const outside = Math.hypot(dx, dy);
  if (outside > 0) return Math.abs(outside - r);
  const inside = Math.min(p.x - c.x, c.x + c.width - p.x, p.y - c.y, c.y + c.height - p.y);
  return inside;
}

/** A parked piece's footprint: its rim, turned to its heading. */
function footprint(p: Parking): { x: number; y: number }[] {
  const length = (p.length * PIECE_RIM.length) / TRUCK_UNITS.length;
  const height = (p.length * PIECE_RIM.height) / TRUCK_UNITS.length;
  const a = (p.heading * Math.PI) / 180;
  const [c, s] = [Math.cos(a), Math.sin(a)];
  return [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([i = 0, j = 0]) => ({
    x: p.x + (c * i * length) / 2 - (s * j * height) / 2,
    y: p.y + (s * i * length) / 2 + (c * j * height) / 2,
  }));
}

/** Two turned rectangles overlap unless an edge's normal separates them (separating axes). */
function overlap(a: Parking, b: Parking): boolean {
  const [pa, pb] = [footprint(a), footprint(b)];
  for (const poly of [pa, pb]) {
    for (let i = 0; i < 4; i++) {
      const p = poly[i] as { x: number; y: number };
      const q = poly[(i + 1) % 4] as { x: number; y: number };
      const [nx, ny] = [p.y - q.y, q.x - p.x];
      const ka = pa.map((v) => v.x * nx + v.y * ny);
      const kb = pb.map((v) => v.x * nx + v.y * ny);
      const e = 1e-9 * (Math.abs(nx) + Math.abs(ny));
      if (Math.max(...ka) <= Math.min(...kb) + e || Math.max(...kb) <= Math.min(...ka) + e) {
        return false;
      }
    }
  }
  return true;
}

/** The middle tiles of each side, whose stops lie on the straights. */
const STRAIGHT = [2, 3, 7, 8, 12, 13, 17, 18];

describe('the road', () => {
  it('runs inside the tiles and round the town square', () => {
    fc.assert(
      fc.property(sizes, (size) => {
        const road = roadOf(size);
        const cell = size / GRID;
        expect(road.outer.x).toBeGreaterThan(cell);
        expect(road.outer.x + road.outer.width).toBeLessThan(size - cell);
        expect(road.town.x).toBeGreaterThan(road.outer.x + road.width);
        expect(road.innerRadius).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('puts a stop in front of every tile, on the centre line, in driving order', () => {
    fc.assert(
      fc.property(sizes, (size) => {
        const road = roadOf(size);
        let last = -Infinity;
        // Clockwise from box2 round to box1, the last before the top-left bend's end.
        for (const p of [...Array.from({ length: BOARD_SIZE - 1 }, (_, i) => i + 1), 0]) {
          expect(stopDistance(p, size)).toBeGreaterThan(last);
          const stop = stopOf(p, size);
          expect(offCentreLine(road, stop)).toBeLessThan(1e-6);
          // In front of its tile along a side (the tiles beside a corner stop where the bend
          // straightens out, a hair off their middle); on the bend for a corner tile.
          const { col, row } = tileCell(p);
          const corner = (col === 0 || col === GRID - 1) && (row === 0 || row === GRID - 1);
          if (!corner && (row === 0 || row === GRID - 1)) {
            expect(Math.abs(stop.x - (col + 0.5) * road.cell)).toBeLessThan(road.cell * 0.05);
          } else if (!corner) {
            expect(Math.abs(stop.y - (row + 0.5) * road.cell)).toBeLessThan(road.cell * 0.05);
          } else {
            expect(stop.heading % 90).toBeCloseTo(45);
          }
          last = stopDistance(p, size);
        }
      }),
    );
  });

  it('heads right along the top, down the right, left along the bottom, up the left', () => {
    const size = 420;
    expect(stopOf(2, size).heading).toBe(0);
    expect(stopOf(7, size).heading).toBe(90);
    expect(stopOf(12, size).heading).toBe(180);
    expect(stopOf(17, size).heading).toBe(270);
    expect(stopOf(5, size).heading).toBeCloseTo(45);
    expect(stopOf(0, size).heading).toBeCloseTo(315);
  });

  it('follows the centre line continuously round the whole ring', () => {
    const road = roadOf(360);
    const step = 0.5;
    let prev = alongCentreLine(road, 0);
    for (let s = step; s < 2000; s += step) {
      const next = alongCentreLine(road, s);
      expect(Math.hypot(next.x - prev.x, next.y - prev.y)).toBeLessThan(step + 1e-6);
      prev = next;
    }
  });
});

describe('where trucks park', () => {
  it('keeps every seat on the tarmac, in its lane', () => {
    fc.assert(
      fc.property(sizes, positions, fc.constantFrom(2, 4, 6), (size, position, players) => {
        const road = roadOf(size);
        for (let seat = 0; seat < players; seat++) {
          const spot = parkingSpot(position, seat, size, players);
          const height = (spot.length * PIECE_RIM.height) / TRUCK_UNITS.length;
          expect(offCentreLine(road, spot) + height / 2).toBeLessThanOrEqual(road.width / 2 + 1e-6);
        }
      }),
    );
  });

  // At the four bends the corner tile's stop and its neighbours' are close together: trucks
  // there may touch (their white rims keep each readable). Along the straights they never do.
  it('keeps trucks sharing a stop, or on two stops side by side, clear of each other', () => {
    fc.assert(
      fc.property(sizes, fc.constantFrom(2, 3, 4, 5, 6), (size, players) => {
        for (const position of STRAIGHT) {
          const here = Array.from({ length: players }, (_, s) =>
            parkingSpot(position, s, size, players),
          );
          const next = STRAIGHT.includes(position + 1)
            ? Array.from({ length: players }, (_, s) => parkingSpot(position + 1, s, size, players))
            : [];
          for (let a = 0; a < players; a++) {
            for (let b = 0; b < players; b++) {
              if (a === b) continue;
              if (a < b) expect(overlap(here[a] as Parking, here[b] as Parking)).toBe(false);
              if (next.length > 0)
                expect(overlap(here[a] as Parking, next[b] as Parking)).toBe(false);
            }
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('waits in the depot’s bays before the first roll, one bay per seat', () => {
    fc.assert(
      fc.property(sizes, (size) => {
        const bays = depotBays(size);
        const town = roadOf(size).town;
        for (let seat = 0; seat < 6; seat++) {
          const spot = parkingSpot(START_POSITION, seat, size);
          expect(spot).toEqual(depotSpot(seat, size));
          const bay = bays[seat] as Box;
          expect(spot.x - spot.length / 2).toBeGreaterThanOrEqual(bay.x);
          expect(spot.x + spot.length / 2).toBeLessThanOrEqual(bay.x + bay.width);
          expect(bay.y).toBeGreaterThanOrEqual(town.y);
        }
      }),
    );
  });

  it('parks a fleet of 1–6 inside its yard, every truck apart', () => {
    fc.assert(
      fc.property(
        fc.record({
          x: fc.integer({ min: 0, max: 500 }),
          y: fc.integer({ min: 0, max: 500 }),
          width: fc.integer({ min: 30, max: 120 }),
          height: fc.integer({ min: 14, max: 80 }),
        }),
        fc.integer({ min: 1, max: 6 }),
        (area, count) => {
          const spots = yardSpots(area, count);
          expect(spots).toHaveLength(count);
          const h = (s: Parking) => (s.length * TRUCK_UNITS.height) / TRUCK_UNITS.length;
          for (const s of spots) {
            expect(s.x - s.length / 2).toBeGreaterThanOrEqual(area.x - 1e-6);
            expect(s.x + s.length / 2).toBeLessThanOrEqual(area.x + area.width + 1e-6);
            expect(s.y - h(s) / 2).toBeGreaterThanOrEqual(area.y - 1e-6);
            expect(s.y + h(s) / 2).toBeLessThanOrEqual(area.y + area.height + 1e-6);
          }
          for (let a = 0; a < spots.length; a++) {
            for (let b = a + 1; b < spots.length; b++) {
              const [p, q] = [spots[a] as Parking, spots[b] as Parking];
              const apart =
                Math.abs(p.x - q.x) >= p.length - 1e-6 || Math.abs(p.y - q.y) >= h(p) - 1e-6;
              expect(apart).toBe(true);
            }
          }
        },
      ),
    );
  });

  it('turns a side-view truck to its heading, mirrored rather than upside down', () => {
    expect(truckPose(0)).toEqual({ rotate: 0, mirror: false });
    expect(truckPose(90)).toEqual({ rotate: 90, mirror: false });
    expect(truckPose(180)).toEqual({ rotate: 0, mirror: true });
    expect(truckPose(270)).toEqual({ rotate: -90, mirror: false });
    expect(truckPose(315)).toEqual({ rotate: -45, mirror: false });
    expect(truckPose(135)).toEqual({ rotate: -45, mirror: true });
  });

  it('keeps taps where they were: every stop is on no tile, every tile centre on its own', () => {
    const size = 360;
    for (let p = 0; p < BOARD_SIZE; p++) {
      expect(tileAt(size, stopOf(p, size))).toBeNull();
      const { col, row } = tileCell(p);
      const cell = size / GRID;
      expect(tileAt(size, { x: (col + 0.5) * cell, y: (row + 0.5) * cell })).toBe(p);
    }
  });
});
