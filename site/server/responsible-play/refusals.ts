// The refusals of db/responsible-play as the API answers them.
import { LimitReachedError, SelfExcludedError } from '#db/responsible-play.ts';
import { refusalWords, withWords } from '../api/refusal-words';
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
    return { ok: false, status: 403, ...withWords('terms_required') };
  }
  if (error instanceof SelfExcludedError) {
    const words = refusalWords('self_excluded', error.until);
    return { ok: false, status: 403, error: words, code: 'self_excluded' };
  }
  if (error instanceof LimitReachedError) {
    return {
      ok: false,
      status: 403,
      error: refusalWords('limit_reached', error.kind, error.limit, error.resetsAt),
      code: 'limit_reached',
    };
  }
  return null;
}
