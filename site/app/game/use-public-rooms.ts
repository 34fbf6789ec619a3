// The live list of public rooms: `GET /api/rooms` at once, then the lobby party's pushes
// (`{type: 'rooms', rooms}`) on a socket opened with a lobby ticket from the site (`POST
// /api/lobby/ticket`, asked anew on every (re)connect). Without a party origin, or while the lobby
// socket is down, the list is polled instead so it never goes stale. When the lobby is full (for
// this address, or in all: close code 4429), or the ticket call is refused as too frequent, the
// socket waits a long while before trying again, and the list is polled meanwhile.
import type { PublicRoom } from '#wire/site-room.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import ReconnectingWebSocket from 'partysocket/ws';
import { SOCKET_CLOSE_CODES } from '#game/messages.ts';
import { roomListMessages } from '#site/shared/room-messages.ts';
import { getLobbyTicket, listRooms } from './api';

export const POLL_MS = 4_000;

/** The wait after the lobby refused the socket for its caps: doubled each time, up to the last. */
export const LOBBY_BACKOFF_MS = { first: 30_000, max: 300_000 } as const;

/**
 * How long to wait after the `refusals`-th refusal in a row (1, 2, …): 30 s, 60 s, … up to 5
 * minutes, spread over its upper half so that the sockets refused together do not all come back
 * together.
 */
export function lobbyBackoffMs(refusals: number, random: () => number = Math.random): number {
  const ceiling = Math.min(
    LOBBY_BACKOFF_MS.max,
    LOBBY_BACKOFF_MS.first * 2 ** Math.max(0, refusals - 1),
  );
  return Math.round(ceiling * (0.5 + random() / 2));
}

export interface PublicRooms {
  /** null until the first answer. */
  rooms: PublicRoom[] | null;
  /** Set when the list could not be fetched and nothing newer has arrived since. */
  error: string | null;
  live: boolean;
  refresh(): Promise<void>;
}

function isRoomList(value: unknown): value is PublicRoom[] {
  return (
    Array.isArray(value) &&
    value.every(
      (room) =>
        typeof room === 'object' &&
        room !== null &&
        typeof (room as PublicRoom).roomId === 'string' &&
        typeof (room as PublicRoom).amount === 'number',
    )
  );
}

/**
 * Whether a list read at `incoming` may replace the one shown, read at `shown` (the site's clock,
 * ms; null: none shown yet). A list that does not say (a lobby from before the field) is taken.
 */
export function isNewerList(shown: number | null, incoming: number | undefined): boolean {
  return incoming === undefined || shown === null || incoming >= shown;
}

/** Only rooms someone can still join, newest first. */
export function joinable(rooms: readonly PublicRoom[]): PublicRoom[] {
  return rooms
    .filter((room) => room.isActive && room.status === 'waiting' && room.privacy === 'Public')
    .filter((room) => room.joinedOrder.length < room.maxPlayers)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** `partyOrigin`: where the room servers are (null: no live list, polling only). */
export function usePublicRooms(partyOrigin: string | null): PublicRooms {
  const [rooms, setRooms] = useState<PublicRoom[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState(false);
  const liveRef = useRef(false);
  /** When the list shown was read (the site's clock); an older one never replaces it. */
  const shownAt = useRef<number | null>(null);
  const show = useCallback((list: PublicRoom[], at: number | undefined) => {
    if (!isNewerList(shownAt.current, at)) return;
    if (at !== undefined) shownAt.current = at;
    setRooms(list);
    setError(null);
  }, []);

  const refresh = useCallback(async () => {
    const answer = await listRooms();
    if (answer.ok) {
      show(answer.data.rooms, answer.data.at);
    } else {
      setError(roomListMessages.fetchFailed);
    }
  }, [show]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the state changes when the answer arrives, not synchronously
    void refresh();
    const timer = window.setInterval(() => {
      if (!liveRef.current && document.visibilityState === 'visible') void refresh();
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [refresh]);

  useEffect(() => {
    if (!partyOrigin) return;
    let refusals = 0;
    let retry: number | undefined;
    const setLiveBoth = (value: boolean) => {
      liveRef.current = value;
      setLive(value);
    };
    // Stops the socket and tries again after the back-off; the list is polled meanwhile.
    const backOff = () => {
      refusals += 1;
      socket.close();
      window.clearTimeout(retry);
      retry = window.setTimeout(() => socket.reconnect(), lobbyBackoffMs(refusals));
    };
    const socket = new ReconnectingWebSocket(
      async () => {
        const answer = await getLobbyTicket();
        if (answer.ok) return answer.data.url;
        if (answer.status === 429) backOff();
        throw new Error(answer.error);
      },
      null,
      {
        minReconnectionDelay: 1_000,
        maxReconnectionDelay: 10_000,
        shouldReconnectOnClose: (event) => event.code !== SOCKET_CLOSE_CODES.tooMany,
      },
    );
    socket.addEventListener('close', (event) => {
      setLiveBoth(false);
      if (event.code === SOCKET_CLOSE_CODES.tooMany) backOff();
    });
    socket.addEventListener('message', (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      try {
        const message = JSON.parse(event.data) as { type?: unknown; rooms?: unknown; at?: unknown };
        if (message.type === 'rooms' && isRoomList(message.rooms)) {
          // Live from the lobby's first list: a socket over the cap is closed before it gets one.
          refusals = 0;
          setLiveBoth(true);
          show(message.rooms, typeof message.at === 'number' ? message.at : undefined);
        }
      } catch {
        // Not JSON: ignore it; the next push or poll brings the list.
      }
    });
    return () => {
      window.clearTimeout(retry);
      setLiveBoth(false);
      socket.close();
    };
  }, [partyOrigin, show]);

  return { rooms, error, live, refresh };
}
