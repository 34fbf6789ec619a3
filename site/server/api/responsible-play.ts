import { Router } from 'express';
import type { AuthDeps } from '../auth/config';
import { apiErrors, jsonBody, sendRefusal } from './refusals';

import { currentUser, requirePlayer, requireUser, sessionMiddleware } from '../auth/middleware';
import { acceptTerms, hasCurrentConsent } from '../responsible-play/consents';
import { excludeSelf, limitsOf, playSummaryOf, updateLimits } from '../responsible-play/service';
import { TERMS_VERSION } from '#site/shared/terms.ts';
import { timeOf } from '../clock';

/**
 * `GET|PUT /me/limits`, `POST /me/exclusion`, `GET|POST /me/terms`, `GET /me/play-summary`
 * (docs/api.md). Mount under `/api`, behind the Origin check.
 */
export function responsiblePlayRouter(deps: AuthDeps): Router {
  const router = Router();
  const session = sessionMiddleware(deps);
  const now = () => timeOf(deps);

  router.get('/me/limits', session, requireUser, async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await limitsOf(deps.database.read, currentUser(res).id, now()));
  });

  router.put('/me/limits', session, requirePlayer, jsonBody, async (req, res) => {
    const outcome = await updateLimits(deps, currentUser(res).id, req.body);
    if (!outcome.ok) return sendRefusal(res, outcome);
    res.json(outcome.limits);
  });

  router.post('/me/exclusion', session, requirePlayer, jsonBody, async (req, res) => {
    const outcome = await excludeSelf(deps, currentUser(res).id, req.body);
    if (!outcome.ok) return sendRefusal(res, outcome);
    res.json({ exclusion: outcome.exclusion });
  });

  router.get('/me/terms', session, requireUser, async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    const accepted = await hasCurrentConsent(deps.database.read, currentUser(res).id);
    res.json({ terms: { version: TERMS_VERSION, accepted } });
  });

  router.post('/me/terms', session, requirePlayer, jsonBody, async (req, res) => {
    const userId = currentUser(res).id;
    const at = now();
    const outcome = await deps.database.write((tx) => acceptTerms(tx, userId, req.body, at));
    if (!outcome.ok) return sendRefusal(res, outcome);
    res.json({ terms: { version: TERMS_VERSION, accepted: true } });
  });

  router.get('/me/play-summary', session, requireUser, async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ summary: await playSummaryOf(deps.database.read, currentUser(res).id, now()) });
  });

  router.use(
    '/me',
    apiErrors({ scope: 'responsible-play', context: 'responsible play route failed' }),
  );
  return router;
}
