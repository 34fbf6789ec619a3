import { Router } from 'express';
import { sessionMiddleware } from '../auth/middleware';
import { challengeMessages } from '../challenge/messages';
import {
  challengeDepsOf,
  challengeLeaderboard,
  challengeOverview,
  leaderboardDate,
} from '../challenge/service';
import { authDepsOf, type RoomsDeps } from '../rooms/deps';
import { apiErrors, sendRefusal } from './refusals';

/**
 * `GET /challenge` (today's challenge; the caller's streak, best and result when signed in) and
 * `GET /challenge/leaderboard?date=YYYY-MM-DD` (a day's ranking, and its seed once revealed). Both
 * answer signed-out visitors too. The challenge itself starts with `POST /practice {challenge: true}`.
 */
export function challengeRouter(deps: RoomsDeps): Router {
  const router = Router();
  const session = sessionMiddleware(authDepsOf(deps));
  const challenge = challengeDepsOf(deps);

  router.get('/challenge', session, async (_req, res) => {
    const user = res.locals.auth?.user ?? null;
    const overview = await challengeOverview(challenge, user);
    res.set('Cache-Control', 'no-store');
    res.json(overview);
  });

  router.get('/challenge/leaderboard', async (req, res) => {
    const date = leaderboardDate(challenge, req.query.date);
    if (!date.ok) return sendRefusal(res, date);
    const board = await challengeLeaderboard(challenge, date.date);
    res.set('Cache-Control', 'no-store');
    res.json(board);
  });

  router.use(
    '/challenge',
    apiErrors({
      scope: 'challenge',
      context: 'challenge route failed',
      message: challengeMessages.loadFailed,
    }),
  );
  return router;
}
