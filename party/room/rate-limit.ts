// A token bucket per connection: `capacity` messages at once, refilled at `perSecond`. Time is an
// input so the limiter is deterministic under test.
export interface TokenBucket {
  tokens: number;
  updatedAt: number;
}

export interface RateLimit {
  perSecond: number;
  capacity: number;
}

export const MESSAGE_RATE_LIMIT: RateLimit = { perSecond: 10, capacity: 20 };

/**
 * Refused messages (malformed, too large, or over the rate) a socket may send before it is closed:
 * 20 at once, then one every 2 s. A client that speaks the protocol is never refused this often.
 */
export const REFUSED_MESSAGE_LIMIT: RateLimit = { perSecond: 0.5, capacity: 20 };

/**
 * `sync` requests a socket may make: each is answered with the whole state (~2 kB for ~15 bytes),
 * so they have an allowance of their own. A client asks only after a gap in versions, which an
 * ordered socket never has.
 */
export const SYNC_LIMIT: RateLimit = { perSecond: 0.5, capacity: 5 };

export function fullBucket(limit: RateLimit, now: number): TokenBucket {
  return { tokens: limit.capacity, updatedAt: now };
}

/** Takes one token if there is one. Returns the bucket to keep and whether the message may pass. */
export function takeToken(
  bucket: TokenBucket,
  limit: RateLimit,
  now: number,
): { bucket: TokenBucket; allowed: boolean } {
  // A clock that steps back mints nothing, now or later.
  const updatedAt = Math.max(bucket.updatedAt, now);
  const elapsed = updatedAt - bucket.updatedAt;
  const tokens = Math.min(limit.capacity, bucket.tokens + (elapsed / 1000) * limit.perSecond);
  if (tokens < 1) return { bucket: { tokens, updatedAt }, allowed: false };
  return { bucket: { tokens: tokens - 1, updatedAt }, allowed: true };
}
