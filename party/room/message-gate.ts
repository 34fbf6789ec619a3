// The first checks on a socket message, before any room state is read and before it waits in the
// room's queue: first the sender's rate (one token bucket per connection: every message takes a
// token, well-formed or not, whatever its size), then its size and shape. A heartbeat `ping` is
// answered `pong` here and goes no further.
//
// Refusals are answered within bounds, never one answer per message: a malformed message that got a
// token is answered `invalid_message` (so at most as often as the rate allows), and a run of
// messages over the rate is answered `too_many_messages` once, on its first. A `sync` (answered with
// the whole state) has a smaller allowance of its own (SYNC_LIMIT). Every refused message
// counts against a second, slower allowance (REFUSED_MESSAGE_LIMIT); a socket that spends it is
// closed (4400 `Too many refused messages`) and whatever it still sends is dropped unanswered.
//
// The gate also remembers when it last heard each heartbeat-speaking connection, so the room can
// drop sockets that went silent (docs/decisions/036). A client that never pinged is never counted
// as silent: older clients and tools keep their sockets as before.
import {
  MAX_CLIENT_MESSAGE_BYTES,
  parseClientMessage,
  type ClientMessage,
} from '#game/protocol.ts';
import { CLOSE, type CloseReason } from './limits';
import { invalidMessage, pong, tooManyMessages } from './messages';
import {
  fullBucket,
  MESSAGE_RATE_LIMIT,
  REFUSED_MESSAGE_LIMIT,
  SYNC_LIMIT,
  takeToken,
  type TokenBucket,
} from './rate-limit';

/** A heartbeat-speaking socket silent this long is taken as gone (clients ping every 3 s). */
export const SILENCE_MS = 15_000;

/** What passes the gate: an intent, or `sync` (a request for the whole state). */
export type GatedMessage = Exclude<ClientMessage, { type: 'ping' }>;

/**
 * `pass`: on to the room. `pong`: the heartbeat's answer, for the sender alone. `refused`: `reply`
 * (if any) goes to the sender alone, and `close`, when set, is how the room closes the socket; a
 * refused message costs the room nothing more.
 */
export type GateVerdict =
  | { kind: 'pass'; message: GatedMessage }
  | { kind: 'pong'; reply: string }
  | { kind: 'refused'; reply: string | null; close?: CloseReason };

interface Sender {
  rate: TokenBucket;
  refusals: TokenBucket;
  syncs: TokenBucket;
  /** Over the rate since the last message that got a token: its refusal was answered already. */
  throttled: boolean;
  /** Closed for its refusals: nothing of it is read or answered any more. */
  closed: boolean;
}

export class MessageGate {
  private readonly senders = new Map<string, Sender>();
  private readonly heard = new Map<string, number>();

  check(
    message: string | ArrayBuffer | ArrayBufferView,
    connectionId: string,
    now: number,
  ): GateVerdict {
    const sender = this.senderOf(connectionId, now);
    if (sender.closed) return { kind: 'refused', reply: null };
    // 1. rate: every message, before anything is read from it
    const taken = takeToken(sender.rate, MESSAGE_RATE_LIMIT, now);
    sender.rate = taken.bucket;
    if (!taken.allowed) {
      const answered = sender.throttled;
      sender.throttled = true;
      return this.refuse(connectionId, sender, now, answered ? null : tooManyMessages());
    }
    sender.throttled = false;
    // 2. size and shape
    if (typeof message !== 'string' || message.length > MAX_CLIENT_MESSAGE_BYTES) {
      return this.refuse(connectionId, sender, now, invalidMessage());
    }
    const parsed = parseClientMessage(message);
    if (!parsed.ok) return this.refuse(connectionId, sender, now, invalidMessage());
    if (parsed.message.type === 'ping' || this.heard.has(connectionId)) {
      this.heard.set(connectionId, now);
    }
    if (parsed.message.type === 'ping') return { kind: 'pong', reply: pong() };
    if (parsed.message.type === 'sync') {
      const synced = takeToken(sender.syncs, SYNC_LIMIT, now);
      sender.syncs = synced.bucket;
      if (!synced.allowed) return this.refuse(connectionId, sender, now, tooManyMessages());
    }
    return { kind: 'pass', message: parsed.message };
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

  /** The connection closed: what the gate kept about it goes. */
  forget(connectionId: string): void {
    this.senders.delete(connectionId);
    this.heard.delete(connectionId);
  }

  private senderOf(connectionId: string, now: number): Sender {
    let sender = this.senders.get(connectionId);
    if (!sender) {
      sender = {
        rate: fullBucket(MESSAGE_RATE_LIMIT, now),
        refusals: fullBucket(REFUSED_MESSAGE_LIMIT, now),
        syncs: fullBucket(SYNC_LIMIT, now),
        throttled: false,
        closed: false,
      };
      this.senders.set(connectionId, sender);
    }
    return sender;
  }

  /** A refused message spends one of the sender's refusals; the one it does not have closes it. */
  private refuse(
    connectionId: string,
    sender: Sender,
    now: number,
    reply: string | null,
  ): GateVerdict {
    const spent = takeToken(sender.refusals, REFUSED_MESSAGE_LIMIT, now);
    sender.refusals = spent.bucket;
    if (spent.allowed) return { kind: 'refused', reply };
    sender.closed = true;
    // Being closed: not a socket whose silence the room must watch for.
    this.heard.delete(connectionId);
    return { kind: 'refused', reply: null, close: CLOSE.refusedMessages };
  }
}
