// The live list of public rooms: `GET /api/rooms` at once, then the lobby party's pushes
// (`<party origin>/parties/lobby/main`, `{type: 'rooms', rooms}`). Without a party origin, or while
// the lobby socket is down, the list is polled instead so it never goes stale.
import { useCallback, useEffect, useRef, useState } from 'react';
import ReconnectingWebSocket from 'partysocket/ws';
import { FETCH_ROOMS_FAILED, listRooms, type PublicRoom } from './api';

export const POLL_MS = 4_000;

export interface PublicRooms {
  /** null until the first answer. */
  rooms: PublicRoom[] | null;
  /** Set when the list could not be fetched and nothing newer has arrived since. */
  error: string | null;
  live: boolean;
  refresh(): Promise<void>;
}

/** `ws(s)://host/parties/lobby/main` from the party server's public origin (http(s) or ws(s)). */
export function lobbySocketUrl(partyOrigin: string): string {
  const base = partyOrigin.replace(/\/+$/, '').replace(/^http(s?):\/\//, 'ws$1://');
  return `${base}/parties/lobby/main`;
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

/** Only rooms someone can still join, newest first. */
export function joinable(rooms: readonly PublicRoom[]): PublicRoom[] {
  return rooms
    .filter((room) => room.isActive && room.status === 'waiting' && room.privacy === 'Public')
    .filter((room) => room.joinedOrder.length < room.maxPlayers)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export function usePublicRooms(partyOrigin: string | null): PublicRooms {
  const [rooms, setRooms] = useState<PublicRoom[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState(false);
  const liveRef = useRef(false);

  const refresh = useCallback(async () => {
    const answer = await listRooms();
    if (answer.ok) {
      setRooms(answer.data.rooms);
      setError(null);
    } else {
      setError(FETCH_ROOMS_FAILED);
    }
  }, []);

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
    const socket = new ReconnectingWebSocket(lobbySocketUrl(partyOrigin), null, {
      minReconnectionDelay: 1_000,
      maxReconnectionDelay: 10_000,
    });
    const setLiveBoth = (value: boolean) => {
      liveRef.current = value;
      setLive(value);
    };
    socket.addEventListener('open', () => setLiveBoth(true));
    socket.addEventListener('close', () => setLiveBoth(false));
    socket.addEventListener('message', (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      try {
        const message = JSON.parse(event.data) as { type?: unknown; rooms?: unknown };
        if (message.type === 'rooms' && isRoomList(message.rooms)) {
          setRooms(message.rooms);
          setError(null);
        }
      } catch {
        // Not JSON: ignore it; the next push or poll brings the list.
      }
    });
    return () => {
      setLiveBoth(false);
      socket.close();
    };
  }, [partyOrigin]);

  return { rooms, error, live, refresh };
}
