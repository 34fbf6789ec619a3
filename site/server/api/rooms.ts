import { Router, type Response } from 'express';
import { jsonBody, sendError, sendRefusal as refuse, sendUnexpected } from './refusals';
import {
  currentSessionId,
  currentUser,
  requirePlayer,
  requireUser,
  sessionMiddleware,
} from '../auth/middleware';
import { clientAddress } from '../rate-limit/client-address';
import { ENDPOINT_LIMITS } from '../rate-limit/limits';
import { rateLimit } from '../rate-limit/middleware';
import { authDepsOf, roomServiceOf, type RoomsDeps } from '../rooms/deps';
import { roomListMessages, roomMessages as m } from '#site/shared/room-messages.ts';
import { API_REFUSAL_WORDS } from './refusal-words';
import { rematch } from '../rooms/rematch';
import { roomIdOf } from '../rooms/settings';

const failed = (res: Response, context: string, error: unknown, message: string) =>
  sendUnexpected(res, { scope: 'rooms', context }, error, message);

/**
 * `GET /rooms`, `POST /rooms`, `POST /rooms/quick`, `GET /rooms/:roomId`,
 * `POST /rooms/:roomId/join|leave|ticket|rematch`, `POST /lobby/ticket`.
 * Mount under `/api`, behind the Origin check.
 */
export function roomsRouter(deps: RoomsDeps): Router {
  const router = Router();
  const rooms = roomServiceOf(deps);
  const session = sessionMiddleware(authDepsOf(deps));
  const ticketLimit = rateLimit(deps, ENDPOINT_LIMITS.ticket);
  const quickLimit = rateLimit(deps, ENDPOINT_LIMITS.quickMatch);

  // Every change of a room stakes or refunds and pushes the room server and the lobby: rate limits
  // first (per account and per address), then on to the routes below.
  const limited = [
    ['/rooms', ENDPOINT_LIMITS.roomCreate],
    ['/rooms/:roomId/join', ENDPOINT_LIMITS.roomJoin],
    ['/rooms/:roomId/leave', ENDPOINT_LIMITS.roomLeave],
    ['/rooms/:roomId/rematch', ENDPOINT_LIMITS.rematch],
  ] as const;
  for (const [path, limit] of limited) {
    router.post(path, session, requirePlayer, rateLimit(deps, limit));
  }

  router.get('/rooms', async (_req, res) => {
    try {
      res.set('Cache-Control', 'no-store');
      // When the read began, as the lobby's pushes say it: the page keeps the newer of the two.
      const at = Date.now();
      res.json({ rooms: await rooms.listPublic(), at });
    } catch (error) {
      failed(res, 'list failed', error, roomListMessages.fetchFailed);
    }
  });

  router.post('/rooms', session, requirePlayer, jsonBody, async (req, res) => {
    try {
      const outcome = await rooms.create(currentUser(res), req.body);
      if (!outcome.ok) return refuse(res, outcome);
      res.status(201).json({ room: outcome.room });
    } catch (error) {
      failed(res, 'create failed', error, m.createFailed);
    }
  });

  // Before `/rooms/:roomId`'s routes so that `quick` is never read as a room id.
  router.post('/rooms/quick', session, requirePlayer, quickLimit, jsonBody, async (req, res) => {
    try {
      const outcome = await rooms.quick(currentUser(res), req.body);
      if (!outcome.ok) return refuse(res, outcome);
      res.json({ room: outcome.room });
    } catch (error) {
      failed(res, 'quick match failed', error, m.joinFailed);
    }
  });

  router.get('/rooms/:roomId', async (req, res) => {
    try {
      const room = await rooms.get(roomIdOf(req));
      res.set('Cache-Control', 'no-store');
      if (!room) return sendError(res, 404, 'room_not_found');
      res.json({ room });
    } catch (error) {
      failed(res, 'fetch failed', error, m.errorFetchingRoom);
    }
  });

  router.post('/rooms/:roomId/join', session, requirePlayer, jsonBody, async (req, res) => {
    try {
      const outcome = await rooms.join(currentUser(res), roomIdOf(req), req.body);
      if (!outcome.ok) return refuse(res, outcome);
      res.json({ room: outcome.room });
    } catch (error) {
      failed(res, 'join failed', error, m.joinFailed);
    }
  });

  router.post('/rooms/:roomId/leave', session, requirePlayer, async (req, res) => {
    try {
      const outcome = await rooms.leave(currentUser(res), roomIdOf(req));
      if (!outcome.ok) return refuse(res, outcome);
      if (!outcome.room) return void res.status(204).end();
      res.json({ room: outcome.room });
    } catch (error) {
      failed(res, 'leave failed', error, m.exitFailed);
    }
  });

  router.post('/rooms/:roomId/rematch', session, requirePlayer, async (req, res) => {
    try {
      const outcome = await rematch(
        { database: deps.database, rooms },
        currentUser(res),
        roomIdOf(req),
      );
      if (!outcome.ok) return refuse(res, outcome);
      res.json({ room: outcome.room });
    } catch (error) {
      failed(res, 'rematch failed', error, API_REFUSAL_WORDS.rematch_failed);
    }
  });

  router.post('/rooms/:roomId/ticket', session, requireUser, ticketLimit, async (req, res) => {
    try {
      const outcome = await rooms.ticket(
        currentUser(res),
        roomIdOf(req),
        currentSessionId(res),
        clientAddress(req),
      );
      if (!outcome.ok) return refuse(res, outcome);
      res.set('Cache-Control', 'no-store');
      res.json({ ticket: outcome.ticket, url: outcome.url });
    } catch (error) {
      failed(
        res,
        'ticket failed',
        error,
        'Failed to load game data. Please check your connection or room ID.',
      );
    }
  });

  // The live room list's socket: anyone signed in (guests too) may watch it; the lobby counts its
  // sockets by the address in the ticket.
  router.post(
    '/lobby/ticket',
    session,
    requireUser,
    rateLimit(deps, ENDPOINT_LIMITS.lobbyTicket),
    (req, res) => {
      res.set('Cache-Control', 'no-store');
      res.json(rooms.lobbyTicket(clientAddress(req)));
    },
  );

  return router;
}
