// The room servers' side door (protocol calls 2 and 3). Not behind the Origin check: every call is
// signed with the room → site key over the raw body instead, and an unsigned call changes nothing.
import express, { Router, type Request, type RequestHandler } from 'express';
import { purposeKey, verifyRequest } from '../../../game/signing';
import { describeError } from '../auth/logging';
import { logAdminError, logBudget } from '../rooms/admin-errors';
import { roomServiceOf, type RoomsDeps } from '../rooms/deps';
import { settleReportedGame } from '../rooms/settlement';
import { roomIdOf } from '../rooms/settings';

/** A settlement carries every log entry of the game; an hour of play stays well below this. */
const MAX_BODY = '8mb';

const rawBody = express.raw({ type: () => true, limit: MAX_BODY });

function bodyText(req: Request): string {
  return Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
}

export function internalRouter(deps: RoomsDeps): Router {
  const router = Router();
  const clock = deps.clock ?? Date.now;
  const rooms = roomServiceOf(deps);
  const roomToSiteKey = purposeKey(deps.config.internalSecret, 'room-to-site');
  // Unsigned calls can come from anyone: they are refused always, logged at most 20 a minute.
  const mayLog = logBudget(20, 60_000, clock);

  const signed: RequestHandler = (req, res, next) => {
    const path = req.originalUrl.split('?')[0] ?? '';
    const verdict = verifyRequest(roomToSiteKey, {
      method: req.method,
      path,
      body: bodyText(req),
      headers: req.headers,
      now: clock(),
    });
    if (verdict.ok) return next();
    if (mayLog()) {
      logAdminError(
        deps.database,
        {
          message: 'Refused an unsigned internal call',
          details: { method: req.method, path, reason: verdict.reason },
          roomId: roomIdOf(req) || null,
        },
        clock(),
      ).catch((error: unknown) =>
        console.error(`[rooms] admin log failed: ${describeError(error)}`),
      );
    }
    res.status(401).json({ error: 'Unauthorized' });
  };

  router.get('/internal/rooms/:roomId', rawBody, signed, async (req, res) => {
    try {
      const room = await rooms.roomForParty(roomIdOf(req));
      res.set('Cache-Control', 'no-store');
      if (!room) return void res.status(404).json({ error: 'Room not found.' });
      res.json({ room });
    } catch (error) {
      console.error(`[rooms] internal room read failed: ${describeError(error)}`);
      res.status(500).json({ error: 'Error fetching room' });
    }
  });

  router.post('/internal/rooms/:roomId/settlement', rawBody, signed, async (req, res) => {
    const answer = await settleReportedGame(
      { database: deps.database, clock, timeScale: deps.config.gameTimeScale },
      roomIdOf(req),
      bodyText(req),
    );
    res.status(answer.status).json(answer.body);
  });

  return router;
}
