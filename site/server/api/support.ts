import { Router } from 'express';
import type { AuthDeps } from '../auth/config';
import { apiErrors, jsonBody, sendError } from './refusals';

import { currentUser, requireUser, sessionMiddleware } from '../auth/middleware';
import { ENDPOINT_LIMITS } from '../rate-limit/limits';
import { rateLimit } from '../rate-limit/middleware';
import { checkTicketInput, createTicket, supportMessages, ticketsOf } from '../support/tickets';
import { timeOf } from '../clock';

/** `POST /support` `{topic, message, reference?}` → 201 `{ticket}`; `GET /support` → `{tickets}`. */
export function supportRouter(deps: AuthDeps): Router {
  const router = Router();
  const session = sessionMiddleware(deps);
  const now = () => timeOf(deps);

  router.get('/support', session, requireUser, async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ tickets: await ticketsOf(deps.database.read, currentUser(res).id) });
  });

  router.post(
    '/support',
    session,
    requireUser,
    (_req, res, next) => {
      if (currentUser(res).isGuest) return sendError(res, 403, 'guests_not_allowed');
      next();
    },
    jsonBody,
    rateLimit(deps, ENDPOINT_LIMITS.support),
    async (req, res) => {
      const checked = checkTicketInput(req.body);
      if (!checked.ok) return sendError(res, 400, checked.code, checked.error);
      const ticket = await createTicket(deps.database, currentUser(res).id, checked.value, now());
      res.status(201).json({ ticket });
    },
  );

  router.use(
    '/support',
    apiErrors({
      scope: 'support',
      context: 'support route failed',
      message: supportMessages.failed,
    }),
  );
  return router;
}
