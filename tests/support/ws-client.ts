// A test WebSocket client for the room and lobby parties: records every message (raw JSON, not
// checked against the wire schema, so tests can send and watch anything) and waits for the one a
// test expects. `bot.ts` builds the schema-checked player on it.
//
// Small messages (docs/protocol.md): a room `patch` is recorded as received, then followed by the
// whole `state` it makes (marked `fromPatch: true`), so a test waits for states as it always did; a
// version gap sends `sync` (with `autoSync: false`, the test does it itself).
import WebSocket from 'ws';
import { SYNC_MESSAGE, ViewFollower } from '#game/room-sync.ts';
import type { ServerMessage as WireMessage } from '#game/protocol.ts';

export interface ServerMessage {
  type: string;
  [key: string]: unknown;
}

export interface TestClient {
  messages: ServerMessage[];
  /** Resolves with the first message (already received or future) that matches. */
  waitFor(
    predicate: (message: ServerMessage) => boolean,
    timeoutMs?: number,
    from?: number,
  ): Promise<ServerMessage>;
  send(data: string | Buffer): void;
  close(): Promise<void>;
  isOpen(): boolean;
  /** Resolves with the close code and reason once the socket has closed. */
  closed: Promise<{ code: number; reason: string }>;
  socket: WebSocket;
}

/** A `state` message's room view, loosely typed: raw tests read it without the wire schema. */
export interface WireState {
  status: string;
  joinedOrder: string[];
  participants: Record<string, Record<string, unknown> & { connected: boolean; trucks: number }>;
  boardState: Record<string, unknown>;
  turn: { currentPlayer: string | null; round: number; deadline: number | null } | null;
  countdownEndsAt: number | null;
  gameStartTime: number | null;
  gameEndTime: number | null;
  pendingPurchase: string | null;
  lastRoll: { nonce: number } | null;
  spectators: number;
  result?: {
    winners: string[];
    totalPot: number;
    winnerShare: number;
    systemShare: number;
    statements: Record<string, Record<string, number>>;
  };
  rematch?: { roomId: string; hostId: string; hostName: string };
  [key: string]: unknown;
}

/** The room view a `state` message carries. */
export const stateOf = (message: ServerMessage) => message.state as WireState;

export type ConnectResult =
  { ok: true; client: TestClient } | { ok: false; status: number | null; error?: string };

export function connect(
  url: string,
  options: {
    timeoutMs?: number;
    headers?: Record<string, string>;
    /** Sees each message's raw text, from the very first (which may come with the handshake). */
    onMessage?: (raw: string) => void;
    /** Send `sync` on a version gap (default true). */
    autoSync?: boolean;
  } = {},
): Promise<ConnectResult> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers: options.headers ?? {} });
    const messages: ServerMessage[] = [];
    const waiters = new Set<() => void>();
    const closed = new Promise<{ code: number; reason: string }>((resolveClose) => {
      socket.once('close', (code, reason) => resolveClose({ code, reason: reason.toString() }));
    });
    const timer = setTimeout(() => {
      socket.terminate();
      resolve({ ok: false, status: null, error: 'timeout' });
    }, timeoutMs);

    const follower = new ViewFollower();
    socket.on('message', (data) => {
      options.onMessage?.(String(data));
      let message: ServerMessage;
      try {
        message = JSON.parse(String(data)) as ServerMessage;
      } catch {
        message = { type: 'unparsable', raw: String(data) };
      }
      messages.push(message);
      if (message.type === 'state' || message.type === 'patch') {
        const followed = follower.receive(
          message as unknown as Extract<WireMessage, { type: 'state' | 'patch' }>,
        );
        if (followed.kind === 'view' && message.type === 'patch') {
          messages.push({
            type: 'state',
            version: followed.version,
            state: followed.view,
            fromPatch: true,
          });
        } else if (followed.kind === 'gap' && options.autoSync !== false) {
          socket.send(SYNC_MESSAGE);
        }
      }
      for (const wake of [...waiters]) wake();
    });
    socket.on('close', () => {
      for (const wake of [...waiters]) wake();
    });
    socket.once('unexpected-response', (_request, response) => {
      clearTimeout(timer);
      resolve({ ok: false, status: response.statusCode ?? null });
      socket.terminate();
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      resolve({ ok: false, status: null, error: error.message });
    });
    socket.once('open', () => {
      clearTimeout(timer);
      const client: TestClient = {
        messages,
        socket,
        closed,
        isOpen: () => socket.readyState === WebSocket.OPEN,
        send: (payload) => socket.send(payload),
        close: () =>
          new Promise<void>((done) => {
            if (socket.readyState === WebSocket.CLOSED) return done();
            // The dev server does not always answer the closing handshake: cut it short.
            const cut = setTimeout(() => socket.terminate(), 500);
            socket.once('close', () => {
              clearTimeout(cut);
              done();
            });
            socket.close();
          }),
        waitFor: (predicate, wait = 10_000, from = 0) =>
          new Promise<ServerMessage>((found, fail) => {
            const check = (): boolean => {
              const hit = messages.slice(from).find(predicate);
              if (hit) {
                cleanup();
                found(hit);
                return true;
              }
              if (socket.readyState === WebSocket.CLOSED) {
                cleanup();
                fail(new Error('socket closed while waiting'));
                return true;
              }
              return false;
            };
            const deadline = setTimeout(() => {
              cleanup();
              fail(new Error(`no matching message within ${wait} ms`));
            }, wait);
            const cleanup = () => {
              clearTimeout(deadline);
              waiters.delete(wake);
            };
            const wake = () => void check();
            waiters.add(wake);
            check();
          }),
      };
      resolve({ ok: true, client });
    });
  });
}

export async function mustConnect(url: string): Promise<TestClient> {
  const result = await connect(url);
  if (!result.ok) throw new Error(`could not connect to ${url}: ${result.status ?? result.error}`);
  return result.client;
}

/**
 * Opens sockets one after another (each closed once `welcomed` arrives on it) until the server
 * closes one before welcoming it: how many it welcomed, in how many seconds, and the close it gave.
 */
export async function reopenUntilRefused(
  nextUrl: () => string | Promise<string>,
  welcomed: (message: ServerMessage) => boolean,
  timeoutMs = 5_000,
): Promise<{ admitted: number; seconds: number; refusal: { code: number; reason: string } }> {
  const started = Date.now();
  for (let admitted = 0; ; admitted += 1) {
    const socket = await mustConnect(await nextUrl());
    const first = await Promise.race([
      socket.waitFor(welcomed, timeoutMs).then(() => null),
      socket.closed,
    ]);
    if (first) return { admitted, seconds: (Date.now() - started) / 1000, refusal: first };
    await socket.close();
  }
}
