import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createPawapayKeyCache,
  toVerificationKeys,
  type PublishedKey,
} from '#site/server/payments/pawapay-keys.ts';

function pem(curve: 'P-256' | 'P-384'): string {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: curve });
  return publicKey.export({ type: 'spki', format: 'pem' }).toString();
}

function setup(initial: PublishedKey[]) {
  let now = 1_000_000;
  let published = initial;
  let fetches = 0;
  let failing = false;
  const lookup = createPawapayKeyCache({
    clock: () => now,
    fetchKeys: async () => {
      fetches++;
      if (failing) throw new Error('down');
      return published;
    },
  });
  return {
    lookup,
    fetches: () => fetches,
    advance: (ms: number) => (now += ms),
    publish: (keys: PublishedKey[]) => (published = keys),
    fail: (value: boolean) => (failing = value),
  };
}

describe("pawaPay's public keys", () => {
  it('fetches on first use and then answers from the cache', async () => {
    const keys = setup([{ id: 'HTTP_EC_P256_KEY:1', key: pem('P-256') }]);
    expect((await keys.lookup('HTTP_EC_P256_KEY:1'))?.id).toBe('HTTP_EC_P256_KEY:1');
    expect((await keys.lookup('HTTP_EC_P256_KEY:1'))?.algorithm).toBe('ecdsa-p256-sha256');
    expect(keys.fetches()).toBe(1);
  });

  it('refetches for an unknown key id, at most once a minute', async () => {
    const keys = setup([{ id: 'k1', key: pem('P-256') }]);
    await keys.lookup('k1');
    keys.publish([
      { id: 'k1', key: pem('P-256') },
      { id: 'k2', key: pem('P-256') },
    ]);
    expect(await keys.lookup('k2')).toBeUndefined();
    expect(keys.fetches()).toBe(1);
    keys.advance(59_999);
    expect(await keys.lookup('k2')).toBeUndefined();
    expect(await keys.lookup('forged')).toBeUndefined();
    expect(keys.fetches()).toBe(1);
    keys.advance(1);
    expect((await keys.lookup('k2'))?.id).toBe('k2');
    expect(keys.fetches()).toBe(2);
    expect(await keys.lookup('forged')).toBeUndefined();
    expect(keys.fetches()).toBe(2);
  });

  it('shares one fetch between lookups made at once', async () => {
    const keys = setup([{ id: 'k1', key: pem('P-256') }]);
    const found = await Promise.all([keys.lookup('k1'), keys.lookup('k1'), keys.lookup('nope')]);
    expect(found.map((k) => k?.id)).toEqual(['k1', 'k1', undefined]);
    expect(keys.fetches()).toBe(1);
  });

  it('keeps the keys it had when a refresh fails', async () => {
    const keys = setup([{ id: 'k1', key: pem('P-256') }]);
    await keys.lookup('k1');
    keys.fail(true);
    keys.advance(60_000);
    expect(await keys.lookup('k2')).toBeUndefined();
    expect((await keys.lookup('k1'))?.id).toBe('k1');
  });

  it('matches ids exactly and never rewrites them', async () => {
    const keys = setup([
      { id: 'HTTP_EC_P256_KEY:1', key: pem('P-256') },
      { id: 'HTTP_EC_P256_KEY:2', key: pem('P-256') },
    ]);
    for (const near of ['http_ec_p256_key:1', 'HTTP_EC_P256_KEY:1 ', 'HTTP_EC_P256_KEY', '']) {
      expect(await keys.lookup(near)).toBeUndefined();
    }
    expect((await keys.lookup('HTTP_EC_P256_KEY:2'))?.id).toBe('HTTP_EC_P256_KEY:2');
    expect((await keys.lookup('HTTP_EC_P256_KEY:1'))?.id).toBe('HTTP_EC_P256_KEY:1');
  });

  it('keeps only P-256 keys, from PEM or bare base64 DER', () => {
    const der = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .publicKey.export({ type: 'spki', format: 'der' })
      .toString('base64');
    const kept = toVerificationKeys([
      { id: 'pem', key: pem('P-256') },
      { id: 'der', key: der },
      { id: 'p384', key: pem('P-384') },
      { id: 'junk', key: 'not a key' },
    ]);
    expect(kept.map((k) => k.id)).toEqual(['pem', 'der']);
  });
});
