// The challenge's calendar: which Lusaka day it is, when a day's seed is revealed, and the day's
// settings and commitment. The clock comes in as `now`; the key is derived from INTERNAL_SECRET for
// this one use (decision 022), so the seeds need nothing stored.
import { LUSAKA_OFFSET_MS, lusakaDate } from '#db/lusaka-time.ts';
import {
  addDays,
  challengeFairness,
  challengeOptions,
  type ChallengeDate,
  type ChallengeFairness,
  type ChallengeOptions,
} from '#game/challenge.ts';
import { latestGameEnd } from '#game/timing.ts';
import { purposeKey } from '#wire/signing.ts';

/**
 * A day's seed is revealed this long after the day ends (01:00 Lusaka time), once every challenge
 * game of the day has ended: one started at 23:59 still rolls that day's dice for a few minutes,
 * and the seed would tell its player the rolls to come.
 */
export const SEED_REVEAL_DELAY_MS = 60 * 60 * 1000;

/** The longest a challenge game runs from its start (GAME_TIME_SCALE 1): less than the delay. */
export const LONGEST_CHALLENGE_MS = latestGameEnd(0, challengeOptions('2025-01-01').time, 1);

export function challengeKeyOf(internalSecret: string): string {
  return purposeKey(internalSecret, 'daily-challenge');
}

/** Today's challenge date (Lusaka). */
export function challengeDateAt(now: number): ChallengeDate {
  return lusakaDate(now);
}

/** The first millisecond after `date` ends in Lusaka. */
export function dayEndOf(date: ChallengeDate): number {
  return Date.parse(`${addDays(date, 1)}T00:00:00Z`) - LUSAKA_OFFSET_MS;
}

/** When `date`'s seed is revealed. A finish counts only for a game that ended before it. */
export function seedRevealAt(date: ChallengeDate): number {
  return dayEndOf(date) + SEED_REVEAL_DELAY_MS;
}

export function isSeedRevealed(date: ChallengeDate, now: number): boolean {
  return now >= seedRevealAt(date);
}

/** Today's challenge as a player may know it: the settings and the seed's hash, never the seed. */
export interface ChallengeDay {
  date: ChallengeDate;
  roomOptions: ChallengeOptions;
  serverSeedHash: string;
}

export function challengeDay(challengeKey: string, date: ChallengeDate): ChallengeDay {
  return {
    date,
    roomOptions: challengeOptions(date),
    serverSeedHash: challengeFairness(challengeKey, date).serverSeedHash,
  };
}

/** A day's seed and what goes with it, or null while it is still secret at `now`. */
export function revealedFairness(
  challengeKey: string,
  date: ChallengeDate,
  now: number,
): ChallengeFairness | null {
  return isSeedRevealed(date, now) ? challengeFairness(challengeKey, date) : null;
}
