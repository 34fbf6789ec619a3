import { Router } from 'express';
import { currentUser, requireUser, sessionMiddleware } from '../auth/middleware';
import { sealChallengeSeed } from '../challenge/service';
import { authDepsOf, type RoomsDeps } from '../rooms/deps';
import { loadFinishedGame, loadHistory, mayRead } from '../rooms/games';
import { roomMessages as m } from '#site/shared/room-messages.ts';
import { isRoomIdShaped, roomIdOf } from '../rooms/settings';
import { sendError, sendUnexpected } from './refusals';
import { timeOf } from '../clock';

const LOAD_GAME_FAILED = 'Failed to load game data. Please check your connection or room ID.';

/** `GET /games` (the user's history, newest first), `GET /games/:roomId` (one finished game). */
export function gamesRouter(deps: RoomsDeps): Router {
  const router = Router();
  const session = sessionMiddleware(authDepsOf(deps));

  router.get('/games', session, requireUser, async (_req, res) => {
    try {
      res.set('Cache-Control', 'no-store');
      res.json({ games: await loadHistory(deps.database.read, currentUser(res).id) });
    } catch (error) {
      sendUnexpected(res, { scope: 'rooms', context: 'history failed' }, error, m.historyFailed);
    }
  });

  router.get('/games/:roomId', session, requireUser, async (req, res) => {
    try {
      const roomId = roomIdOf(req);
      const game = isRoomIdShaped(roomId)
        ? await loadFinishedGame(deps.database.read, roomId)
        : null;
      if (!game) return sendError(res, 404, 'game_not_found');
      if (!mayRead(game, currentUser(res))) return sendError(res, 403, 'not_your_game');
      res.set('Cache-Control', 'no-store');
      res.json({ game: sealChallengeSeed(game, timeOf(deps)) });
    } catch (error) {
      sendUnexpected(res, { scope: 'rooms', context: 'game read failed' }, error, LOAD_GAME_FAILED);
    }
  });

  return router;
}
