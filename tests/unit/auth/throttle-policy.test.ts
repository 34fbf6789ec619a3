import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  accountPolicy,
  addressPolicy,
  afterFailure,
  delayAfterFailures,
  remainingBlockMs,
  type ThrottleState,
} from '../../../site/server/auth/throttle-policy';

describe('login throttle policy', () => {
  it('is free for five failures, then doubles from one second', () => {
    const delays = Array.from({ length: 10 }, (_, i) => delayAfterFailures(addressPolicy, i + 1));
    expect(delays).toEqual([0, 0, 0, 0, 0, 1000, 2000, 4000, 8000, 16000]);
  });

  it('caps the account at 60 s and the address at 15 minutes, whatever the count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (failures) => {
        const account = delayAfterFailures(accountPolicy, failures);
        const address = delayAfterFailures(addressPolicy, failures);
        return account <= 60_000 && address <= 900_000 && account <= address;
      }),
    );
    expect(delayAfterFailures(accountPolicy, 50)).toBe(60_000);
    expect(delayAfterFailures(addressPolicy, 50)).toBe(900_000);
  });

  it('never shrinks the delay as failures grow', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (n) => {
        return delayAfterFailures(addressPolicy, n + 1) >= delayAfterFailures(addressPolicy, n);
      }),
    );
  });

  it('counts failures and blocks until the delay has passed', () => {
    let state: ThrottleState | null = null;
    let now = 1_000_000;
    for (let i = 0; i < 7; i++) {
      state = afterFailure(accountPolicy, state, now);
      now += 10;
    }
    expect(state).toEqual({ failures: 7, lastFailureAt: now - 10, blockedUntil: now - 10 + 2000 });
    expect(remainingBlockMs(state, now)).toBe(1990);
    expect(remainingBlockMs(state, now + 5000)).toBe(0);
    expect(remainingBlockMs(null, now)).toBe(0);
  });

  it('forgets a key after a day without failures', () => {
    const old: ThrottleState = { failures: 30, lastFailureAt: 0, blockedUntil: 60_000 };
    const next = afterFailure(accountPolicy, old, 24 * 60 * 60 * 1000 + 1);
    expect(next.failures).toBe(1);
    expect(next.blockedUntil).toBe(next.lastFailureAt);
  });
});
