import { pathBetween } from '#site/shared/art/geometry.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDriving, tilesDriven, type Drive } from '#site/app/game/animation.ts';
import { pipsOf } from '#site/shared/art/die.ts';

const drive = (from: number, to: number, ms = 420): Drive => ({
  player: 'me',
  from,
  path: pathBetween(from, to),
  startedAt: 1_000,
  ms,
});

describe('a truck driving its hops step', () => {
  it('drives tile by tile, evenly, and stops on the last tile when the step ends', () => {
    const d = drive(4, 7);
    expect(isDriving(d, 1_000)).toBe(true);
    expect(tilesDriven(d, 1_000)).toBe(0);
    expect(tilesDriven(d, 1_140)).toBeCloseTo(1);
    expect(tilesDriven(d, 1_210)).toBeCloseTo(1.5);
    expect(isDriving(d, 1_420)).toBe(false);
    expect(tilesDriven(d, 5_000)).toBe(3);
  });

  it('from the depot it enters at box1; it always ends where the roll put it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1, max: 19 }),
        fc.integer({ min: 1, max: 6 }),
        (from, roll) => {
          const to = from === -1 ? roll - 1 : (from + roll) % 20;
          const d = drive(from, to);
          expect(d.path[d.path.length - 1]).toBe(to);
          expect(tilesDriven(d, d.startedAt + d.ms)).toBe(d.path.length);
        },
      ),
    );
    expect(drive(-1, 2).path).toEqual([0, 1, 2]);
  });

  it('nothing drives without a path', () => {
    expect(isDriving(null, 0)).toBe(false);
    expect(isDriving({ ...drive(3, 4), path: [] }, 1_000)).toBe(false);
  });
});

describe('dice', () => {
  it('has as many pips as the face says, inside the die', () => {
    for (let face = 1; face <= 6; face++) {
      const dots = pipsOf(face);
      expect(dots).toHaveLength(face);
      for (const dot of dots) {
        expect(dot.x).toBeGreaterThan(0);
        expect(dot.x).toBeLessThan(1);
        expect(dot.y).toBeGreaterThan(0);
        expect(dot.y).toBeLessThan(1);
      }
    }
    expect(() => pipsOf(7)).toThrow(RangeError);
  });
});
