import { Router, type Request, type Response } from 'express';
import type { Queryable } from '#db/client.ts';
import { ENDPOINT_LIMITS } from '../rate-limit/limits';
import { rateLimit } from '../rate-limit/middleware';
import type { RoomsDeps } from '../rooms/deps';
import { roomMessages as m } from '#site/shared/room-messages.ts';
import { isRoomIdShaped, roomIdOf } from '../rooms/settings';
import { resultCardSvg, roomCardSvg } from '../share/card-svg';
import { loadResultCard, loadRoomCard } from '../share/cards';
import { CardBusyError, cardEtag, createCardRenderer, type CardRenderer } from '../share/render';
import { sendError, sendUnexpected } from './refusals';

/** A room's card changes as seats fill: kept a minute. A finished game's never changes. */
const ROOM_CARD_CACHE = 'public, max-age=60';
const GAME_CARD_CACHE = 'public, max-age=86400, immutable';

/**
 * `GET /rooms/:roomId/card.png` and `GET /games/:roomId/card.png`: the share cards (1200 × 630 PNG),
 * public to whoever holds the id, first names only; ETag and Cache-Control, one render per card.
 */
export function cardsRouter(
  deps: RoomsDeps,
  renderer: CardRenderer = createCardRenderer(),
): Router {
  const router = Router();
  const limit = rateLimit(deps, ENDPOINT_LIMITS.card);

  function serve<T>(
    load: (q: Queryable, roomId: string) => Promise<T | null>,
    draw: (card: T) => string,
    cacheControl: string,
    notFound: 'room_not_found' | 'game_not_found',
  ) {
    return async (req: Request, res: Response) => {
      try {
        const roomId = roomIdOf(req);
        const card = isRoomIdShaped(roomId) ? await load(deps.database.read, roomId) : null;
        if (card === null) return sendError(res, 404, notFound);
        const svg = draw(card);
        const etag = cardEtag(svg);
        res.set({ 'Cache-Control': cacheControl, ETag: etag });
        if (req.headers['if-none-match'] === etag) return void res.status(304).end();
        const rendered = await renderer.render(svg);
        res.type('image/png').send(rendered.png);
      } catch (error) {
        if (error instanceof CardBusyError) {
          res.set({ 'Cache-Control': 'no-store', 'Retry-After': '2' });
          return sendError(res, 503, 'card_busy');
        }
        res.set('Cache-Control', 'no-store');
        sendUnexpected(res, { scope: 'rooms', context: 'card failed' }, error, m.errorFetchingRoom);
      }
    };
  }

  router.get(
    '/rooms/:roomId/card.png',
    limit,
    serve(loadRoomCard, roomCardSvg, ROOM_CARD_CACHE, 'room_not_found'),
  );
  router.get(
    '/games/:roomId/card.png',
    limit,
    serve(loadResultCard, resultCardSvg, GAME_CARD_CACHE, 'game_not_found'),
  );
  return router;
}
