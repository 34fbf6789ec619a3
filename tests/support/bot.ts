// A scripted player (or spectator) on a real room socket, for the party suite, the rooms end-to-end
// games and the benchmarks. Every server message must parse with the wire schema (`game/protocol.ts`):
// one that does not is printed with console.error (which fails the test, see console-errors.ts),
// kept in `invalid`, and fails every wait; so must every view a `patch` makes (game/room-sync.ts
// applies it; a version gap is answered `sync` by the socket underneath, ws-client.ts). The bot follows `state`, rolls on its turn and answers a
// truck offer with a seeded choice, or idles (never rolls) so the turn timer must roll for it.
import { TRUCK_COST } from '#game/board.ts';
import type { LogEntry } from '#game/log.ts';
import { roomViewSchema, serverMessageSchema, type RoomView } from '#game/protocol.ts';
import { ViewFollower } from '#game/room-sync.ts';
import { seededRandom } from './seeded-random';
import { connect, type TestClient } from './ws-client';

/** `play`: rolls on its turn and answers offers; `answer`: answers offers, rolls only when sent;
 * `idle`: never rolls, never answers. */
export type BotMode = 'play' | 'answer' | 'idle';

export interface BotOptions {
  /** A ticket URL (`POST /api/rooms/:roomId/ticket`'s `url`, or one the party suite signs). */
  url: string;
  uid: string;
  /** Answers offers; default `seededRandom(1)`, so a run repeats. */
  random?: () => number;
  /** Probability of buying an offered truck (default 0.5). */
  buyChance?: number;
  /** Default `play`. */
  mode?: BotMode;
}

export interface Bot {
  uid: string;
  /** The socket underneath, with every message as received (for raw sends and waits). */
  client: TestClient;
  /** Every state, parsed, in order. */
  states: RoomView[];
  logs: LogEntry[];
  /** Every `error` the server sent: its code and words. */
  errors: { code?: string; message: string }[];
  /** Messages that did not match the wire schema (must stay empty). */
  invalid: string[];
  /** The intents the bot sent, in order. */
  sent: string[];
  /** Sends an intent now, whatever the mode (e.g. a roll the caller times). */
  send(type: 'roll' | 'buyTruck' | 'declineTruck'): void;
  latest(): RoomView | undefined;
  /** Resolves with the first state (already seen or future) that matches. */
  waitForState(predicate: (state: RoomView) => boolean, timeoutMs?: number): Promise<RoomView>;
  setMode(mode: BotMode): void;
  close(): Promise<void>;
}

export async function startBot(options: BotOptions): Promise<Bot> {
  const random = options.random ?? seededRandom(1);
  const buyChance = options.buyChance ?? 0.5;
  let mode: BotMode = options.mode ?? 'play';
  const states: RoomView[] = [];
  const logs: LogEntry[] = [];
  const errors: { code?: string; message: string }[] = [];
  const invalid: string[] = [];
  const sent: string[] = [];
  const waiters = new Set<() => void>();
  // One action per situation (last roll's nonce + whether it holds an offer), so a broadcast for
  // another reason (presence, spectators) never makes it act twice.
  let actedOn: string | null = null;

  let client: TestClient | null = null;
  const follower = new ViewFollower();

  const send = (type: string): boolean => {
    if (!client?.isOpen()) return false;
    sent.push(type);
    client.send(JSON.stringify({ type }));
    return true;
  };

  const act = (state: RoomView) => {
    if (mode === 'idle' || state.status !== 'active') return;
    const holdsOffer = state.pendingPurchase === options.uid;
    const situation = `${state.lastRoll?.nonce ?? 'none'}:${holdsOffer}`;
    if (situation === actedOn) return;
    // A situation counts as handled only once its intent went out: the first state may come before
    // the socket is ours to send on, and on a held clock (docs/decisions/083) no later one may come.
    if (holdsOffer) {
      // Like a player, it buys only what it can pay for (the offer comes either way).
      const canPay = (state.participants[options.uid]?.balance ?? 0) >= TRUCK_COST;
      const buy = random() < buyChance && canPay;
      if (send(buy ? 'buyTruck' : 'declineTruck')) actedOn = situation;
    } else if (mode === 'play' && state.turn.currentPlayer === options.uid) {
      if (send('roll')) actedOn = situation;
    }
  };

  const wakeAll = () => {
    for (const wake of [...waiters]) wake();
  };

  // The first state may come in the same packet as the handshake: read from the first message.
  const onMessage = (raw: string) => {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      json = undefined;
    }
    const parsed = serverMessageSchema.safeParse(json);
    const followed =
      parsed.success && (parsed.data.type === 'state' || parsed.data.type === 'patch')
        ? follower.receive(parsed.data)
        : null;
    const view = followed?.kind === 'view' ? roomViewSchema.safeParse(followed.view) : null;
    if (!parsed.success) {
      invalid.push(raw);
      console.error(
        `bot ${options.uid}: a server message does not match the wire schema: ${raw.slice(0, 500)}\n` +
          parsed.error.message.slice(0, 1_000),
      );
    } else if (view && !view.success) {
      invalid.push(raw);
      console.error(
        `bot ${options.uid}: a patched view does not match the wire schema: ${raw.slice(0, 500)}\n` +
          view.error.message.slice(0, 1_000),
      );
    } else if (view?.success) {
      states.push(view.data);
      act(view.data);
    } else if (parsed.data.type === 'log') {
      logs.push(parsed.data.entry as LogEntry);
    } else if (parsed.data.type === 'error') {
      errors.push({ code: parsed.data.code, message: parsed.data.message });
    }
    wakeAll();
  };

  const result = await connect(options.url, { onMessage });
  if (!result.ok) {
    throw new Error(`bot ${options.uid} could not connect: ${result.status ?? result.error}`);
  }
  const socket = result.client;
  client = socket;
  socket.socket.on('close', wakeAll);
  const first = states.at(-1);
  if (first) act(first);

  return {
    uid: options.uid,
    client: socket,
    states,
    logs,
    errors,
    invalid,
    sent,
    send,
    latest: () => states.at(-1),
    waitForState(predicate, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = states.find(predicate);
          if (invalid.length > 0) {
            finish();
            reject(new Error(`bot ${options.uid}: a server message broke the wire schema`));
          } else if (found) {
            finish();
            resolve(found);
          } else if (!socket.isOpen()) {
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
    setMode(next) {
      mode = next;
      // From now on, on the state it holds: on a held clock no new state may come to act on.
      const last = states.at(-1);
      if (last) act(last);
    },
    close: () => socket.close(),
  };
}
