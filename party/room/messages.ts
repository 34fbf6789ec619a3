// What the room server says on the socket (docs/protocol.md) and how a parsed client message becomes a
// machine event. The spec's messages where it has one, each error with its stable code.
import { ROOM_ERROR_MESSAGES, type RoomErrorCode } from '#game/messages.ts';

/** The `error` message of a refusal: its code, and beside it the words the code stands for. */
export function errorMessage(code: RoomErrorCode): string {
  return JSON.stringify({ type: 'error', message: ROOM_ERROR_MESSAGES[code], code });
}

export const invalidMessage = () => errorMessage('invalid_message');
export const tooManyMessages = () => errorMessage('too_many_messages');
export const notAPlayer = () => errorMessage('not_a_player');
export const notLoaded = () => errorMessage('room_not_loaded');

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
