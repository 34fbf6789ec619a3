// The bot rooms of the `room` benchmark (the shared part; game-room.ts and echo-room.ts are the two
// kinds): four WebSocket clients per room, driven in a closed loop
// (one roll in flight per room, at most one roll per room every `rollIntervalMs`, to stay under the
// room server's per-connection rate limit). A roll is measured from the moment its sender sends it
// until the last of the room's four connections has received the message that reflects it.
//
// - GameRoom plays the real room server: the player whose turn it is sends `{"type":"roll"}`, an
//   offered truck is declined first; "reflects it" = a `state` whose lastRoll.nonce advanced.
// - EchoRoom plays an echo server (the echo party, or the bare `ws` server): the players take turns
//   sending a `{"type":"state",…}` message padded to the real state message's size; "reflects it" =
//   that message came back on all four connections.
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

/** What one load level collects, shared by all its rooms. */
export class LevelRun {
  rolling = true;
  readonly latencies: number[] = [];
  completedInWindow = 0;
  sent = 0;
  refused = 0;
  lost = 0;
  /** Rolls whose nonce was taken by the turn timer's auto-roll (not measured). */
  autoRolls = 0;
  /** How long those rolls had been waiting when the timer's roll came back, ms. */
  readonly autoWaits: number[] = [];
  readonly errors = new Map<string, number>();
  /** Bytes of the `state` message that carried a roll (one client). */
  readonly stateBytes: number[] = [];
  /** Bytes of the `log` messages one client received for one roll. */
  readonly logBytes: number[] = [];
  readonly logCounts: number[] = [];
  readonly echoBytes: number[] = [];

  constructor(
    readonly windowStart: number,
    readonly windowEnd: number,
    readonly rollIntervalMs: number,
  ) {}

  inWindow(at: number): boolean {
    return at >= this.windowStart && at <= this.windowEnd;
  }

  error(message: string): void {
    this.errors.set(message, (this.errors.get(message) ?? 0) + 1);
  }
}

export interface Pending {
  /** GameRoom: the lastRoll nonce before the roll; EchoRoom: the message's own number. */
  nonce: number;
  sentAt: number;
  /** Bit i set once connection i has it. */
  got: number;
  by: number;
}

export const ALL = 0b1111;
/** How long a room waits after the turn timer took its roll. */
const RESYNC_MS = 2_000;
export const PLAYERS = 4;

/** Opens one socket, with its message handler attached before the first message can arrive. */
export function openSocket(
  url: string,
  onMessage: (data: Buffer) => void,
  timeoutMs: number,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: timeoutMs });
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error('connect timeout'));
    }, timeoutMs);
    socket.on('message', (data) => onMessage(data as Buffer));
    socket.once('open', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('unexpected-response', (_request, response) => {
      clearTimeout(timer);
      socket.terminate();
      reject(new Error(`refused with ${response.statusCode}`));
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

export abstract class BotRoom {
  readonly sockets: (WebSocket | null)[] = Array.from({ length: PLAYERS }, () => null);
  level: LevelRun | null = null;
  protected pending: Pending | null = null;
  protected timer: NodeJS.Timeout | null = null;
  protected lastSendAt = -Infinity;
  /** Messages received per connection that failed to parse (must stay 0). */
  unparsable = 0;
  closedUnexpectedly = 0;

  constructor(readonly roomId: string) {}

  abstract urlFor(index: number): string;
  protected abstract onData(index: number, data: Buffer): void;
  /**
   * Starts (or resumes) the loop; called once per level and after every completion. `view` is the
   * connection whose latest state is the freshest (the real room's bots act on it).
   */
  abstract decide(view?: number): void;

  async connect(index: number, timeoutMs: number): Promise<void> {
    const socket = await openSocket(
      this.urlFor(index),
      (data) => this.onData(index, data),
      timeoutMs,
    );
    socket.on('close', () => {
      if (this.sockets[index] === socket) this.closedUnexpectedly += 1;
    });
    socket.on('error', () => undefined);
    this.sockets[index] = socket;
  }

  /** Whether nothing is in flight (a roll or a decline). */
  idle(): boolean {
    return this.pending === null;
  }

  /** Gives up on a roll in flight for longer than `ms` (counted as lost). */
  expire(now: number, ms: number): void {
    if (this.pending && now - this.pending.sentAt > ms) {
      this.level?.error('no answer (lost)');
      if (this.level) this.level.lost += 1;
      this.pending = null;
      this.decide();
    }
  }

  /** Ends the level for this room: stops the timer; whatever is still in flight is lost. */
  finish(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending && this.level) this.level.lost += 1;
    this.pending = null;
    this.level = null;
  }

  /** Closes every socket with a close handshake (cut short after `ms`). */
  async closeGracefully(ms = 1_000): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.level = null;
    await Promise.all(
      this.sockets.map(
        (socket, i) =>
          new Promise<void>((resolve) => {
            this.sockets[i] = null;
            if (!socket || socket.readyState === WebSocket.CLOSED) return resolve();
            const cut = setTimeout(() => {
              socket.terminate();
              resolve();
            }, ms);
            socket.once('close', () => {
              clearTimeout(cut);
              resolve();
            });
            socket.close(1000);
          }),
      ),
    );
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.level = null;
    for (let i = 0; i < this.sockets.length; i += 1) {
      const socket = this.sockets[i];
      this.sockets[i] = null;
      socket?.terminate();
    }
  }

  protected send(index: number, text: string): boolean {
    const socket = this.sockets[index];
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(text);
    return true;
  }

  /** Runs `action` once the room's roll interval allows it. */
  protected schedule(action: () => void): void {
    if (this.timer || !this.level) return;
    const delay = Math.max(0, this.lastSendAt + this.level.rollIntervalMs - performance.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.level?.rolling) action();
    }, delay);
  }

  protected completed(pending: Pending, auto = false): void {
    const level = this.level;
    this.pending = null;
    if (!level) return;
    const now = performance.now();
    if (auto) {
      // The turn timer rolled first: our roll will be refused (or land on the next turn). Let its
      // answer come back before acting again on a fresh view.
      level.autoRolls += 1;
      level.autoWaits.push(now - pending.sentAt);
      this.lastSendAt = now + RESYNC_MS;
    } else {
      if (level.inWindow(pending.sentAt)) level.latencies.push(now - pending.sentAt);
      if (level.inWindow(now)) level.completedInWindow += 1;
    }
    this.decide();
  }
}
