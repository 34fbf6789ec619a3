import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  accountPolicy,
  addressPolicy,
  afterFailure,
  delayAfterFailures,
  remainingBlockMs,
  withoutOneFailure,
  type ThrottleState,
} from '#site/server/auth/throttle-policy.ts';

describe('login throttle policy', () => {
  it('is free for five failures of an account, then doubles from one second', () => {
    const delays = Array.from({ length: 10 }, (_, i) => delayAfterFailures(accountPolicy, i + 1));
    expect(delays).toEqual([0, 0, 0, 0, 0, 1000, 2000, 4000, 8000, 16000]);
  });

  it('allows an address, which many people share, fifty failures before the first delay', () => {
    expect(delayAfterFailures(addressPolicy, 50)).toBe(0);
    expect(delayAfterFailures(addressPolicy, 51)).toBe(1000);
  });

  it('caps the account at 60 s and the address at 5 minutes, whatever the count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (failures) => {
        const account = delayAfterFailures(accountPolicy, failures);
        const address = delayAfterFailures(addressPolicy, failures);
        return account <= 60_000 && address <= 300_000;
      }),
    );
    expect(delayAfterFailures(accountPolicy, 50)).toBe(60_000);
    expect(delayAfterFailures(addressPolicy, 100)).toBe(300_000);
  });

  it('forgives an address one failure per 20 s, even when failures keep trickling in', () => {
    let state: ThrottleState | null = null;
    let now = 0;
    for (let i = 0; i < 50; i++) state = afterFailure(addressPolicy, state, now);
    // One more failure every 15 s for an hour: 240 failures, of which 180 are forgiven.
    for (let i = 0; i < 240; i++) {
      now += 15_000;
      state = afterFailure(addressPolicy, state, now);
    }
    expect(state!.failures).toBe(50 + 240 - 180);
    // Faster than forgiveness, a crowd would meet delays; slower, it never does.
    state = null;
    now = 0;
    for (let i = 0; i < 1000; i++) {
      now += 20_000;
      state = afterFailure(addressPolicy, state, now);
      expect(remainingBlockMs(state, now)).toBe(0);
    }
  });

  it('gives back a failure counted in advance, lifting a block it no longer earns', () => {
    let state: ThrottleState | null = null;
    for (let i = 0; i < 6; i++) state = afterFailure(accountPolicy, state, 1000);
    expect(remainingBlockMs(state, 1000)).toBe(1000);
    const back = withoutOneFailure(accountPolicy, state!, 1000);
    expect(back).toEqual({ failures: 5, lastFailureAt: 1000, blockedUntil: 1000 });
    expect(withoutOneFailure(accountPolicy, { ...back!, failures: 1 }, 1000)).toBeNull();
    let deep: ThrottleState | null = null;
    for (let i = 0; i < 9; i++) deep = afterFailure(accountPolicy, deep, 1000);
    expect(withoutOneFailure(accountPolicy, deep!, 1000)!.blockedUntil).toBe(deep!.blockedUntil);
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
