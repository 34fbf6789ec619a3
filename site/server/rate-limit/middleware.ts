import type { Request, RequestHandler, Response } from 'express';
import type { Database } from '../../../db/client';
import { parseEmail } from '../../shared/email';
import { formatWait, RATE_LIMITED } from '../../shared/rate-limited';
import type { Refusal } from '../api/refusals';
import { sendRefusal } from '../auth/http';
import { clientAddress } from './client-address';
import { admit, counterKey, type CounterCheck } from './counters';
import type { EndpointLimit, Subject } from './limits';

export interface RateLimitDeps {
  database: Database;
  clock?: () => number;
}

/** Who a request is, per subject; null (or absent) when a rule does not apply (e.g. no session). */
export type Subjects = Partial<Record<Subject, string | null>>;

function subjectsOf(req: Request, res: Response): Subjects {
  return {
    account: res.locals.auth?.user.id ?? null,
    address: clientAddress(req),
    // Not an address (the route refuses it next): only the address's own allowance applies.
    email: parseEmail((req.body as { email?: unknown } | undefined)?.email),
  };
}

/** The refusal people read: "Too many sign-up attempts. Please wait 5 minutes and try again." */
export function rateLimitMessage(endpoint: EndpointLimit, seconds: number): string {
  return `${endpoint.tooMany} Please wait ${formatWait(seconds)} and try again.`;
}

/**
 * Counts one call against the endpoint's rules (state in the database, in the write transaction):
 * null when it may go on, else the 429 refusal `rate_limited` with its wait. The JSON API's
 * middleware below and the pages' form posts (site/server/pages) both count through here.
 */
export async function checkRateLimit(
  deps: RateLimitDeps,
  endpoint: EndpointLimit,
  subjects: Subjects,
): Promise<Refusal | null> {
  const checks: CounterCheck[] = [];
  for (const rule of endpoint.rules) {
    const subject = subjects[rule.per];
    if (subject === null || subject === undefined) continue;
    checks.push({
      key: counterKey(endpoint, rule.per, subject),
      limit: rule.limit,
      windowMs: rule.windowMs,
    });
  }
  if (checks.length === 0) return null;
  const now = (deps.clock ?? Date.now)();
  const admission = await deps.database.write((tx) => admit(tx, checks, now));
  if (admission.ok) return null;
  const seconds = Math.max(1, Math.ceil(admission.retryAfterMs / 1000));
  return {
    ok: false,
    status: 429,
    error: rateLimitMessage(endpoint, seconds),
    code: RATE_LIMITED,
    retryAfterSeconds: seconds,
  };
}

/**
 * Counts the request against the endpoint's rules and answers `429 {error, code: 'rate_limited'}`
 * with `Retry-After` once any is spent. Mount after `sessionMiddleware` (for `account`) and
 * `jsonBody` (for `email`).
 */
export function rateLimit(deps: RateLimitDeps, endpoint: EndpointLimit): RequestHandler {
  return async (req, res, next) => {
    try {
      const refusal = await checkRateLimit(deps, endpoint, subjectsOf(req, res));
      if (!refusal) return next();
      res.set('Cache-Control', 'no-store');
      sendRefusal(res, refusal);
    } catch (error) {
      next(error);
    }
  };
}
