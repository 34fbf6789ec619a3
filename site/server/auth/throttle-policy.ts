/**
 * Growing delays after failed logins: free for a few mistakes, then 1 s, 2 s, 4 s … up to a cap.
 * The account carries the weight: few free failures and a short cap, so its real owner is never
 * locked out for long. An address is far looser, because many people share one (a mobile network
 * puts a town behind a few addresses): many free failures, one forgiven every few seconds, so a
 * crowd's typos never add up to a lock-out while one address scanning many accounts still does.
 */
export interface ThrottlePolicy {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A key with no failure for this long starts again from zero. */
  forgetAfterMs: number;
  /** One failure is forgiven per this many ms (a leaky bucket); absent = none until forgotten. */
  forgiveOneEveryMs?: number;
}

export interface ThrottleState {
  failures: number;
  /** When `failures` was last brought up to date (with forgiveness: to the last whole step). */
  lastFailureAt: number;
  blockedUntil: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const accountPolicy: ThrottlePolicy = {
  freeFailures: 5,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  forgetAfterMs: DAY_MS,
};

export const addressPolicy: ThrottlePolicy = {
  freeFailures: 50,
  baseDelayMs: 1000,
  maxDelayMs: 5 * 60_000,
  forgetAfterMs: DAY_MS,
  // 180 forgiven an hour: a crowd's steady trickle of typos stays under the free allowance.
  forgiveOneEveryMs: 20_000,
};

export function delayAfterFailures(policy: ThrottlePolicy, failures: number): number {
  const excess = failures - policy.freeFailures;
  if (excess <= 0) return 0;
  // 2^20 s already dwarfs any sane cap; bounding the exponent keeps the number finite.
  return Math.min(policy.baseDelayMs * 2 ** Math.min(excess - 1, 20), policy.maxDelayMs);
}

/** The failures still counted at `now`, and the time they are counted from. */
function outstanding(
  policy: ThrottlePolicy,
  previous: ThrottleState | null,
  now: number,
): { failures: number; since: number } {
  if (!previous || now - previous.lastFailureAt > policy.forgetAfterMs) {
    return { failures: 0, since: now };
  }
  const step = policy.forgiveOneEveryMs;
  if (!step) return { failures: previous.failures, since: now };
  const forgiven = Math.floor(Math.max(0, now - previous.lastFailureAt) / step);
  if (forgiven >= previous.failures) return { failures: 0, since: now };
  // Only whole steps are spent, so a steady trickle of failures is still forgiven over time.
  return {
    failures: previous.failures - forgiven,
    since: previous.lastFailureAt + forgiven * step,
  };
}

export function afterFailure(
  policy: ThrottlePolicy,
  previous: ThrottleState | null,
  now: number,
): ThrottleState {
  const { failures: counted, since } = outstanding(policy, previous, now);
  const failures = counted + 1;
  return {
    failures,
    lastFailureAt: since,
    blockedUntil: now + delayAfterFailures(policy, failures),
  };
}

/**
 * Gives back one failure counted in advance (an attempt whose password proved right), or null when
 * none is left. A block stays only while the remaining failures still earn one.
 */
export function withoutOneFailure(
  policy: ThrottlePolicy,
  state: ThrottleState,
  now: number,
): ThrottleState | null {
  const failures = state.failures - 1;
  if (failures <= 0) return null;
  const blockedUntil =
    delayAfterFailures(policy, failures) > 0
      ? state.blockedUntil
      : Math.min(state.blockedUntil, now);
  return { ...state, failures, blockedUntil };
}

/** Milliseconds still to wait before the next attempt (0 when free to try). */
export function remainingBlockMs(state: ThrottleState | null, now: number): number {
  return state ? Math.max(0, state.blockedUntil - now) : 0;
}
