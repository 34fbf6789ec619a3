import { Router } from 'express';
import type { AuthDeps } from '../auth/config';
import { clearedSessionCookie } from '../auth/cookies';
import { apiErrors, jsonBody, sendRefusal } from './refusals';

import { currentSessionId, currentUser, requireUser, sessionMiddleware } from '../auth/middleware';
import { eraseAccount } from '../data-rights/erase';
import { exportUserData } from '../data-rights/export';
import { clientAddress } from '../rate-limit/client-address';
import { timeOf } from '../clock';

/** `GET /me/export` (a JSON download of everything held) and `DELETE /me` `{password}`. */
export function dataRightsRouter(deps: AuthDeps): Router {
  const router = Router();
  const session = sessionMiddleware(deps);
  const now = () => timeOf(deps);

  router.get('/me/export', session, requireUser, async (_req, res) => {
    const user = currentUser(res);
    const document = await exportUserData(deps.database.read, user.id, now());
    res.set('Cache-Control', 'no-store');
    res.attachment(`zed-truck-company-data-${new Date(now()).toISOString().slice(0, 10)}.json`);
    res.type('application/json').send(JSON.stringify(document, null, 2));
  });

  router.delete('/me', session, requireUser, jsonBody, async (req, res) => {
    const outcome = await eraseAccount(
      deps,
      {
        userId: currentUser(res).id,
        sessionId: currentSessionId(res),
        address: clientAddress(req),
      },
      req.body,
      now(),
    );
    if (!outcome.ok) return sendRefusal(res, outcome);
    res.append('Set-Cookie', clearedSessionCookie(deps.config.publicUrl));
    res.json({ erased: true });
  });

  router.use('/me', apiErrors({ scope: 'data-rights', context: 'data rights route failed' }));
  return router;
}
