// The board's motion as pure maths: where a driving truck is at a moment of its hops step (tile by
// tile, a small hop on each). The hops step comes from the motion plan (motion-plan.ts) with the
// time it began and how long it takes, so the canvas and the rest of the board follow one clock.
import { pointAlong, truckSpot, type Point } from './layout';

/** A truck driving: the playing hops step of the board's motion. */
export interface Drive {
  player: string;
  /** The tile it leaves (−1: the depot) and the tiles it drives through, in order. */
  from: number;
  path: readonly number[];
  /** When the step began (ms, the same clock as `now` below) and how long it takes. */
  startedAt: number;
  ms: number;
}

/** How high a truck hops between two tiles, as a share of a tile's side. */
export const HOP_HEIGHT = 0.12;

export function isDriving(drive: Drive | null, now: number): boolean {
  return drive !== null && drive.path.length > 0 && now < drive.startedAt + drive.ms;
}

/** Tiles driven so far, `0 … path.length`, fractional between tiles. */
export function tilesDriven(drive: Drive, now: number): number {
  if (drive.path.length === 0 || drive.ms <= 0) return drive.path.length;
  const progress = ((now - drive.startedAt) / drive.ms) * drive.path.length;
  return Math.min(drive.path.length, Math.max(0, progress));
}

/** Where the driving truck of `seat` is drawn at `now` on a board `size` px wide. */
export function drivePoint(drive: Drive, seat: number, size: number, now: number): Point {
  const spots = [drive.from, ...drive.path].map((position) => truckSpot(position, seat, size));
  const driven = tilesDriven(drive, now);
  const point = pointAlong(spots, driven);
  const within = driven - Math.floor(driven);
  const hop = Math.sin(Math.PI * within) * HOP_HEIGHT * (size / 6);
  return { x: point.x, y: point.y - hop };
}
