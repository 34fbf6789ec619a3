import { describe, expect, it } from 'vitest';
import { formatWait } from '#site/shared/rate-limited.ts';

describe('formatWait', () => {
  it.each([
    [0.2, '1 second'],
    [1, '1 second'],
    [2, '2 seconds'],
    [59, '59 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [120, '2 minutes'],
    [90 * 60, '90 minutes'],
    [90 * 60 + 1, '2 hours'],
    [3 * 3600, '3 hours'],
  ])('says %s seconds as "%s"', (seconds, words) => {
    expect(formatWait(seconds)).toBe(words);
  });
});
