// A browser test's time limit, from what it takes alone. The limit is a ceiling for a test that
// hangs, never a check of speed (bench/ measures speed). `npm test` must pass while a second
// `npm test` runs beside it on a 2-core machine, where every step takes two to three times as long
// as it does alone: a side-by-side run timed out tests whose limit was under twice their time alone.
import { test } from './fixtures';

/** How many times its time alone a test may take before it is called hung. */
export const LOAD_FACTOR = 3;

/**
 * Sets the running test's limit to LOAD_FACTOR × `secondsAlone` (its time in a CI run alone on the
 * 2-core machine), rounded up to half a minute. Call it first in the test's body.
 */
export function budgetFromAlone(secondsAlone: number): void {
  test.setTimeout(Math.ceil((secondsAlone * LOAD_FACTOR) / 30) * 30_000);
}

/**
 * How long a board page may take to be live: its first paint, its scripts (asked for only after
 * that paint), hydration, the room's socket, then Pixi drawing on a software GPU. Alone, a few
 * seconds; beside a second suite one page took 27 s to open its socket (its scripts arrived in
 * 8 s, then hydrated on a starved core), so waits of 20 and 30 s failed. Every wait for what only
 * a live board shows (the canvas, a connected socket's first state) uses it.
 */
export const BOARD_LIVE_MS = 90_000;
