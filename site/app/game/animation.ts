// The board's motion as pure state: a truck drives tile by tile towards the positions the server
// reports, and the dice tumbles before it lands on the server's value. The canvas advances these
// with the ticker's elapsed time and stops the ticker as soon as nothing moves.
import { START_POSITION } from '../../../game/board';
import { pathBetween, pointAlong, truckSpot, type Point } from './layout';

/** How long a truck takes from one tile to the next. */
export const STEP_MS = 180;
/** A truck far behind the server (several rolls queued) catches up in about this long. */
export const CATCH_UP_MS = 1_200;
/** How long the dice tumbles before it shows the rolled face. */
export const DICE_ROLL_MS = 650;

export interface TruckMotion {
  /** The last tile the truck reached (−1: still in the depot). */
  at: number;
  /** Tiles still to drive through, in order. */
  queue: number[];
  /** 0 … 1 of the way from `at` to `queue[0]`. */
  progress: number;
}

export function parked(position: number): TruckMotion {
  return { at: position, queue: [], progress: 0 };
}

/** Where the truck will stop once its queue is driven. */
export function destination(motion: TruckMotion): number {
  return motion.queue.length > 0 ? (motion.queue[motion.queue.length - 1] as number) : motion.at;
}

/**
 * Adds the tiles from the current destination to `target` (a new roll came in). Trucks never drive
 * back to the depot: a view that puts one there again (a fresh game state) parks it there at once.
 */
export function retarget(motion: TruckMotion, target: number): TruckMotion {
  if (target === START_POSITION) return destination(motion) === target ? motion : parked(target);
  const steps = pathBetween(destination(motion), target);
  return steps.length === 0 ? motion : { ...motion, queue: [...motion.queue, ...steps] };
}

export function isMoving(motion: TruckMotion): boolean {
  return motion.queue.length > 0;
}

/** The time one tile takes now: normal speed, faster when many tiles are queued. */
export function stepDuration(queued: number): number {
  return queued * STEP_MS > CATCH_UP_MS ? CATCH_UP_MS / queued : STEP_MS;
}

/** The motion `elapsedMs` later. */
export function advance(motion: TruckMotion, elapsedMs: number): TruckMotion {
  let { at, progress } = motion;
  const queue = [...motion.queue];
  let left = elapsedMs;
  while (queue.length > 0 && left > 0) {
    const step = stepDuration(queue.length);
    const needed = (1 - progress) * step;
    if (left < needed) {
      progress += left / step;
      left = 0;
    } else {
      left -= needed;
      at = queue.shift() as number;
      progress = 0;
    }
  }
  return { at, queue, progress };
}

/** Where the truck of `seat` is drawn on a board `size` px wide. */
export function motionPoint(motion: TruckMotion, seat: number, size: number): Point {
  const next = motion.queue[0];
  const from = truckSpot(motion.at, seat, size);
  if (next === undefined) return from;
  return pointAlong([from, truckSpot(next, seat, size)], motion.progress);
}

export interface DiceFrame {
  face: number;
  /** Radians. */
  angle: number;
  settled: boolean;
}

/**
 * The dice `elapsedMs` after a roll of `value` began: faces flicker (slowing down) while it spins,
 * then it lands on `value`, upright. Deterministic, so the same moment always looks the same.
 */
export function diceFrame(elapsedMs: number, value: number): DiceFrame {
  if (elapsedMs >= DICE_ROLL_MS) return { face: value, angle: 0, settled: true };
  const t = Math.max(0, elapsedMs) / DICE_ROLL_MS;
  // Ease out: fast at first, slower as it lands.
  const eased = 1 - (1 - t) * (1 - t);
  const flips = Math.floor(eased * 9);
  const face = ((value + flips * 5) % 6) + 1;
  return { face: flips >= 9 ? value : face, angle: (1 - eased) * Math.PI * 3, settled: false };
}

/** The pips of a face, as fractions of the die's side (0 … 1). */
export function pips(face: number): Point[] {
  const lo = 0.25;
  const mid = 0.5;
  const hi = 0.75;
  const layouts: Record<number, [number, number][]> = {
    1: [[mid, mid]],
    2: [
      [lo, lo],
      [hi, hi],
    ],
    3: [
      [lo, lo],
      [mid, mid],
      [hi, hi],
    ],
    4: [
      [lo, lo],
      [hi, lo],
      [lo, hi],
      [hi, hi],
    ],
    5: [
      [lo, lo],
      [hi, lo],
      [mid, mid],
      [lo, hi],
      [hi, hi],
    ],
    6: [
      [lo, lo],
      [hi, lo],
      [lo, mid],
      [hi, mid],
      [lo, hi],
      [hi, hi],
    ],
  };
  const layout = layouts[face];
  if (!layout) throw new RangeError(`A die has no face ${face}`);
  return layout.map(([x, y]) => ({ x, y }));
}
