// The room servers' side door (protocol calls 2 and 3). Not behind the Origin check: every call is
// signed with the room → site key over the raw body instead, and an unsigned call changes nothing.
// In this order, so an unsigned caller costs next to nothing: the signature headers and the
// timestamp (401, the body unread), the body up to a fixed size (413), then the signature over it.
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { checkSignatureHeaders, purposeKey, verifyRequest } from '#wire/signing.ts';
import { CALL_BODY_LIMITS, type RoomPull } from '#wire/site-room.ts';
import { sendCallRefusal } from './refusals';
import { logFailure, refusalLog } from '../logging';
import { rawBodyUpTo } from './limited-body';
import { roomServiceOf, type RoomsDeps } from '../rooms/deps';
import { settleReportedGame } from '../rooms/settlement';
import { roomIdOf } from '../rooms/settings';
import { clockOf } from '../clock';

function bodyText(req: Request): string {
  return Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
}

export function internalRouter(deps: RoomsDeps): Router {
  const router = Router();
  const clock = clockOf(deps);
  const rooms = roomServiceOf(deps);
  const roomToSiteKey = purposeKey(deps.config.internalSecret, 'room-to-site');
  // Unsigned calls can come from anyone: refused always, counted, sampled into the error log.
  const refused = refusalLog(deps.database, clock);

  const refuseUnsigned = (req: Request, res: Response, reason: string) => {
    const path = req.originalUrl.split('?')[0] ?? '';
    refused('internal_call_signature', {
      message: 'Refused an unsigned internal call',
      details: { method: req.method, path, reason },
      roomId: roomIdOf(req) || null,
    }).catch((error: unknown) => logFailure('rooms', 'admin log failed', error));
    sendCallRefusal(res, 401, 'unauthorized');
  };

  /** Before the body: the headers are there, well-formed and fresh. */
  const signatureHeaders: RequestHandler = (req, res, next) => {
    const verdict = checkSignatureHeaders(roomToSiteKey, req.headers, clock());
    if (verdict.ok) return next();
    refuseUnsigned(req, res, verdict.reason);
  };

  /** After the body: the signature over its exact bytes. */
  const signed: RequestHandler = (req, res, next) => {
    const verdict = verifyRequest(roomToSiteKey, {
      method: req.method,
      path: req.originalUrl.split('?')[0] ?? '',
      body: bodyText(req),
      headers: req.headers,
      now: clock(),
    });
    if (verdict.ok) return next();
    refuseUnsigned(req, res, verdict.reason);
  };

  const readPull = rawBodyUpTo(CALL_BODY_LIMITS.pull);
  const readSettlement = rawBodyUpTo(CALL_BODY_LIMITS.settlement);

  router.get('/internal/rooms/:roomId', signatureHeaders, readPull, signed, async (req, res) => {
    try {
      const room = await rooms.roomForParty(roomIdOf(req));
      res.set('Cache-Control', 'no-store');
      if (!room) return sendCallRefusal(res, 404, 'room_not_found');
      res.json({ room } satisfies RoomPull);
    } catch (error) {
      logFailure('rooms', 'internal room read failed', error);
      sendCallRefusal(res, 500, 'room_unavailable');
    }
  });

  router.post(
    '/internal/rooms/:roomId/settlement',
    signatureHeaders,
    readSettlement,
    signed,
    async (req, res) => {
      const answer = await settleReportedGame(
        { database: deps.database, clock, timeScale: deps.config.gameTimeScale },
        roomIdOf(req),
        bodyText(req),
      );
      res.status(answer.status).json(answer.body);
    },
  );

  return router;
}
