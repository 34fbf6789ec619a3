// A bot player for end-to-end games: opens the ticket URL the site handed out, checks every server
// message against the shared wire schema, follows `state`, rolls when it is its turn and buys or
// declines truck offers at random.
import WebSocket from 'ws';
import type { LogEntry } from '../../game/log';
import { serverMessageSchema, type RoomView } from '../../game/protocol';

export interface BotOptions {
  /** The `url` from `POST /api/rooms/:roomId/ticket`. */
  url: string;
  uid: string;
  /** Decides rolls' timing and offers; a seeded generator makes a run repeatable. */
  random: () => number;
  /** Probability of buying an offered truck (default 0.5). */
  buyChance?: number;
  /** Never rolls: the turn timer must roll for it. */
  idle?: boolean;
}

export interface Bot {
  uid: string;
  states: RoomView[];
  logs: LogEntry[];
  errors: string[];
  /** Messages that did not match the wire schema (must stay empty). */
  invalid: string[];
  sent: string[];
  latest(): RoomView | undefined;
  /** Resolves with the first state (already seen or future) that matches. */
  waitForState(predicate: (state: RoomView) => boolean, timeoutMs?: number): Promise<RoomView>;
  close(): Promise<void>;
}

export function connectBot(options: BotOptions): Promise<Bot> {
  const socket = new WebSocket(options.url);
  const buyChance = options.buyChance ?? 0.5;
  const states: RoomView[] = [];
  const logs: LogEntry[] = [];
  const errors: string[] = [];
  const invalid: string[] = [];
  const sent: string[] = [];
  const waiters = new Set<() => void>();
  // One action per situation (last roll's nonce + whether it holds an offer), so a broadcast for
  // another reason (presence, spectators) never makes it act twice.
  let actedOn: string | null = null;

  const send = (type: string) => {
    if (socket.readyState !== WebSocket.OPEN) return;
    sent.push(type);
    socket.send(JSON.stringify({ type }));
  };

  function act(state: RoomView) {
    if (options.idle || state.status !== 'active') return;
    const holdsOffer = state.pendingPurchase === options.uid;
    const situation = `${state.lastRoll?.nonce ?? 'none'}:${holdsOffer}`;
    if (situation === actedOn) return;
    if (holdsOffer) {
      actedOn = situation;
      send(options.random() < buyChance ? 'buyTruck' : 'declineTruck');
    } else if (state.turn.currentPlayer === options.uid) {
      actedOn = situation;
      send('roll');
    }
  }

  socket.on('message', (data) => {
    const raw = String(data);
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      invalid.push(raw);
      return;
    }
    const parsed = serverMessageSchema.safeParse(json);
    if (!parsed.success) {
      invalid.push(raw);
      return;
    }
    const message = parsed.data;
    if (message.type === 'state') {
      states.push(message.state);
      act(message.state);
    } else if (message.type === 'log') {
      logs.push(message.entry as LogEntry);
    } else {
      errors.push(message.message);
    }
    for (const wake of [...waiters]) wake();
  });
  socket.on('close', () => {
    for (const wake of [...waiters]) wake();
  });

  const bot: Bot = {
    uid: options.uid,
    states,
    logs,
    errors,
    invalid,
    sent,
    latest: () => states.at(-1),
    waitForState(predicate, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = states.find(predicate);
          if (found) {
            finish();
            resolve(found);
          } else if (socket.readyState === WebSocket.CLOSED) {
            finish();
            reject(new Error(`bot ${options.uid}: socket closed while waiting`));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`bot ${options.uid}: no matching state after ${timeoutMs} ms`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close() {
      return new Promise((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
        setTimeout(() => {
          socket.terminate();
          resolve();
        }, 1_000).unref();
      });
    },
  };

  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(bot));
    socket.once('unexpected-response', (_request, response) => {
      reject(new Error(`bot ${options.uid}: refused with ${response.statusCode}`));
      socket.terminate();
    });
    socket.once('error', (error) => reject(error));
  });
}
