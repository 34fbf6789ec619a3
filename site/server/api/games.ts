import { Router } from 'express';
import { describeError } from '../auth/logging';
import { currentUser, requireUser, sessionMiddleware } from '../auth/middleware';
import { authDepsOf, type RoomsDeps } from '../rooms/deps';
import { loadFinishedGame, loadHistory, mayRead } from '../rooms/games';
import { roomMessages as m } from '../rooms/messages';
import { isRoomIdShaped, roomIdOf } from '../rooms/settings';

/** `GET /games` (the user's history, newest first), `GET /games/:roomId` (one finished game). */
export function gamesRouter(deps: RoomsDeps): Router {
  const router = Router();
  const session = sessionMiddleware(authDepsOf(deps));

  router.get('/games', session, requireUser, async (_req, res) => {
    try {
      res.set('Cache-Control', 'no-store');
      res.json({ games: await loadHistory(deps.database.read, currentUser(res).id) });
    } catch (error) {
      console.error(`[rooms] history failed: ${describeError(error)}`);
      res.status(500).json({ error: m.historyFailed });
    }
  });

  router.get('/games/:roomId', session, requireUser, async (req, res) => {
    try {
      const roomId = roomIdOf(req);
      const game = isRoomIdShaped(roomId)
        ? await loadFinishedGame(deps.database.read, roomId)
        : null;
      if (!game) return void res.status(404).json({ error: m.gameNotFound });
      if (!mayRead(game, currentUser(res)))
        return void res.status(403).json({ error: m.notYourGame });
      res.set('Cache-Control', 'no-store');
      res.json({ game });
    } catch (error) {
      console.error(`[rooms] game read failed: ${describeError(error)}`);
      res
        .status(500)
        .json({ error: 'Failed to load game data. Please check your connection or room ID.' });
    }
  });

  return router;
}
