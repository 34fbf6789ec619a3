import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  advance,
  CATCH_UP_MS,
  destination,
  DICE_ROLL_MS,
  diceFrame,
  isMoving,
  motionPoint,
  parked,
  pips,
  retarget,
  STEP_MS,
  stepDuration,
} from '../../../site/app/game/animation';
import { truckSpot } from '../../../site/app/game/layout';

describe('truck motion', () => {
  it('queues the tiles to the new position and drives them one by one', () => {
    let motion = retarget(parked(-1), 2);
    expect(motion.queue).toEqual([0, 1, 2]);
    expect(isMoving(motion)).toBe(true);
    motion = advance(motion, STEP_MS);
    expect(motion.at).toBe(0);
    motion = advance(motion, STEP_MS / 2);
    expect(motion.at).toBe(0);
    expect(motion.progress).toBeCloseTo(0.5);
    motion = advance(motion, STEP_MS * 1.5);
    expect(motion).toEqual({ at: 2, queue: [], progress: 0 });
    expect(isMoving(motion)).toBe(false);
  });

  it('a second roll while driving continues from where the first one ends', () => {
    let motion = retarget(parked(3), 6);
    motion = retarget(motion, 8);
    expect(motion.queue).toEqual([4, 5, 6, 7, 8]);
    expect(destination(motion)).toBe(8);
    expect(retarget(motion, 8)).toBe(motion);
  });

  it('parks a truck sent back to the depot at once instead of driving', () => {
    const motion = retarget(parked(7), -1);
    expect(motion).toEqual({ at: -1, queue: [], progress: 0 });
    expect(retarget(motion, -1)).toBe(motion);
  });

  it('always arrives at the target, and long queues catch up quickly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1, max: 19 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 8 }),
        (start, rolls) => {
          let motion = parked(start);
          let target = start;
          for (const roll of rolls) {
            target = target === -1 ? roll - 1 : (target + roll) % 20;
            motion = retarget(motion, target);
          }
          const tiles = motion.queue.length;
          const done = advance(motion, Math.max(CATCH_UP_MS, tiles * STEP_MS) + 1);
          expect(done).toEqual({ at: target, queue: [], progress: 0 });
        },
      ),
    );
  });

  it('speeds up only when the queue would take longer than the catch-up time', () => {
    expect(stepDuration(3)).toBe(STEP_MS);
    expect(stepDuration(20)).toBeCloseTo(CATCH_UP_MS / 20);
  });

  it('draws a moving truck between its two tiles', () => {
    const motion = { at: 4, queue: [5], progress: 0.5 };
    const a = truckSpot(4, 1, 360);
    const b = truckSpot(5, 1, 360);
    expect(motionPoint(motion, 1, 360)).toEqual({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
    expect(motionPoint(parked(4), 1, 360)).toEqual(a);
  });
});

describe('dice', () => {
  it('tumbles, then lands upright on the rolled value', () => {
    for (let value = 1; value <= 6; value++) {
      expect(diceFrame(0, value).settled).toBe(false);
      expect(diceFrame(DICE_ROLL_MS / 2, value).angle).not.toBe(0);
      expect(diceFrame(DICE_ROLL_MS, value)).toEqual({ face: value, angle: 0, settled: true });
      expect(diceFrame(Infinity, value).face).toBe(value);
    }
  });

  it('shows only real faces while it tumbles', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: DICE_ROLL_MS }),
        fc.integer({ min: 1, max: 6 }),
        (t, v) => {
          const { face } = diceFrame(t, v);
          expect(face).toBeGreaterThanOrEqual(1);
          expect(face).toBeLessThanOrEqual(6);
        },
      ),
    );
  });

  it('has as many pips as the face says, inside the die', () => {
    for (let face = 1; face <= 6; face++) {
      const dots = pips(face);
      expect(dots).toHaveLength(face);
      for (const dot of dots) {
        expect(dot.x).toBeGreaterThan(0);
        expect(dot.x).toBeLessThan(1);
        expect(dot.y).toBeGreaterThan(0);
        expect(dot.y).toBeLessThan(1);
      }
    }
    expect(() => pips(7)).toThrow(RangeError);
  });
});
