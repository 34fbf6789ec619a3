// The game screens' calls to the public JSON API (docs/api.md), typed, through the one API client
// (components/account/api.ts). A refusal keeps the server's message, its `code` and its `roomId`.
import type { HistoryEntry } from '#site/server/rooms/games.ts';
import type { ApiRefusalCode } from '#site/server/api/refusal-codes.ts';
import type { FinishedGame } from '#site/server/rooms/settlement-record.ts';
import type { PublicRoom } from '#wire/site-room.ts';
import { roomListMessages, roomMessages } from '#site/shared/room-messages.ts';
import { apiFetch } from '../components/account/api';

export const UNEXPECTED = 'An unexpected error occurred. Please try again.';
export const LOAD_GAME_FAILED =
  'Failed to load game data. Please check your connection or room ID.';

/** A refusal also carries the server's stable code and, when already seated elsewhere, that room. */
export type RoomAnswer<T> =
  | { ok: true; status: number; data: T }
  | {
      ok: false;
      status: number;
      error: string;
      code: ApiRefusalCode | null;
      roomId: string | null;
    };

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

/** A room call through the one API client, with the refusal's `roomId` picked out. */
async function roomFetch<T>(
  path: string,
  options: {
    method?: 'GET' | 'POST';
    body?: unknown;
    fallbackError: string;
    answer?: Promise<Response> | undefined;
  },
): Promise<RoomAnswer<T>> {
  const answer = await apiFetch<T>(path, options);
  if (answer.ok) return answer;
  const { roomId } = answer.details;
  return {
    ok: false,
    status: answer.status,
    error: answer.error,
    code: answer.code as ApiRefusalCode | null,
    roomId: typeof roomId === 'string' ? roomId : null,
  };
}

const roomPath = (roomId: string) => `/api/rooms/${encodeURIComponent(roomId)}`;

export function createRoom(settings: RoomSettingsInput) {
  return roomFetch<{ room: PublicRoom }>('/api/rooms', {
    method: 'POST',
    body: { ...settings, clientSeed: newClientSeed() },
    fallbackError: roomMessages.createFailed,
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
  return roomFetch<{ rooms: PublicRoom[]; at?: number }>('/api/rooms', {
    fallbackError: roomListMessages.fetchFailed,
  });
}

export function getRoom(roomId: string) {
  return roomFetch<{ room: PublicRoom }>(roomPath(roomId), {
    fallbackError: roomMessages.errorFetchingRoom,
  });
}

export function joinRoom(roomId: string, fallbackError: string = roomMessages.joinFailed) {
  return roomFetch<{ room: PublicRoom }>(`${roomPath(roomId)}/join`, {
    method: 'POST',
    body: { clientSeed: newClientSeed() },
    fallbackError,
  });
}

/** The same players' next game: creates it (first tap) or joins it (docs/api.md). */
export function rematchRoom(roomId: string) {
  return roomFetch<{ room: PublicRoom }>(`${roomPath(roomId)}/rematch`, {
    method: 'POST',
    fallbackError: 'The rematch could not be set up: please try again.',
  });
}

/** `room` is undefined when the last player left and the room closed (204). */
export function leaveRoom(roomId: string) {
  return roomFetch<{ room: PublicRoom } | undefined>(`${roomPath(roomId)}/leave`, {
    method: 'POST',
    fallbackError: roomMessages.exitFailed,
  });
}

export const ticketPath = (roomId: string) => `${roomPath(roomId)}/ticket`;

/** A socket ticket; `answer` is the same call already made (the page's early ticket call). */
export function getTicket(roomId: string, answer?: Promise<Response>) {
  return roomFetch<{ ticket: string; url: string }>(ticketPath(roomId), {
    method: 'POST',
    fallbackError: LOAD_GAME_FAILED,
    answer,
  });
}

/** A ticket for the live room list's socket (the lobby). */
export function getLobbyTicket() {
  return roomFetch<{ ticket: string; url: string }>('/api/lobby/ticket', {
    method: 'POST',
    fallbackError: roomListMessages.fetchFailed,
  });
}

export function listGames() {
  return roomFetch<{ games: HistoryEntry[] }>('/api/games', {
    fallbackError: roomMessages.historyFailed,
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
