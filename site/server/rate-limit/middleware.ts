import type { Request, RequestHandler, Response } from 'express';
import type { Database } from '#db/client.ts';
import { parseEmail } from '#site/shared/email.ts';
import { isValidZambianPhone, normalizeZambianPhone } from '#site/shared/phone.ts';
import { RATE_LIMITED } from '#site/shared/rate-limited.ts';
import { refuse, type Refusal, sendError } from '../api/refusals';
import { refusalWords } from '../api/refusal-words';

import { clientAddress } from './client-address';
import { admit, counterKey, type CounterCheck } from './counters';
import type { EndpointLimit, Subject } from './limits';
import { timeOf } from '../clock';

export interface RateLimitDeps {
  database: Database;
  clock?: () => number;
}

/** Who the request is, per subject; null when the rule does not apply (e.g. no session). */
function subjectOf(per: Subject, req: Request, res: Response): string | null {
  switch (per) {
    case 'account':
      return res.locals.auth?.user.id ?? null;
    case 'address':
      return clientAddress(req);
    case 'email': {
      // Not an address (the route refuses it next): only the address's own allowance applies.
      return parseEmail((req.body as { email?: unknown } | undefined)?.email);
    }
    case 'phone': {
      // Not a number (the route refuses it next): only the other rules apply.
      const phone = normalizeZambianPhone((req.body as { phone?: unknown } | undefined)?.phone);
      return isValidZambianPhone(phone) ? phone : null;
    }
  }
}

/** The refusal people read: "Too many sign-up attempts. Please wait 5 minutes and try again." */
export function rateLimitMessage(endpoint: EndpointLimit, seconds: number): string {
  return refusalWords(RATE_LIMITED, endpoint.tooMany, seconds);
}

/** Who a request is, per kind of subject; a kind left out (or null) does not count. */
export type Subjects = Partial<Record<Subject, string | null>>;

/**
 * Counts one request against the endpoint's rules for `subjects` (state in the database, in the
 * write transaction): null when it may go on, else how many seconds until it may.
 */
export async function countRequest(
  deps: RateLimitDeps,
  endpoint: EndpointLimit,
  subjects: Subjects,
): Promise<number | null> {
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
  const now = timeOf(deps);
  const admission = await deps.database.write((tx) => admit(tx, checks, now));
  return admission.ok ? null : Math.max(1, Math.ceil(admission.retryAfterMs / 1000));
}

/** The refusal of a request over its limit, for callers outside Express (a page's action). */
export function rateLimitRefusal(endpoint: EndpointLimit, seconds: number): Refusal {
  return {
    ...refuse(429, RATE_LIMITED, rateLimitMessage(endpoint, seconds)),
    retryAfterSeconds: seconds,
  };
}

/** `countRequest` answered as a refusal (or null): the page door's form posts (site/server/pages). */
export async function checkRateLimit(
  deps: RateLimitDeps,
  endpoint: EndpointLimit,
  subjects: Subjects,
): Promise<Refusal | null> {
  const seconds = await countRequest(deps, endpoint, subjects);
  return seconds === null ? null : rateLimitRefusal(endpoint, seconds);
}

/**
 * Counts the request against the endpoint's rules (state in the database, in the write
 * transaction) and answers `429 {error, code: 'rate_limited'}` with `Retry-After` once any is
 * spent. Mount after `sessionMiddleware` (for `account`) and `jsonBody` (for `email` and `phone`).
 */
export function rateLimit(deps: RateLimitDeps, endpoint: EndpointLimit): RequestHandler {
  return async (req, res, next) => {
    try {
      const subjects: Subjects = {};
      for (const rule of endpoint.rules) subjects[rule.per] = subjectOf(rule.per, req, res);
      const seconds = await countRequest(deps, endpoint, subjects);
      if (seconds === null) return next();
      res.set('Retry-After', String(seconds));
      res.set('Cache-Control', 'no-store');
      sendError(res, 429, RATE_LIMITED, rateLimitMessage(endpoint, seconds));
    } catch (error) {
      next(error);
    }
  };
}
