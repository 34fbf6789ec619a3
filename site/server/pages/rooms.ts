// The page door's rooms: read a room and the public list, create, join and leave a room, quick match
// (the dashboard's "Play ZMW 10 now"), watch a room from its shared board link and start a
// practice game (a signed-out visitor first gets a guest session, as the practice page's script
// does through `POST /api/auth/guest`), each with the JSON API's guards, rate limits (per account
// and per address, counted before the service runs) and services (api/rooms.ts, api/practice.ts,
// api/auth.ts).
import type { AuthDeps } from '../auth/config';
import { sessionCookie } from '../auth/cookies';
import { NO_STORE } from '../caching';
import { startGuest } from '../auth/service';
import { cookieMaxAgeSeconds } from '../auth/sessions';
import { createPractice, practiceDepsOf } from '../practice/service';
import { ENDPOINT_LIMITS, type EndpointLimit } from '../rate-limit/limits';
import { checkRateLimit } from '../rate-limit/middleware';
import { roomServiceOf, type RoomsDeps } from '../rooms/deps';
import { refuse } from '../api/refusals';
import { isLinkPreviewFetcher } from '../share/preview-fetchers';
import { player, refused, signedIn, type PageCaller } from './caller';
import { timeOf } from '../clock';

export function roomsDoor(deps: { rooms: RoomsDeps; auth: AuthDeps }, caller: PageCaller) {
  const rooms = roomServiceOf(deps.rooms);

  /** A player who may go on to the service, or the refusal: `requirePlayer`, then the limit. */
  async function limitedPlayer(endpoint: EndpointLimit) {
    const who = player(caller);
    if (refused(who)) return who;
    const subjects = { account: who.user.id, address: caller.address };
    return (await checkRateLimit(deps.rooms, endpoint, subjects)) ?? who;
  }

  /**
   * A guest session for a signed-out visitor (`POST /api/auth/guest`: counted per address), with the
   * Set-Cookie value that carries it.
   */
  async function guestVisit() {
    const limited = await checkRateLimit(deps.auth, ENDPOINT_LIMITS.guest, {
      address: caller.address,
    });
    if (limited) return limited;
    const guest = await startGuest(deps.auth, { previousToken: caller.sessionToken });
    const now = timeOf(deps.auth);
    const maxAge = cookieMaxAgeSeconds(guest.issued.session, now);
    const cookie = sessionCookie(deps.auth.config.publicUrl, guest.issued.token, maxAge);
    return { ok: true as const, user: guest.user, cookie };
  }

  return {
    /** `GET /api/rooms/:roomId`. */
    async room(roomId: string) {
      const room = await rooms.get(roomId);
      if (!room) return refuse(404, 'room_not_found');
      return { ok: true as const, room };
    },

    /** `GET /api/rooms`: public rooms still accepting players. */
    publicRooms: () => rooms.listPublic(),

    /** `POST /api/rooms {amount, time, maxPlayers, privacy}`. */
    async create(body: Record<string, unknown>) {
      const who = await limitedPlayer(ENDPOINT_LIMITS.roomCreate);
      if ('ok' in who) return who;
      return rooms.create(who.user, body);
    },

    /** `POST /api/rooms/quick {amount}`: the rooms service's quick match, with its own limit. */
    async quick(body: { amount: unknown }) {
      const who = await limitedPlayer(ENDPOINT_LIMITS.quickMatch);
      if ('ok' in who) return who;
      return rooms.quick(who.user, body);
    },

    /** `POST /api/rooms/:roomId/join` (no client seed: a form has none to give). */
    async join(roomId: string) {
      const who = await limitedPlayer(ENDPOINT_LIMITS.roomJoin);
      if ('ok' in who) return who;
      return rooms.join(who.user, roomId, {});
    },

    /** `POST /api/rooms/:roomId/leave`: `room` null when the room closed. */
    async leave(roomId: string) {
      const who = await limitedPlayer(ENDPOINT_LIMITS.roomLeave);
      if ('ok' in who) return who;
      return rooms.leave(who.user, roomId);
    },

    /**
     * A shared board link opened signed out: a guest session to watch the room with (the same
     * guest visit as `POST /api/auth/guest`, counted per address), for a room that exists; the
     * headers of the answer that carries it (null when the caller already has a session, or is a
     * link-preview fetcher).
     */
    async watchAsGuest(roomId: string) {
      // Already signed in (a guest too): that session watches; nothing is started. A link-preview
      // fetcher reads the page's head and watches nothing.
      if (caller.user || isLinkPreviewFetcher(caller.userAgent)) {
        return { ok: true as const, headers: null };
      }
      if (!(await rooms.get(roomId))) {
        return refuse(404, 'room_not_found');
      }
      const guest = await guestVisit();
      if (!guest.ok) return guest;
      // The answer that carries a new session is never kept by a cache.
      return {
        ok: true as const,
        headers: { 'Set-Cookie': guest.cookie, 'Cache-Control': NO_STORE },
      };
    },

    /**
     * `POST /api/practice {time, bots}`; signed out, a guest session first (`POST /api/auth/guest`,
     * counted per address), whose Set-Cookie value comes back with the room or the refusal (the
     * visitor keeps their guest session either way, as with the API's two calls).
     */
    async practice(body: { time: number; bots: number }) {
      let actor = caller.user;
      let cookie: string | null = null;
      if (!actor) {
        const guest = await guestVisit();
        if (!guest.ok) return { ...guest, cookie };
        cookie = guest.cookie;
        actor = guest.user;
      } else {
        const who = signedIn(caller);
        if (refused(who)) return { ...who, cookie };
      }
      const limited = await checkRateLimit(deps.rooms, ENDPOINT_LIMITS.practice, {
        account: actor.id,
        address: caller.address,
      });
      if (limited) return { ...limited, cookie };
      const outcome = await createPractice(practiceDepsOf(deps.rooms), actor, body);
      return { ...outcome, cookie };
    },
  };
}
