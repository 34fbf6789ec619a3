// The challenge's calendar on the site (Lusaka days, when a seed comes out), how a finished game's
// record hides a challenge's seed until then, and how names appear on the leaderboard.
import { describe, expect, it } from 'vitest';
import { purposeKey } from '#wire/signing.ts';
import {
  challengeDateAt,
  challengeDay,
  challengeKeyOf,
  dayEndOf,
  isSeedRevealed,
  LONGEST_CHALLENGE_MS,
  revealedFairness,
  SEED_REVEAL_DELAY_MS,
  seedRevealAt,
} from '#site/server/challenge/day.ts';
import { leaderboardName } from '#site/server/challenge/names.ts';
import { sealChallengeSeed } from '#site/server/challenge/service.ts';

const at = (iso: string) => Date.parse(iso);
const SECRET = 'a-test-internal-secret-of-some-length';

describe('Lusaka days', () => {
  it('turn at 22:00 UTC (midnight in Lusaka, UTC+2 all year)', () => {
    expect(challengeDateAt(at('2025-03-10T21:59:59.999Z'))).toBe('2025-03-10');
    expect(challengeDateAt(at('2025-03-10T22:00:00.000Z'))).toBe('2025-03-11');
    expect(challengeDateAt(at('2025-07-01T00:30:00Z'))).toBe('2025-07-01');
    expect(dayEndOf('2025-03-10')).toBe(at('2025-03-10T22:00:00Z'));
    expect(dayEndOf('2024-12-31')).toBe(at('2024-12-31T22:00:00Z'));
  });

  it('reveal a seed at 01:00 the next day, after the longest game begun before midnight', () => {
    expect(seedRevealAt('2025-03-10')).toBe(at('2025-03-10T23:00:00Z'));
    expect(LONGEST_CHALLENGE_MS).toBeLessThan(SEED_REVEAL_DELAY_MS);
    expect(isSeedRevealed('2025-03-10', at('2025-03-10T22:59:59.999Z'))).toBe(false);
    expect(isSeedRevealed('2025-03-10', at('2025-03-10T23:00:00Z'))).toBe(true);
    const key = challengeKeyOf(SECRET);
    expect(revealedFairness(key, '2025-03-10', at('2025-03-10T22:30:00Z'))).toBeNull();
    expect(revealedFairness(key, '2025-03-10', at('2025-03-10T23:00:00Z'))?.serverSeedHash).toBe(
      challengeDay(key, '2025-03-10').serverSeedHash,
    );
  });

  it('derive the seeds from a key of their own, not the secret nor another purpose’s key', () => {
    const key = challengeKeyOf(SECRET);
    expect(key).toBe(purposeKey(SECRET, 'daily-challenge'));
    for (const other of ['tickets', 'site-to-room', 'room-to-site', 'payments-sandbox'] as const) {
      expect(key).not.toBe(purposeKey(SECRET, other));
    }
    expect(challengeDay(key, '2025-03-10')).not.toEqual(
      challengeDay(challengeKeyOf(`${SECRET}!`), '2025-03-10'),
    );
  });
});

describe('a finished challenge’s record', () => {
  const game = {
    roomId: 'r1',
    dailyChallenge: '2025-03-10',
    fairness: { serverSeed: 'ab'.repeat(32), serverSeedHash: 'h', clientSeed: '::' },
  };

  it('hides the seed until it is revealed, and says when', () => {
    expect(sealChallengeSeed(game, at('2025-03-10T22:59:00Z'))).toEqual({
      ...game,
      fairness: { ...game.fairness, serverSeed: null },
      seedRevealAt: '2025-03-10T23:00:00.000Z',
    });
    expect(sealChallengeSeed(game, at('2025-03-10T23:00:00Z'))).toEqual(game);
  });

  it('leaves other games alone', () => {
    const { dailyChallenge: _, ...practice } = game;
    expect(sealChallengeSeed(practice, at('2025-03-10T12:00:00Z'))).toEqual(practice);
  });
});

describe('leaderboard names', () => {
  it.each([
    ['Chanda', 'Banda', 'Chanda B.'],
    ['Chanda Mwila', 'Banda', 'Chanda B.'],
    ['  mutale ', ' zulu', 'mutale Z.'],
    ['Ngozi', '', 'Ngozi'],
    ['', 'Phiri', 'Player P.'],
    ['', '', 'Player'],
    ['Émilie', 'étoile', 'Émilie É.'],
    ['A'.repeat(40), 'Long', `${'A'.repeat(20)} L.`],
  ])('%j %j → %j', (first, last, shown) => {
    expect(leaderboardName(first, last)).toBe(shown);
  });

  it('never shows a last name, nor a second first name', () => {
    const shown = leaderboardName('Chanda Mwila Grace', 'Banda-Phiri');
    expect(shown).not.toMatch(/Mwila|Grace|Banda|Phiri/);
  });
});
