// How often one address may be let in: a token bucket per address key (the ticket's `ak`), so that
// closing and reopening sockets (each admitted one costs the whole state, or the lobby's list) is
// bounded per address, not only the sockets held at once. An address whose socket was closed for
// what it sent is let in again only after a while. Time is an input.
import { fullBucket, takeToken, type RateLimit, type TokenBucket } from './rate-limit';

/** Buckets kept before the full ones (idle addresses) are dropped. */
const PRUNE_ABOVE = 1_000;

export class AddressAdmissions {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(private readonly limit: RateLimit) {}

  /** Takes one admission for `addressKey`; false when its allowance is spent for now. */
  take(addressKey: string, now: number): boolean {
    if (this.buckets.size > PRUNE_ABOVE) this.prune(now);
    const taken = takeToken(
      this.buckets.get(addressKey) ?? fullBucket(this.limit, now),
      this.limit,
      now,
    );
    this.buckets.set(addressKey, taken.bucket);
    return taken.allowed;
  }

  /** Lets `addressKey` in again only once `ms` have passed (and then as its allowance refills). */
  lockOut(addressKey: string, now: number, ms: number): void {
    this.buckets.set(addressKey, { tokens: -(ms / 1000) * this.limit.perSecond, updatedAt: now });
  }

  /** Drops the buckets that have refilled: they hold nothing a fresh one would not. */
  private prune(now: number): void {
    for (const [key, bucket] of this.buckets) {
      const refilled = bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.limit.perSecond;
      if (refilled >= this.limit.capacity) this.buckets.delete(key);
    }
  }
}
