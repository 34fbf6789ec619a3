/**
 * Growing delays after failed logins: free for a few mistakes, then 1 s, 2 s, 4 s … up to a cap.
 * The account's cap is short so its real owner is never locked out for long; the address's cap is
 * long because one address trying many accounts is the attack.
 */
export interface ThrottlePolicy {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A key with no failure for this long starts again from zero. */
  forgetAfterMs: number;
}

export interface ThrottleState {
  failures: number;
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
  freeFailures: 5,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: DAY_MS,
};

export function delayAfterFailures(policy: ThrottlePolicy, failures: number): number {
  const excess = failures - policy.freeFailures;
  if (excess <= 0) return 0;
  // 2^20 s already dwarfs any sane cap; bounding the exponent keeps the number finite.
  return Math.min(policy.baseDelayMs * 2 ** Math.min(excess - 1, 20), policy.maxDelayMs);
}

export function afterFailure(
  policy: ThrottlePolicy,
  previous: ThrottleState | null,
  now: number,
): ThrottleState {
  const stale = !previous || now - previous.lastFailureAt > policy.forgetAfterMs;
  const failures = (stale ? 0 : previous.failures) + 1;
  return { failures, lastFailureAt: now, blockedUntil: now + delayAfterFailures(policy, failures) };
}

/** Milliseconds still to wait before the next attempt (0 when free to try). */
export function remainingBlockMs(state: ThrottleState | null, now: number): number {
  return state ? Math.max(0, state.blockedUntil - now) : 0;
}
