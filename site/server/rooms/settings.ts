// The create and join inputs, checked against game/'s one list of room options.
import { zmwToNgwee } from '#game/ngwee.ts';
import { MAX_PLAYERS, MIN_PLAYERS } from '#game/board.ts';
import {
  PRIVACY_OPTIONS,
  STAKE_OPTIONS_ZMW,
  TIME_OPTIONS_MINUTES,
  type Privacy,
} from '#game/room-options.ts';
import { refuse, type Refusal } from '../api/refusals';
import { refusalWords } from '../api/refusal-words';

/** Rooms that never fill close after this long (× GAME_TIME_SCALE). */
export const ROOM_EXPIRY_MS = 30 * 60_000;

export interface RoomSettings {
  stakeNgwee: number;
  timeMinutes: number;
  maxPlayers: number;
  privacy: Privacy;
}

const CLIENT_SEED = /^[A-Za-z0-9_-]{1,64}$/;

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** A JSON number, or a string of digits as an HTML form would send it. */
function asInteger(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value === 'string' && /^\d{1,4}$/.test(value.trim())) return Number(value.trim());
  return null;
}

function asPrivacy(value: unknown): Privacy | null {
  if (typeof value !== 'string') return null;
  const lower = value.trim().toLowerCase();
  return PRIVACY_OPTIONS.find((option) => option.toLowerCase() === lower) ?? null;
}

export function parseRoomSettings(body: unknown): { ok: true; settings: RoomSettings } | Refusal {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const { amount, time, maxPlayers, privacy } = input;
  if ([amount, time, maxPlayers, privacy].some(isMissing)) {
    return refuse(400, 'missing_settings', refusalWords('missing_settings', 'all'));
  }
  const stakeZmw = asInteger(amount);
  if (stakeZmw === null || !(STAKE_OPTIONS_ZMW as readonly number[]).includes(stakeZmw)) {
    return refuse(400, 'invalid_settings', refusalWords('invalid_settings', 'stake'));
  }
  const minutes = asInteger(time);
  if (minutes === null || !(TIME_OPTIONS_MINUTES as readonly number[]).includes(minutes)) {
    return refuse(400, 'invalid_settings', refusalWords('invalid_settings', 'time'));
  }
  const players = asInteger(maxPlayers);
  if (players === null || players < MIN_PLAYERS || players > MAX_PLAYERS) {
    return refuse(400, 'invalid_settings', refusalWords('invalid_settings', 'players'));
  }
  const chosenPrivacy = asPrivacy(privacy);
  if (chosenPrivacy === null)
    return refuse(400, 'invalid_settings', refusalWords('invalid_settings', 'privacy'));
  return {
    ok: true,
    settings: {
      stakeNgwee: zmwToNgwee(stakeZmw),
      timeMinutes: minutes,
      maxPlayers: players,
      privacy: chosenPrivacy,
    },
  };
}

/** Quick match's one input: the stake, one of the room options (`{amount}` in ZMW, like create). */
export function parseQuickMatch(body: unknown): { ok: true; stakeNgwee: number } | Refusal {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (isMissing(input.amount))
    return refuse(400, 'missing_settings', refusalWords('missing_settings', 'stake'));
  const stakeZmw = asInteger(input.amount);
  if (stakeZmw === null || !(STAKE_OPTIONS_ZMW as readonly number[]).includes(stakeZmw)) {
    return refuse(400, 'invalid_settings', refusalWords('invalid_settings', 'stake'));
  }
  return { ok: true, stakeNgwee: zmwToNgwee(stakeZmw) };
}

/** The optional seed a player adds to the dice when joining (the web client sends a random one). */
export function parseClientSeed(body: unknown): { ok: true; clientSeed: string | null } | Refusal {
  const value =
    typeof body === 'object' && body !== null
      ? (body as Record<string, unknown>).clientSeed
      : undefined;
  if (isMissing(value)) return { ok: true, clientSeed: null };
  if (typeof value !== 'string' || !CLIENT_SEED.test(value)) {
    return refuse(400, 'invalid_client_seed');
  }
  return { ok: true, clientSeed: value };
}

const ROOM_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isRoomIdShaped(roomId: string): boolean {
  return ROOM_ID.test(roomId);
}

/** The `:roomId` route parameter as a string ('' when absent). */
export function roomIdOf(req: { params: Record<string, unknown> }): string {
  const value = req.params.roomId;
  return typeof value === 'string' ? value : '';
}
