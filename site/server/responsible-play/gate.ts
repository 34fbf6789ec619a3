// The checks before a stake is asked for (create, join): the terms in force accepted, no running
// self-exclusion. The stake's own transaction checks the exclusion and the loss limits again
// (db/money `stake`); this answers first, so a refused player hears why before anything else.
import type { RequestHandler } from 'express';
import { activeExclusion } from '../../../db/responsible-play';
import { sendError } from '../auth/http';
import { currentUser } from '../auth/middleware';
import { hasCurrentConsent } from './consents';
import { playCodes as c, playMessages as m } from './messages';
import type { PlayDeps, PlayRefusal } from './service';

/** 403 `terms_required` or `self_excluded` for this user, or null when they may stake. */
export async function mayStakeRefusal(deps: PlayDeps, userId: string): Promise<PlayRefusal | null> {
  if (!(await hasCurrentConsent(deps.database.read, userId))) {
    return { ok: false, status: 403, error: m.termsRequired, code: c.termsRequired };
  }
  const exclusion = await activeExclusion(deps.database.read, userId, (deps.clock ?? Date.now)());
  if (exclusion) {
    return { ok: false, status: 403, error: m.selfExcluded(exclusion.until), code: c.selfExcluded };
  }
  return null;
}

/** Mount after `requirePlayer`: 403 `terms_required` or `self_excluded`, else on. */
export function requireMayStake(deps: PlayDeps): RequestHandler {
  return async (_req, res, next) => {
    try {
      const refusal = await mayStakeRefusal(deps, currentUser(res).id);
      if (refusal) return sendError(res, refusal.status, refusal.error, refusal.code);
      next();
    } catch (error) {
      next(error);
    }
  };
}
