import { describe, expect, it } from 'vitest';
import { countOf } from '#site/shared/count.ts';
import { turnAnnouncement } from '#site/app/game/turn-cues.tsx';

describe('counts in words', () => {
  it('agrees the noun with the count', () => {
    expect(countOf(1, 'second')).toBe('1 second');
    expect(countOf(0, 'truck')).toBe('0 trucks');
    expect(countOf(20, 'second')).toBe('20 seconds');
    expect(countOf(2, 'person', 'people')).toBe('2 people');
  });

  it('announces the last second of a turn in the singular', () => {
    expect(turnAnnouncement(1)).toBe(
      'Your turn. Press Roll: the server rolls for you in 1 second.',
    );
    expect(turnAnnouncement(20)).toMatch(/in 20 seconds\.$/);
  });
});
