// The refusals of db/responsible-play as the API answers them.
import { LimitReachedError, SelfExcludedError } from '#db/responsible-play.ts';
import { playCodes as c, playMessages as m } from './messages';
import type { PlayRefusal } from './service';
import { TermsRequiredError } from './stake';

type MoneyRefusal = PlayRefusal & {
  code: typeof c.selfExcluded | typeof c.limitReached | typeof c.termsRequired;
};

/**
 * A deposit or stake refused by the terms in force, a self-exclusion or a limit; null for any other
 * error.
 */
export function playRefusalOf(error: unknown): MoneyRefusal | null {
  if (error instanceof TermsRequiredError) {
    return { ok: false, status: 403, error: m.termsRequired, code: c.termsRequired };
  }
  if (error instanceof SelfExcludedError) {
    return { ok: false, status: 403, error: m.selfExcluded(error.until), code: c.selfExcluded };
  }
  if (error instanceof LimitReachedError) {
    return {
      ok: false,
      status: 403,
      error: m.limitReached(error.kind, error.limit, error.resetsAt),
      code: c.limitReached,
    };
  }
  return null;
}
