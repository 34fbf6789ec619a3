import { Router } from 'express';
import type { AuthDeps } from '../auth/config';
import { requestVerification, verifyEmail } from '../auth/email-verification';
import { apiErrors, jsonBody, sendError, sendRefusal } from './refusals';
import { currentUser, requirePlayer, sessionMiddleware } from '../auth/middleware';
import { changePassword } from '../auth/password-change';
import { requestPasswordReset, resetPassword } from '../auth/password-reset';
import { findUserById, isEmailVerified } from '../auth/users';
import { clientAddress } from '../rate-limit/client-address';

/**
 * The account's mail and password (docs/api.md, "Accounts"): `POST /auth/email/verify-request`,
 * `/auth/email/verify`, `/auth/password/forgot`, `/auth/password/reset`, `/me/password`, and
 * `GET /me/security` for the account page.
 */
export function accountRouter(deps: AuthDeps): Router {
  const router = Router();
  const session = sessionMiddleware(deps);

  router.post('/auth/email/verify-request', session, requirePlayer, async (_req, res) => {
    const outcome = await requestVerification(deps, currentUser(res).id);
    if (!outcome.ok) return sendRefusal(res, outcome);
    res.status(202).json({ message: outcome.message });
  });

  router.post('/auth/email/verify', jsonBody, async (req, res) => {
    const outcome = await verifyEmail(deps, req.body);
    if (!outcome.ok) return sendRefusal(res, outcome);
    res.json({ emailVerified: true });
  });

  router.post('/auth/password/forgot', jsonBody, (req, res) => {
    const outcome = requestPasswordReset(deps, req.body);
    if (!outcome.ok) return sendRefusal(res, outcome);
    res.status(202).json({ message: outcome.message });
  });

  router.post('/auth/password/reset', jsonBody, async (req, res) => {
    const outcome = await resetPassword(deps, req.body, { address: clientAddress(req) });
    if (!outcome.ok) return sendRefusal(res, outcome);
    res.json({ message: outcome.message });
  });

  // What the account page shows: how this account signs in and whether its address is proved.
  router.get('/me/security', session, requirePlayer, async (_req, res) => {
    const user = await findUserById(deps.database.read, currentUser(res).id);
    if (!user) return sendError(res, 401, 'not_signed_in');
    res.set('Cache-Control', 'no-store');
    res.json({
      emailVerified: isEmailVerified(user),
      hasPassword: user.passwordHash !== null,
      googleLinked: user.googleSub !== null,
      googleAvailable: Boolean(deps.googleProvider ?? deps.config.google),
    });
  });

  router.post('/me/password', session, requirePlayer, jsonBody, async (req, res) => {
    const auth = res.locals.auth!;
    const outcome = await changePassword(
      deps,
      {
        userId: auth.user.id,
        sessionId: auth.sessionId,
        address: clientAddress(req),
      },
      req.body,
    );
    if (!outcome.ok) return sendRefusal(res, outcome);
    res.json({ user: outcome.user, message: outcome.message });
  });

  router.use(
    ['/auth/email', '/auth/password', '/me/password', '/me/security'],
    apiErrors({ scope: 'auth', context: 'account route failed' }),
  );
  return router;
}
