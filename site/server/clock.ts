// The server's time. Every service takes an optional clock in its dependencies, so that a test can
// move time; without one it is the machine's.
export type Clock = () => number;

/** The clock a service was given, else the machine's. */
export function clockOf(deps: { clock?: Clock }): Clock {
  return deps.clock ?? Date.now;
}

/** The time now (ms since the epoch) on the clock a service was given. */
export function timeOf(deps: { clock?: Clock }): number {
  return clockOf(deps)();
}
