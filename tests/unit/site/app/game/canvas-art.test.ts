import { describe, expect, it } from 'vitest';
import type { Drive } from '#site/app/game/animation.ts';
import {
  boardKey,
  drivePose,
  pieceArt,
  piecePlacements,
  poseOf,
  svgDocument,
} from '#site/app/game/canvas-art.ts';
import { piecesLayer } from '#site/shared/art/layers.ts';
import { parkingSpot, pathBetween, roadOf } from '#site/shared/art/geometry.ts';
import { boardModel } from '#site/shared/art/model.ts';
import { sixLate, twoEarly } from '#tests/support/art-rooms.ts';
import { parseXml } from '#tests/support/xml-reader.ts';

const drive = (player: string, from: number, to: number, ms = 700): Drive => ({
  player,
  from,
  path: pathBetween(from, to),
  startedAt: 1_000,
  ms,
});

describe('which layer the canvas redraws', () => {
  const model = boardModel(sixLate);
  const key = boardKey(model.seats, 360, 1, 2);

  it('keeps the static layer through moves, turns and clock seconds', () => {
    const moved = boardModel({
      ...sixLate,
      turn: { ...sixLate.turn, currentPlayer: sixLate.joinedOrder[3] ?? null },
      participants: Object.fromEntries(
        Object.entries(sixLate.participants).map(([uid, p]) => [
          uid,
          { ...p, position: (p.position + 3) % 20 },
        ]),
      ),
    });
    expect(boardKey(moved.seats, 360, 1, 2)).toBe(key);
  });

  it('redraws it for a bought truck, a new seat, a size, a text scale or a pixel ratio', () => {
    const [first] = model.seats;
    const bought = model.seats.map((s) => (s === first ? { ...s, trucks: s.trucks + 1 } : s));
    expect(boardKey(bought, 360, 1, 2)).not.toBe(key);
    expect(boardKey(model.seats.slice(0, 5), 360, 1, 2)).not.toBe(key);
    expect(boardKey(model.seats, 400, 1, 2)).not.toBe(key);
    expect(boardKey(model.seats, 360, 1.25, 2)).not.toBe(key);
    expect(boardKey(model.seats, 360, 1, 1)).not.toBe(key);
  });
});

describe('the pictures the browser rasterises', () => {
  it('are standalone SVG documents at the device pixels, in the board coordinates', () => {
    const svg = svgDocument('<rect x="1" y="2" width="3" height="4"/>', 360, 2);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('viewBox="0 0 360 360"');
    expect(svg).toContain('width="720"');
    expect(svg).toContain('height="720"');
    // The symbols the layers `use` come along.
    expect(svg).toContain('id="zt-truck-red"');
    expect(svg).not.toContain('aria-label');
    const [root] = parseXml(svg).children;
    expect(typeof root === 'object' && root.attributes['font-family']).toMatch(/system-ui/);
  });

  it("draws a piece's truck in the middle of its square, rim and shadow inside", () => {
    const art = pieceArt('blue', true, 360, 2);
    expect(art.length).toBeCloseTo((360 / 6) * 0.35);
    expect(art.side).toBeGreaterThan((art.length * 35) / 32);
    expect(art.svg).toContain(`translate(${art.side / 2} ${art.side / 2})`);
    expect(art.svg).toContain('#FACC15');
    expect(pieceArt('blue', false, 360, 2).svg).not.toContain('#FACC15');
  });
});

describe('where the pieces are', () => {
  it('parks every piece where the SVG board parks it, the current player on top', () => {
    for (const [view, size] of [
      [sixLate, 360],
      [twoEarly, 560],
    ] as const) {
      const model = boardModel(view);
      const placed = piecePlacements(model, size, null, 0);
      const svgOrder = piecesLayer(model, size).children.map((c) => c.data?.piece);
      expect(placed.map((p) => p.uid)).toEqual(svgOrder);
      for (const p of placed) {
        const seat = model.seats.find((s) => s.uid === p.uid);
        if (!seat) throw new Error('no seat');
        expect(p.at).toEqual(parkingSpot(seat.position, seat.seat, size, model.seats.length));
      }
      expect(placed.at(-1)?.uid).toBe(model.currentPlayer);
    }
  });

  it('turns a sprite as the SVG turns the truck: mirrored driving left, never upside down', () => {
    const left = poseOf({ x: 10, y: 20, heading: 180, length: 30 }, 60);
    expect(left).toEqual({ x: 10, y: 20, rotation: 0, scaleX: -0.5, scaleY: 0.5 });
    const down = poseOf({ x: 0, y: 0, heading: 90, length: 60 }, 60);
    expect(down.rotation).toBeCloseTo(Math.PI / 2);
    expect(down.scaleX).toBe(1);
  });

  it('drives from one parking spot to the next along the lane, and parks at the end', () => {
    const size = 480;
    for (const seat of [0, 1, 4, 5]) {
      for (const [from, to] of [
        [2, 5],
        [4, 9],
        [17, 2],
        [-1, 3],
      ] as const) {
        const d = drive('p', from, to);
        const start = drivePose(d, seat, 6, size, d.startedAt);
        const end = drivePose(d, seat, 6, size, d.startedAt + d.ms);
        const expectStart = parkingSpot(from, seat, size, 6);
        expect(start.x).toBeCloseTo(expectStart.x, 6);
        expect(start.y).toBeCloseTo(expectStart.y, 6);
        expect(end).toEqual(parkingSpot(to, seat, size, 6));
        // Each tile reached on time: at k tiles driven it is parked at the k-th tile's slot.
        d.path.forEach((position, k) => {
          const at = drivePose(d, seat, 6, size, d.startedAt + ((k + 1) * d.ms) / d.path.length);
          const spot = parkingSpot(position, seat, size, 6);
          expect(at.x).toBeCloseTo(spot.x, 6);
          expect(at.y).toBeCloseTo(spot.y, 6);
        });
      }
    }
  });

  it('stays on the road between two tiles, round a bend too', () => {
    const size = 480;
    const road = roadOf(size);
    const d = drive('p', 4, 6);
    for (let t = 0; t <= 20; t += 1) {
      const at = drivePose(d, 0, 6, size, d.startedAt + (t / 20) * d.ms);
      // Inside the tarmac's outer square, give or take the hop.
      expect(at.x).toBeGreaterThan(road.outer.x - 1);
      expect(at.x).toBeLessThan(road.outer.x + road.outer.width + 1);
      expect(at.y).toBeGreaterThan(road.outer.y - road.cell * 0.1);
      expect(at.y).toBeLessThan(road.outer.y + road.outer.height + 1);
    }
    // Half-way round the top-right bend it faces down-right.
    const bend = drivePose(drive('p', 4, 5), 0, 6, size, 1_000 + 700 / 2);
    expect(bend.heading).toBeGreaterThan(0);
    expect(bend.heading).toBeLessThan(90);
  });

  it('moves the driving truck only, on the motion clock', () => {
    const model = boardModel(sixLate);
    const mover = model.seats[2];
    if (!mover) throw new Error('no seat');
    const to = (mover.position + 3) % 20;
    const d = drive(mover.uid, mover.position, to);
    const mid = piecePlacements(model, 360, d, d.startedAt + d.ms / 2);
    const still = piecePlacements(model, 360, null, 0);
    for (const p of mid) {
      const other = still.find((s) => s.uid === p.uid);
      if (p.uid === mover.uid) expect(p.at).not.toEqual(other?.at);
      else expect(p.at).toEqual(other?.at);
    }
  });
});
