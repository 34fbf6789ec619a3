import { describe, expect, it } from 'vitest';
import { rollDie } from '#game/dice.ts';

// About 10 s on an idle 2-core machine (the HMAC is pure JavaScript).
// 5 degrees of freedom: P(χ² > 20.515) = 0.001. With fixed seeds the outcome is deterministic, so
// this cannot flake; it fails only if the mapping from digest to face is biased or broken.
const CRITICAL_0_001 = 20.515;
const ROLLS = 1_000_000;

describe('dice distribution', () => {
  // The timeout only catches a hang: a million rolls take 15 s alone and over two minutes on a
  // machine that runs other suites beside this one.
  it('passes a chi-square test over 1,000,000 rolls', { timeout: 300_000 }, () => {
    const counts = [0, 0, 0, 0, 0, 0];
    const serverSeed = '7c1e0d3b5a4f29186e2d4c3b2a1908f7e6d5c4b3a29180706f5e4d3c2b1a0918';
    for (let nonce = 0; nonce < ROLLS; nonce++) {
      const face = rollDie(serverSeed, 'amina:bwalya:chanda', nonce);
      counts[face - 1] = (counts[face - 1] ?? 0) + 1;
    }
    const expected = ROLLS / 6;
    const chiSquare = counts.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(ROLLS);
    expect(chiSquare).toBeLessThan(CRITICAL_0_001);
  });
});
