import { Router } from 'express';
import type { AuthDeps } from '../auth/config';
import { apiErrors, jsonBody, sendError, sendRefusal, sendUnexpected } from './refusals';
import { authMessages as m } from '#site/shared/auth-messages.ts';
import { currentUser, requireUser, sessionMiddleware } from '../auth/middleware';
import { provePhone } from '../auth/phone-sign-in';
import { clientAddress } from '../rate-limit/client-address';
import { completeProfile } from '../auth/service';
import { challengeDateAt } from '../challenge/day';
import { challengeStreakOf } from '../challenge/results';
import { timeOf } from '../clock';

/**
 * `GET /me` → `{user}`; `PATCH /me` completes the profile (`firstName, lastName, phone`);
 * `POST /me/phone/verify` proves the account's number with an SMS code.
 */
export function meRouter(deps: AuthDeps): Router {
  const router = Router();
  const session = sessionMiddleware(deps);

  router.get('/me', session, requireUser, async (_req, res) => {
    const user = currentUser(res);
    const today = challengeDateAt(timeOf(deps));
    const challengeStreak = await challengeStreakOf(deps.database.read, user.id, today);
    res.set('Cache-Control', 'no-store');
    res.json({ user, challengeStreak });
  });

  router.patch('/me', session, requireUser, jsonBody, async (req, res) => {
    const user = currentUser(res);
    if (user.isGuest) return sendError(res, 403, 'guest_not_allowed');
    try {
      const outcome = await completeProfile(deps, user.id, req.body);
      if (!outcome.ok) return sendRefusal(res, outcome);
      res.json({ user: outcome.user });
    } catch (error) {
      sendUnexpected(
        res,
        { scope: 'auth', context: 'profile update failed' },
        error,
        m.profileFailed,
      );
    }
  });

  // Where sign-in by phone is configured (the site always; apps that test other parts may not).
  if (deps.phone) {
    router.post('/me/phone/verify', session, requireUser, jsonBody, async (req, res) => {
      const user = currentUser(res);
      if (user.isGuest) return sendError(res, 403, 'guest_not_allowed');
      const outcome = await provePhone(
        deps,
        { userId: user.id, address: clientAddress(req) },
        req.body,
      );
      if (!outcome.ok) return sendRefusal(res, outcome);
      res.json({ user: outcome.user });
    });
  }

  router.use('/me', apiErrors({ scope: 'auth', context: 'me route failed' }));
  return router;
}
