// The client's side of small messages (docs/protocol.md): a whole `state` sets the view and its
// version, a `patch` for the next version is applied to it, and a gap asks for `sync`. Shared by
// the web client, the test bots and the benchmark bots. No zod here: the browser's board trusts the
// room server's typed wire (the server validates what it builds; the tests check every message
// against the schema of game/protocol.ts) and reads a message with `readServerMessage`'s few checks.
import { applyMergePatch, restoreNulls } from './merge-patch';
import type { RoomView, ServerMessage } from './protocol';

/**
 * Where the room view has keys whose value may be null, which a merge patch can only remove
 * (`tests/unit/game/merge-patch.test.ts` checks this list against `roomViewSchema`).
 */
export const VIEW_NULLABLE_PATHS: readonly (readonly string[])[] = [
  ['boardState', '*', 'owner'],
  ['turn', 'currentPlayer'],
  ['turn', 'deadline'],
  ['countdownEndsAt'],
  ['gameStartTime'],
  ['gameEndTime'],
  ['pendingPurchase'],
  ['lastRoll'],
  ['fairness', 'serverSeed'],
  ['result'],
];

/** A view patched from `view` (which is not changed). */
export function applyViewPatch(view: RoomView, patch: unknown): RoomView {
  return restoreNulls(applyMergePatch(view, patch) as RoomView, VIEW_NULLABLE_PATHS);
}

/** The message to send on a version gap. */
export const SYNC_MESSAGE = '{"type":"sync"}';

/**
 * A server message with just enough checked to dispatch on it safely, or null. It does not prove
 * the shape: the room server is the authority on what it sends.
 */
export function readServerMessage(raw: string): ServerMessage | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null) return null;
  const message = json as Record<string, unknown>;
  switch (message.type) {
    case 'state':
      return typeof message.version === 'number' &&
        typeof message.state === 'object' &&
        message.state !== null
        ? (json as ServerMessage)
        : null;
    case 'patch':
      return typeof message.version === 'number' &&
        typeof message.patch === 'object' &&
        message.patch !== null
        ? (json as ServerMessage)
        : null;
    case 'log':
      return typeof message.entry === 'object' && message.entry !== null
        ? (json as ServerMessage)
        : null;
    case 'error':
      return typeof message.message === 'string' ? (json as ServerMessage) : null;
    case 'pong':
      return json as ServerMessage;
    default:
      return null;
  }
}

/** What a `state` or `patch` did to the followed view. */
export type Followed =
  | { kind: 'view'; view: RoomView; version: number }
  /** A patch that does not follow the view held (a gap, or no view yet): send SYNC_MESSAGE. */
  | { kind: 'gap' }
  /** An old or repeated patch: nothing to do. */
  | { kind: 'stale' };

/** Follows the room view through whole states and patches. */
export class ViewFollower {
  view: RoomView | null = null;
  version = 0;
  /** A sync was asked for and its whole state has not arrived yet. */
  syncing = false;

  receive(message: Extract<ServerMessage, { type: 'state' | 'patch' }>): Followed {
    if (message.type === 'state') {
      this.view = message.state;
      this.version = message.version;
      this.syncing = false;
      return { kind: 'view', view: this.view, version: this.version };
    }
    if (this.view !== null && message.version <= this.version) return { kind: 'stale' };
    if (this.view === null || message.version !== this.version + 1) {
      if (this.syncing) return { kind: 'stale' };
      this.syncing = true;
      return { kind: 'gap' };
    }
    this.view = applyViewPatch(this.view, message.patch);
    this.version = message.version;
    return { kind: 'view', view: this.view, version: this.version };
  }

  /** A new socket: its first whole state starts the view again. */
  reset(): void {
    this.syncing = false;
  }
}
