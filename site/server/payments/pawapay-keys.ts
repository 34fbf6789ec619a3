// pawaPay's callback-signing public keys, from GET /v2/public-key/http: cached, and fetched again
// when a callback names a key id we do not hold, at most once a minute.
import { createPublicKey, type KeyObject } from 'node:crypto';
import type { KeyLookup, VerificationKey } from './http-signatures';
import type { Clock } from '../clock';

export interface PublishedKey {
  id: string;
  key: string;
}

export const KEY_REFRESH_INTERVAL_MS = 60_000;

function toPublicKey(encoded: string): KeyObject | null {
  try {
    const key = encoded.includes('-----BEGIN')
      ? createPublicKey(encoded)
      : createPublicKey({ key: Buffer.from(encoded, 'base64'), format: 'der', type: 'spki' });
    const isP256 =
      key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
    return isP256 ? key : null;
  } catch {
    return null;
  }
}

/** Keeps the P-256 keys (the only signing algorithm accepted here); other entries are skipped. */
export function toVerificationKeys(published: readonly PublishedKey[]): VerificationKey[] {
  const keys: VerificationKey[] = [];
  for (const entry of published) {
    const publicKey = toPublicKey(entry.key);
    if (publicKey) keys.push({ id: entry.id, algorithm: 'ecdsa-p256-sha256', publicKey });
  }
  return keys;
}

export interface KeyCacheOptions {
  fetchKeys: () => Promise<PublishedKey[]>;
  clock: Clock;
  minRefreshIntervalMs?: number;
}

export function createPawapayKeyCache(options: KeyCacheOptions): KeyLookup {
  const interval = options.minRefreshIntervalMs ?? KEY_REFRESH_INTERVAL_MS;
  let keys: VerificationKey[] = [];
  let lastFetchAt: number | null = null;
  let refreshing: Promise<void> | null = null;

  // Strict equality: a key is used only for the exact id the signature names.
  const find = (keyId: string) => keys.find((key) => key.id === keyId);

  async function refresh(): Promise<void> {
    lastFetchAt = options.clock();
    try {
      keys = toVerificationKeys(await options.fetchKeys());
    } catch {
      // Keep the keys we had; the next unknown id after the interval tries again.
    }
  }

  return async (keyId) => {
    const known = find(keyId);
    if (known) return known;
    const due = lastFetchAt === null || options.clock() - lastFetchAt >= interval;
    if (due && !refreshing) {
      refreshing = refresh().finally(() => {
        refreshing = null;
      });
    }
    if (refreshing) await refreshing;
    return find(keyId);
  };
}
