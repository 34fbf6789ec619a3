// The one way the site takes a stake. Create, join, a rematch (which creates or joins) and any path
// added later call `takeStake` inside the write transaction that seats the player, so the terms in
// force, a running self-exclusion (own or carried) and the loss limits are all read in the very
// transaction that moves the money: no route can forget them, and no request slips between a check
// and the stake. The lint rule in eslint.config.js lets no other site module import db/money's
// `stake` (docs/decisions/032).
import type { Queryable } from '#db/client.ts';
import { stake } from '#db/money.ts';
import { activeExclusion, SelfExcludedError } from '#db/responsible-play.ts';
import { hasCurrentConsent } from './consents';

/** The player has not accepted the terms in force (or never said they are 18 or older). */
export class TermsRequiredError extends Error {
  constructor(readonly userId: string) {
    super(`User ${userId} has not accepted the terms in force`);
    this.name = 'TermsRequiredError';
  }
}

/**
 * Throws `TermsRequiredError` or `SelfExcludedError` when the player may not stake at all now,
 * whatever the room. Seating calls it first in its transaction, so that such a player hears this
 * reason before any other (a full room, a seat elsewhere); `takeStake` checks it again anyway.
 */
export async function assertMayPlay(tx: Queryable, userId: string, now: number): Promise<void> {
  if (!(await hasCurrentConsent(tx, userId))) throw new TermsRequiredError(userId);
  const running = await activeExclusion(tx, userId, now);
  if (running) throw new SelfExcludedError(running.until);
}

/**
 * Moves the room's stake from the player's wallet into its escrow, refusing in this order: the terms
 * in force not accepted (`TermsRequiredError`), a self-exclusion (`SelfExcludedError`), a loss limit
 * (`LimitReachedError`), a short wallet (`InsufficientFundsError`). Nothing is written when it
 * throws; the caller's transaction rolls back whatever else it wrote.
 */
export async function takeStake(
  tx: Queryable,
  input: { roomId: string; userId: string; now: number },
): ReturnType<typeof stake> {
  if (!(await hasCurrentConsent(tx, input.userId))) throw new TermsRequiredError(input.userId);
  return stake(tx, input);
}
