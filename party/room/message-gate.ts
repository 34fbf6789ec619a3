// The first two checks on a socket message, before any room state is read: its size and shape, then
// the sender's rate (one token bucket per connection). A refused message gets its error reply.
import { MAX_CLIENT_MESSAGE_BYTES, parseClientMessage, type ClientMessage } from '../../game';
import { invalidMessage, tooManyMessages } from './messages';
import { fullBucket, MESSAGE_RATE_LIMIT, takeToken, type TokenBucket } from './rate-limit';

export type GateVerdict = { ok: true; message: ClientMessage } | { ok: false; reply: string };

export class MessageGate {
  private readonly buckets = new Map<string, TokenBucket>();

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
    return { ok: true, message: parsed.message };
  }

  /** The connection closed: its bucket goes. */
  forget(connectionId: string): void {
    this.buckets.delete(connectionId);
  }
}
