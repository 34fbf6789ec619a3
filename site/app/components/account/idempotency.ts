// One Idempotency-Key per payment attempt. A retry of the same attempt (same kind, phone, network
// and amount after an answer that never arrived) reuses the key, so the server recognises it and
// never moves the money twice; anything else starts a new attempt with a new key.

export interface PaymentAttempt {
  key: string;
  fingerprint: string;
}

/** A random UUID v4, also where `crypto.randomUUID` is missing (plain-http origins). */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The attempt to send now: the unanswered one again when nothing changed, else a new one. */
export function attemptFor(unanswered: PaymentAttempt | null, fingerprint: string): PaymentAttempt {
  if (unanswered && unanswered.fingerprint === fingerprint) return unanswered;
  return { key: newUuid(), fingerprint };
}
