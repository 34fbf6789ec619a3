// The first two checks on a socket message, before any room state is read: its size and shape, then
// the sender's rate (one token bucket per connection). A refused message gets its error reply; a
// heartbeat `ping` (rate-limited like the rest) is answered `pong` here and goes no further.
//
// The gate also remembers when it last heard each heartbeat-speaking connection, so the room can
// drop sockets that went silent (docs/decisions/036). A client that never pinged is never counted
// as silent: older clients and tools keep their sockets as before.
import { MAX_CLIENT_MESSAGE_BYTES, parseClientMessage, type ClientMessage } from '../../game';
import { invalidMessage, pong, tooManyMessages } from './messages';
import { fullBucket, MESSAGE_RATE_LIMIT, takeToken, type TokenBucket } from './rate-limit';

/** A heartbeat-speaking socket silent this long is taken as gone (clients ping every 3 s). */
export const SILENCE_MS = 15_000;

/** What passes the gate: an intent, or `sync` (a request for the whole state). */
export type GatedMessage = Exclude<ClientMessage, { type: 'ping' }>;

export type GateVerdict = { ok: true; message: GatedMessage } | { ok: false; reply: string };

export class MessageGate {
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly heard = new Map<string, number>();

  check(
    message: string | ArrayBuffer | ArrayBufferView,
    connectionId: string,
    now: number,
  ): GateVerdict {
    // 1. size and shape
    if (typeof message !== 'string' || message.length > MAX_CLIENT_MESSAGE_BYTES) {
      return { ok: false, reply: invalidMessage() };
    }
    const parsed = parseClientMessage(message);
    if (!parsed.ok) return { ok: false, reply: invalidMessage() };
    // 2. rate
    const bucket = this.buckets.get(connectionId) ?? fullBucket(MESSAGE_RATE_LIMIT, now);
    const taken = takeToken(bucket, MESSAGE_RATE_LIMIT, now);
    this.buckets.set(connectionId, taken.bucket);
    if (!taken.allowed) return { ok: false, reply: tooManyMessages() };
    if (parsed.message.type === 'ping' || this.heard.has(connectionId)) {
      this.heard.set(connectionId, now);
    }
    if (parsed.message.type === 'ping') return { ok: false, reply: pong() };
    return { ok: true, message: parsed.message };
  }

  /** Heartbeat-speaking connections not heard from for SILENCE_MS. */
  silent(now: number): string[] {
    const silent: string[] = [];
    for (const [connectionId, at] of this.heard) {
      if (now - at > SILENCE_MS) silent.push(connectionId);
    }
    return silent;
  }

  /** When the first heartbeat-speaking connection would count as silent, or null: the alarm's cue. */
  nextSilenceAt(): number | null {
    let earliest: number | null = null;
    for (const at of this.heard.values()) {
      if (earliest === null || at < earliest) earliest = at;
    }
    return earliest === null ? null : earliest + SILENCE_MS + 1;
  }

  /** How many connections speak the heartbeat. */
  get heartbeats(): number {
    return this.heard.size;
  }

  /** The connection closed: its bucket goes. */
  forget(connectionId: string): void {
    this.buckets.delete(connectionId);
    this.heard.delete(connectionId);
  }
}
