// The board's motion as pure maths: where a driving truck is at a moment of its hops step (tile by
// tile, a small hop on each). The hops step comes from the motion plan (motion-plan.ts) with the
// time it began and how long it takes, so the canvas and the rest of the board follow one clock.

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
