// The bot room that plays the real room server: the player whose turn it is sends
// `{"type":"roll"}`, an offered truck is declined (or bought, at `buyChance`) first; a roll is reflected once every connection
// has a view (a whole `state`, or a `patch` applied with game/room-sync.ts, as the web client does)
// whose lastRoll.nonce advanced.
import { performance } from 'node:perf_hooks';
import { SYNC_MESSAGE, ViewFollower } from '#game/room-sync.ts';
import type { RoomView, ServerMessage as WireMessage } from '#game/protocol.ts';
import { ALL, BotRoom, PLAYERS } from './bots';

type StateView = RoomView;

interface ServerMessage {
  type: string;
  message?: string;
}

export interface GameRoomOptions {
  roomId: string;
  uids: string[];
  /** The socket URL for a player, with a fresh ticket. */
  ticketUrl: (roomId: string, uid: string) => string;
  /** How often an offered truck is bought rather than declined (default 0: always declined). */
  buyChance?: number;
  /** Where the buy-or-decline choice comes from (default Math.random). */
  random?: () => number;
}

export class GameRoom extends BotRoom {
  readonly uids: string[];
  /** The latest state each connection received. */
  readonly latest: (StateView | null)[] = Array.from({ length: PLAYERS }, () => null);
  /** Bytes of the first state each connection received after connecting. */
  readonly firstStateBytes: (number | null)[] = Array.from({ length: PLAYERS }, () => null);
  private readonly logAccumulated = [0, 0, 0, 0];
  private readonly logCount = [0, 0, 0, 0];
  private readonly followers = Array.from({ length: PLAYERS }, () => new ViewFollower());
  /** Every byte each connection received (messages, without framing). */
  readonly received = [0, 0, 0, 0];
  /** Version gaps that made a connection ask `sync` (must stay 0 on an ordered socket). */
  syncs = 0;
  /** The connection whose latest state the bots act on. */
  private view = 0;
  /** Which connection is declining an offer (awaiting its state), or null. */
  private declining: number | null = null;
  private readonly ticketUrl: GameRoomOptions['ticketUrl'];
  private readonly buyChance: number;
  private readonly random: () => number;
  /** A purchase was refused (not enough money): that offer is declined instead. */
  private buyRefused = false;

  constructor(options: GameRoomOptions) {
    super(options.roomId);
    this.uids = options.uids;
    this.ticketUrl = options.ticketUrl;
    this.buyChance = options.buyChance ?? 0;
    this.random = options.random ?? Math.random;
  }

  urlFor(index: number): string {
    return this.ticketUrl(this.roomId, this.uids[index] ?? '');
  }

  override idle(): boolean {
    return this.pending === null && this.declining === null;
  }

  override finish(): void {
    this.declining = null;
    super.finish();
  }

  isActive(): boolean {
    return this.latest.every((state) => state?.status === 'active');
  }

  protected onData(index: number, data: Buffer): void {
    this.received[index]! += data.length;
    let message: ServerMessage;
    try {
      message = JSON.parse(data.toString('utf8')) as ServerMessage;
    } catch {
      this.unparsable += 1;
      return;
    }
    if (message.type === 'log') {
      this.logAccumulated[index]! += data.length;
      this.logCount[index]! += 1;
      return;
    }
    if (message.type === 'error') {
      this.onError(index, message.message ?? '');
      return;
    }
    if (message.type !== 'state' && message.type !== 'patch') return;
    const followed = this.followers[index]!.receive(
      message as unknown as Extract<WireMessage, { type: 'state' | 'patch' }>,
    );
    if (followed.kind === 'gap') {
      this.syncs += 1;
      this.sockets[index]?.send(SYNC_MESSAGE);
    }
    if (followed.kind !== 'view') return;
    const state = followed.view;
    if (this.firstStateBytes[index] === null) this.firstStateBytes[index] = data.length;
    this.latest[index] = state;
    const logBytes = this.logAccumulated[index]!;
    const logCount = this.logCount[index]!;
    this.logAccumulated[index] = 0;
    this.logCount[index] = 0;
    const nonce = state.lastRoll?.nonce ?? -1;
    const pending = this.pending;
    const bit = 1 << index;
    if (pending && (pending.got & bit) === 0 && nonce > pending.nonce) {
      pending.got |= bit;
      if (index === 0 && this.level) {
        this.level.stateBytes.push(data.length);
        this.level.logBytes.push(logBytes);
        this.level.logCounts.push(logCount);
      }
      if (pending.got === ALL) {
        this.view = index;
        // The turn timer rolled before us: that nonce is not ours (nor is its latency).
        this.completed(pending, state.lastRoll?.auto === true);
        return;
      }
    }
    if (this.declining === index && state.pendingPurchase !== this.uids[index]) {
      this.declining = null;
      this.decide(index);
      return;
    }
    if (this.idle()) this.decide(index);
  }

  private onError(index: number, text: string): void {
    this.level?.error(text);
    if (this.pending?.by === index) {
      // The roll was refused (e.g. not this player's turn after all): look again shortly.
      if (this.level) this.level.refused += 1;
      this.pending = null;
      this.lastSendAt = performance.now();
      this.decide();
    } else if (this.declining === index) {
      this.declining = null;
      this.buyRefused = true;
      this.decide(index);
    }
  }

  decide(view?: number): void {
    if (view !== undefined) this.view = view;
    const level = this.level;
    if (!level?.rolling || !this.idle() || this.timer) return;
    this.schedule(() => this.act());
  }

  private act(): void {
    const level = this.level;
    if (!level || !this.idle()) return;
    // Every connection has seen the last roll by now; the freshest view is the room's.
    const state = this.latest[this.view];
    if (!state || state.status !== 'active') return;
    const holder = state.pendingPurchase === null ? -1 : this.uids.indexOf(state.pendingPurchase);
    if (holder >= 0) {
      const buy = !this.buyRefused && this.buyChance > 0 && this.random() < this.buyChance;
      this.buyRefused = false;
      if (this.send(holder, buy ? '{"type":"buyTruck"}' : '{"type":"declineTruck"}')) {
        this.declining = holder;
        this.lastSendAt = performance.now();
      }
      return;
    }
    const roller = this.uids.indexOf(state.turn.currentPlayer ?? '');
    if (roller < 0) return;
    const own = this.latest[roller];
    const nonce = Math.max(state.lastRoll?.nonce ?? -1, own?.lastRoll?.nonce ?? -1);
    const sentAt = performance.now();
    if (!this.send(roller, '{"type":"roll"}')) return;
    this.lastSendAt = sentAt;
    level.sent += 1;
    this.pending = { nonce, sentAt, got: 0, by: roller };
  }
}
