// The refusals of db/responsible-play as the API answers them.
import { LimitReachedError, SelfExcludedError } from '#db/responsible-play.ts';
import { playMessages as m } from './messages';
import type { Refusal } from '../api/refusals';
import { TermsRequiredError } from './stake';

type MoneyRefusal = Refusal & {
  code: 'self_excluded' | 'limit_reached' | 'terms_required';
};

/**
 * A deposit or stake refused by the terms in force, a self-exclusion or a limit; null for any other
 * error.
 */
export function playRefusalOf(error: unknown): MoneyRefusal | null {
  if (error instanceof TermsRequiredError) {
    return { ok: false, status: 403, error: m.termsRequired, code: 'terms_required' };
  }
  if (error instanceof SelfExcludedError) {
    return { ok: false, status: 403, error: m.selfExcluded(error.until), code: 'self_excluded' };
  }
  if (error instanceof LimitReachedError) {
    return {
      ok: false,
      status: 403,
      error: m.limitReached(error.kind, error.limit, error.resetsAt),
      code: 'limit_reached',
    };
  }
  return null;
}
