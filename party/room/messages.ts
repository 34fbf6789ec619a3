// What the room server says on the socket (docs/protocol.md) and how a parsed client message becomes a
// machine event. The spec's messages where it has one, each error with its stable code.
import { ROOM_ERROR_CODES, type RoomErrorCode } from '#game/messages.ts';

export const ERROR_INVALID = 'Invalid message.';
export const ERROR_TOO_MANY = 'Too many messages. Please slow down.';
export const ERROR_NOT_A_PLAYER = "You're not part of this room.";
export const ERROR_NOT_LOADED =
  'Failed to load game data. Please check your connection or room ID.';

export function errorMessage(message: string, code: RoomErrorCode): string {
  return JSON.stringify({ type: 'error', message, code });
}

export const invalidMessage = () => errorMessage(ERROR_INVALID, ROOM_ERROR_CODES.invalidMessage);
export const tooManyMessages = () => errorMessage(ERROR_TOO_MANY, ROOM_ERROR_CODES.tooManyMessages);
export const notAPlayer = () => errorMessage(ERROR_NOT_A_PLAYER, ROOM_ERROR_CODES.notAPlayer);
export const notLoaded = () => errorMessage(ERROR_NOT_LOADED, ROOM_ERROR_CODES.notLoaded);

/** The answer to a heartbeat `ping`. */
export const pong = () => JSON.stringify({ type: 'pong' });

export function stateMessage(version: number, state: unknown): string {
  return JSON.stringify({ type: 'state', version, state });
}

export function patchMessage(version: number, patch: unknown): string {
  return JSON.stringify({ type: 'patch', version, patch });
}

export function logMessage(entry: unknown): string {
  return JSON.stringify({ type: 'log', entry });
}
