// The game screens' calls to the public JSON API (docs/api.md), typed. Every call answers
// `{ok, data}` or `{ok: false, error, status}` with the server's message word for word.
import type { HistoryEntry } from '../../server/rooms/games';
import type { RefusalCode } from '../../server/rooms/messages';
import type { FinishedGame } from '../../server/rooms/settlement-record';
import type { PublicRoom } from '../../server/rooms/types';
import { apiFetch } from '../components/account/api';

export type { FinishedGame, HistoryEntry, PublicRoom };

export const UNEXPECTED = 'An unexpected error occurred. Please try again.';
export const FETCH_ROOMS_FAILED = '⚠️ Could not fetch available rooms. Please try again later.';
export const LOAD_GAME_FAILED =
  'Failed to load game data. Please check your connection or room ID.';

/** A refusal also carries the server's stable code and, when already seated elsewhere, that room. */
export type RoomAnswer<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; error: string; code: RefusalCode | null; roomId: string | null };

export interface RoomSettingsInput {
  amount: number;
  time: number;
  maxPlayers: number;
  privacy: 'Public' | 'Private';
}

/** 16 random bytes as hex: this player's share of the dice seed (docs/rules.md, "Dice"). */
export function newClientSeed(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A same-origin JSON call that keeps the whole refusal: the screens act on its `code` (e.g.
 * `room_full`) and `roomId` (the room the person already sits in), which apiFetch drops.
 */
async function roomFetch<T>(
  path: string,
  options: { method?: 'GET' | 'POST'; body?: unknown; fallbackError: string },
): Promise<RoomAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    return { ok: false, status: 0, error: options.fallbackError, code: null, roomId: null };
  }
  if (response.status === 204) return { ok: true, status: 204, data: undefined as T };
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok && payload !== null)
    return { ok: true, status: response.status, data: payload as T };
  const body = (typeof payload === 'object' && payload !== null ? payload : {}) as {
    error?: unknown;
    code?: unknown;
    roomId?: unknown;
  };
  return {
    ok: false,
    status: response.status,
    error: typeof body.error === 'string' && body.error ? body.error : options.fallbackError,
    code: typeof body.code === 'string' ? (body.code as RefusalCode) : null,
    roomId: typeof body.roomId === 'string' ? body.roomId : null,
  };
}

const roomPath = (roomId: string) => `/api/rooms/${encodeURIComponent(roomId)}`;

export function createRoom(settings: RoomSettingsInput) {
  return roomFetch<{ room: PublicRoom }>('/api/rooms', {
    method: 'POST',
    body: { ...settings, clientSeed: newClientSeed() },
    fallbackError: 'An error occurred while creating the game: please try again.',
  });
}

/** A practice game against bots (docs/api.md, `POST /api/practice`): no stake, guests welcome. */
export function createPracticeGame(settings: { time: number; bots: number }) {
  return roomFetch<{ room: PublicRoom }>('/api/practice', {
    method: 'POST',
    body: { ...settings, clientSeed: newClientSeed() },
    fallbackError: 'Could not start the practice game: please try again.',
  });
}

export function listRooms() {
  return roomFetch<{ rooms: PublicRoom[] }>('/api/rooms', {
    fallbackError: FETCH_ROOMS_FAILED,
  });
}

export function getRoom(roomId: string) {
  return roomFetch<{ room: PublicRoom }>(roomPath(roomId), {
    fallbackError: 'Error fetching room',
  });
}

export function joinRoom(roomId: string, fallbackError = 'Join failed') {
  return roomFetch<{ room: PublicRoom }>(`${roomPath(roomId)}/join`, {
    method: 'POST',
    body: { clientSeed: newClientSeed() },
    fallbackError,
  });
}

/** `room` is undefined when the last player left and the room closed (204). */
export function leaveRoom(roomId: string) {
  return roomFetch<{ room: PublicRoom } | undefined>(`${roomPath(roomId)}/leave`, {
    method: 'POST',
    fallbackError: 'Exit failed',
  });
}

export function getTicket(roomId: string) {
  return roomFetch<{ ticket: string; url: string }>(`${roomPath(roomId)}/ticket`, {
    method: 'POST',
    fallbackError: LOAD_GAME_FAILED,
  });
}

export function listGames() {
  return roomFetch<{ games: HistoryEntry[] }>('/api/games', {
    fallbackError: 'Failed to load game history.',
  });
}

export function getGame(roomId: string) {
  return roomFetch<{ game: FinishedGame }>(`/api/games/${encodeURIComponent(roomId)}`, {
    fallbackError: LOAD_GAME_FAILED,
  });
}

/** A watch-only guest session (docs/api.md, `POST /api/auth/guest`). */
export function startGuestSession() {
  return apiFetch<{ user: unknown }>('/api/auth/guest', {
    method: 'POST',
    fallbackError: 'Something went wrong. Please try again.',
  });
}
