import { Router } from 'express';
import { jsonBody, sendError } from './refusals';
import { logFailure } from '../logging';
import { currentUser, requireUser, sessionMiddleware } from '../auth/middleware';
import { createPractice, practiceDepsOf } from '../practice/service';
import { ENDPOINT_LIMITS } from '../rate-limit/limits';
import { rateLimit } from '../rate-limit/middleware';
import { authDepsOf, type RoomsDeps } from '../rooms/deps';

/**
 * `POST /practice` `{time, bots}` or `{challenge: true}`: a practice game against bots, or the day's
 * challenge, for any signed-in user, guests and self-excluded players included (no money moves).
 * Mount under `/api`, behind the Origin check.
 */
export function practiceRouter(deps: RoomsDeps): Router {
  const router = Router();
  const session = sessionMiddleware(authDepsOf(deps));
  const practiceDeps = practiceDepsOf(deps);

  // Rate limit first (per account and per address), then on to the route below.
  router.post('/practice', session, requireUser, rateLimit(deps, ENDPOINT_LIMITS.practice));
  router.post('/practice', session, requireUser, jsonBody, async (req, res) => {
    try {
      const outcome = await createPractice(practiceDeps, currentUser(res), req.body);
      if (!outcome.ok) {
        return void res.status(outcome.status).json({
          error: outcome.error,
          code: outcome.code,
          ...(outcome.roomId ? { roomId: outcome.roomId } : {}),
        });
      }
      res.status(201).json({ room: outcome.room });
    } catch (error) {
      logFailure('practice', 'create failed', error);
      if (!res.headersSent) sendError(res, 500, 'practice_failed');
    }
  });

  return router;
}
