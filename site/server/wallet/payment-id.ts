import { createHmac, randomUUID } from 'node:crypto';

/**
 * The id of a new payment, sent to the provider as depositId / payoutId.
 *
 * Without an Idempotency-Key it is a random UUIDv4. With one, it is derived from (user, key) so that
 * a repeated request lands on the same payment row (its primary key) and never creates a second
 * payment or a second hold — a name-based id in the manner of UUIDv5, but keyed with the site's
 * secret (nobody can compute another user's payment ids) and stamped as version 4 with the RFC 9562
 * variant, because pawaPay expects UUIDv4 ids.
 */
export function newPaymentId(
  secret: string,
  userId: string,
  idempotencyKey: string | null,
): string {
  if (idempotencyKey === null) return randomUUID();
  const digest = createHmac('sha256', secret)
    .update('payment-id\n')
    .update(userId)
    .update('\n')
    .update(idempotencyKey)
    .digest();
  const bytes = digest.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
