import { describe, expect, it } from 'vitest';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import {
  generateToken,
  hashToken,
  isWellFormedToken,
  TOKEN_BYTES,
} from '#site/server/auth/tokens.ts';

describe('session tokens', () => {
  it('carries at least 128 bits of randomness, encoded as lower-case base32', () => {
    const token = generateToken();
    expect(TOKEN_BYTES * 8).toBeGreaterThanOrEqual(128);
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    expect(decodeBase32IgnorePadding(token.toUpperCase())).toHaveLength(TOKEN_BYTES);
    expect(isWellFormedToken(token)).toBe(true);
  });

  it('never repeats and uses every symbol of the alphabet roughly evenly', () => {
    const tokens = Array.from({ length: 2000 }, generateToken);
    expect(new Set(tokens).size).toBe(tokens.length);
    const counts = new Map<string, number>();
    for (const char of tokens.join('')) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(32);
    // 64,000 symbols over 32 letters: 2,000 expected each; a broken generator lands far outside.
    for (const count of counts.values()) expect(Math.abs(count - 2000)).toBeLessThan(400);
  });

  it('stores a SHA-256 hex digest, never the token itself', () => {
    const token = generateToken();
    const digest = hashToken(token);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(digest).not.toContain(token);
    expect(hashToken(token)).toBe(digest);
    expect(hashToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('rejects anything that is not shaped like a token', () => {
    for (const bad of ['', 'short', 'A'.repeat(32), `${generateToken()}x`, '1'.repeat(32)]) {
      expect(isWellFormedToken(bad)).toBe(false);
    }
  });
});
