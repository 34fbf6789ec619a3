// What the room server says on the socket (docs/protocol.md) and how a parsed client message becomes a
// machine event. The spec's messages where it has one, each error with its stable code. Every message
// is checked against `ServerMessage` (game/protocol.ts), the type the clients parse it as.
import { ROOM_ERROR_MESSAGES, type RoomErrorCode } from '#game/messages.ts';
import type { LogEntry } from '#game/log.ts';
import type { RoomView, ServerMessage } from '#game/protocol.ts';

function socketMessage(message: ServerMessage): string {
  return JSON.stringify(message);
}

/** The `error` message of a refusal: its code, and beside it the words the code stands for. */
export function errorMessage(code: RoomErrorCode): string {
  return socketMessage({ type: 'error', message: ROOM_ERROR_MESSAGES[code], code });
}

export const invalidMessage = () => errorMessage('invalid_message');
export const tooManyMessages = () => errorMessage('too_many_messages');
export const notAPlayer = () => errorMessage('not_a_player');
export const notLoaded = () => errorMessage('room_not_loaded');

/** The answer to a heartbeat `ping`. */
export const pong = () => socketMessage({ type: 'pong' });

export function stateMessage(version: number, state: RoomView): string {
  return socketMessage({ type: 'state', version, state });
}

export function patchMessage(version: number, patch: Record<string, unknown>): string {
  return socketMessage({ type: 'patch', version, patch });
}

export function logMessage(entry: LogEntry): string {
  return socketMessage({ type: 'log', entry });
}
