import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkContentDigest, contentDigest } from '#site/server/payments/content-digest.ts';
import {
  createSignature,
  signatureBase,
  signRequest,
  verifyRequest,
  type KeyLookup,
  type SignableRequest,
  type SigningKey,
  type VerificationKey,
} from '#site/server/payments/http-signatures.ts';

const NOW = Date.parse('2026-03-02T10:00:00.000Z');
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const KEY_ID = 'HTTP_EC_P256_KEY:1';
const signingKey: SigningKey = { id: KEY_ID, algorithm: 'ecdsa-p256-sha256', privateKey };
const verificationKey: VerificationKey = { id: KEY_ID, algorithm: 'ecdsa-p256-sha256', publicKey };
const keys: KeyLookup = async (keyId) => (keyId === KEY_ID ? verificationKey : undefined);

const body = new Uint8Array(
  Buffer.from(
    JSON.stringify({ depositId: 'f4401bd2-1568-4140-bf2d-eb77d2b2b639', status: 'COMPLETED' }),
  ),
);

function unsignedRequest(): SignableRequest {
  return {
    method: 'POST',
    authority: 'site.example.zm',
    path: '/api/payments/callback/pawapay',
    headers: { 'content-type': 'application/json; charset=UTF-8' },
    body,
  };
}

/** A request as it reaches the site: the signature headers under Node's lower-case names. */
function signedRequest(options: Partial<Parameters<typeof signRequest>[1]> = {}): SignableRequest {
  const request = unsignedRequest();
  const added = signRequest(request, { key: signingKey, now: NOW, ...options });
  const headers = { ...request.headers };
  for (const [name, value] of Object.entries(added)) headers[name.toLowerCase()] = value;
  return { ...request, headers };
}

function verify(request: SignableRequest, lookup: KeyLookup = keys, now = NOW) {
  return verifyRequest(request, { keys: lookup, now });
}

describe('RFC 9421 signature base and algorithms', () => {
  it('reproduces the hmac-sha256 example of RFC 9421 appendix B.2.5', () => {
    const request: SignableRequest = {
      method: 'POST',
      authority: 'example.com',
      path: '/foo',
      headers: { Date: 'Tue, 20 Apr 2021 02:07:55 GMT', 'Content-Type': 'application/json' },
      body: new Uint8Array(Buffer.from('{"hello": "world"}')),
    };
    const params =
      '("date" "@authority" "content-type");created=1618884473;keyid="test-shared-secret"';
    const base = signatureBase(request, ['date', '@authority', 'content-type'], params);
    expect(base).toBe(
      [
        '"date": Tue, 20 Apr 2021 02:07:55 GMT',
        '"@authority": example.com',
        '"content-type": application/json',
        `"@signature-params": ${params}`,
      ].join('\n'),
    );
    const secret = Buffer.from(
      'uzvJfB4u3N0Jy4T7NZ75MDVcr8zSTInedJtkgcu46YW4XByzNJjxBdtjUkdJPBtbmHhIDi6pcl8jsasjlTMtDQ==',
      'base64',
    );
    const signature = createSignature(
      { id: 'test-shared-secret', algorithm: 'hmac-sha256', secret },
      base,
    );
    expect(Buffer.from(signature).toString('base64')).toBe(
      'pxcQw6G3AjtMBQjwo8XzkZf/bws5LelbaMk5rGIGtE8=',
    );
  });

  it('computes Content-Digest per RFC 9530 over the raw bytes', () => {
    const raw = new Uint8Array(Buffer.from('{"hello": "world"}'));
    // The digests of this body published with RFC 9530 (sha-256) and RFC 9421 §B.2 (sha-512).
    expect(contentDigest(raw, ['sha-256'])).toBe(
      'sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:',
    );
    expect(contentDigest(raw, ['sha-512'])).toBe(
      'sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:',
    );
    expect(checkContentDigest(contentDigest(raw, ['sha-256', 'sha-512']), raw)).toEqual({
      ok: true,
    });
  });

  it('signs ECDSA as r‖s (64 bytes) as RFC 9421 requires', () => {
    const signature = signedRequest().headers.signature!;
    const bytes = Buffer.from(/^sig-pp=:(.*):$/.exec(signature)![1]!, 'base64');
    expect(bytes).toHaveLength(64);
  });
});

describe('verifying a signed callback', () => {
  it('accepts a valid signature and says which key made it', async () => {
    expect(await verify(signedRequest())).toEqual({ ok: true, keyId: KEY_ID, label: 'sig-pp' });
  });

  it("accepts pawaPay's shape signed independently, in DER as pawaPay's samples sign", async () => {
    const created = Math.floor(NOW / 1000);
    const digest = `sha-512=:${createHash('sha512').update(body).digest('base64')}:`;
    const date = '2026-03-02T10:00:00.131905Z';
    const params = `("@method" "@authority" "@path" "signature-date" "content-digest" "content-type");alg="ecdsa-p256-sha256";keyid="${KEY_ID}";created=${created};expires=${created + 60}`;
    const base = [
      '"@method": POST',
      '"@authority": site.example.zm',
      '"@path": /api/payments/callback/pawapay',
      `"signature-date": ${date}`,
      `"content-digest": ${digest}`,
      '"content-type": application/json; charset=UTF-8',
      `"@signature-params": ${params}`,
    ].join('\n');
    for (const dsaEncoding of ['der', 'ieee-p1363'] as const) {
      const signature = sign('sha256', Buffer.from(base), { key: privateKey, dsaEncoding });
      const request = unsignedRequest();
      request.headers = {
        ...request.headers,
        'content-digest': digest,
        'signature-date': date,
        'signature-input': `sig-pp=${params}`,
        signature: `sig-pp=:${signature.toString('base64')}:`,
      };
      expect(await verify(request)).toMatchObject({ ok: true });
    }
  });

  it('refuses an unsigned request', async () => {
    const request = unsignedRequest();
    request.headers['content-digest'] = contentDigest(body);
    expect(await verify(request)).toEqual({
      ok: false,
      reason: 'unsigned: Signature-Input or Signature missing',
    });
  });

  it('refuses an unknown keyid', async () => {
    const request = signedRequest({ key: { ...signingKey, id: 'HTTP_EC_P256_KEY:2' } });
    expect(await verify(request)).toEqual({
      ok: false,
      reason: 'unknown keyid HTTP_EC_P256_KEY:2',
    });
  });

  it('refuses a signature made with another key under a known keyid', async () => {
    const request = signedRequest({ key: { ...signingKey, privateKey: other.privateKey } });
    expect(await verify(request)).toEqual({ ok: false, reason: 'signature does not verify' });
  });

  it('refuses a tampered body', async () => {
    const request = signedRequest();
    request.body = new Uint8Array(
      Buffer.from(Buffer.from(body).toString().replace('COMPLETED', 'FAILED')),
    );
    expect(await verify(request)).toEqual({
      ok: false,
      reason: 'Content-Digest sha-512 does not match the body',
    });
  });

  it('refuses a tampered body whose digest was recomputed', async () => {
    const request = signedRequest();
    request.body = new Uint8Array(
      Buffer.from('{"depositId":"x","status":"COMPLETED","amount":"9999"}'),
    );
    request.headers['content-digest'] = contentDigest(request.body);
    expect(await verify(request)).toEqual({ ok: false, reason: 'signature does not verify' });
  });

  it('refuses a malformed digest, or one without sha-256 / sha-512', async () => {
    const request = signedRequest();
    request.headers['content-digest'] = 'sha-512=abc';
    expect(await verify(request)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('Content-Digest'),
    });
    request.headers['content-digest'] = `md5=:${createHash('md5').update(body).digest('base64')}:`;
    expect(await verify(request)).toEqual({
      ok: false,
      reason: 'Content-Digest has no sha-256 or sha-512 entry',
    });
  });

  it('refuses a stale signature (created more than 5 minutes ago)', async () => {
    const request = signedRequest({ now: NOW - 5 * 60_000 - 1000, expiresInSeconds: 3600 });
    expect(await verify(request)).toEqual({ ok: false, reason: 'signature created is too old' });
  });

  it('accepts one created 4 minutes ago', async () => {
    const request = signedRequest({ now: NOW - 4 * 60_000, expiresInSeconds: 3600 });
    expect(await verify(request)).toMatchObject({ ok: true });
  });

  it('refuses a signature from the future (more than 1 minute ahead)', async () => {
    const request = signedRequest({ now: NOW + 61_000 });
    expect(await verify(request)).toEqual({
      ok: false,
      reason: 'signature created is in the future',
    });
  });

  it('refuses a stale Signature-Date even when created is fresh', async () => {
    const request = signedRequest();
    const created = Math.floor(NOW / 1000);
    const oldDate = new Date(NOW - 6 * 60_000).toISOString();
    // Re-sign honestly over the old date so that only the date check can refuse it.
    const params = `("@method" "@authority" "@path" "signature-date" "content-digest" "content-type");alg="ecdsa-p256-sha256";keyid="${KEY_ID}";created=${created};expires=${created + 60}`;
    request.headers['signature-date'] = oldDate;
    const base = signatureBase(
      request,
      ['@method', '@authority', '@path', 'signature-date', 'content-digest', 'content-type'],
      params,
    );
    request.headers['signature-input'] = `sig-pp=${params}`;
    request.headers.signature = `sig-pp=:${Buffer.from(createSignature(signingKey, base)).toString('base64')}:`;
    expect(await verify(request)).toEqual({ ok: false, reason: 'Signature-Date is too old' });
  });

  it('refuses an expired signature', async () => {
    const request = signedRequest({ now: NOW - 120_000, expiresInSeconds: 60 });
    expect(await verify(request)).toEqual({ ok: false, reason: 'signature has expired' });
  });

  it.each(['@method', '@authority', '@path', 'signature-date', 'content-digest', 'content-type'])(
    'refuses a signature that does not cover %s',
    async (missing) => {
      const components = [
        '@method',
        '@authority',
        '@path',
        'signature-date',
        'content-digest',
        'content-type',
      ];
      const request = signedRequest({ components: components.filter((c) => c !== missing) });
      expect(await verify(request)).toEqual({
        ok: false,
        reason: `signature does not cover ${missing}`,
      });
    },
  );

  it('refuses a request sent to another path or host than the one signed', async () => {
    expect(await verify({ ...signedRequest(), path: '/api/payments/callback/sandbox' })).toEqual({
      ok: false,
      reason: 'signature does not verify',
    });
    expect(await verify({ ...signedRequest(), authority: 'evil.example' })).toEqual({
      ok: false,
      reason: 'signature does not verify',
    });
  });

  it('refuses an alg that is not the key’s', async () => {
    const request = signedRequest();
    request.headers['signature-input'] = request.headers['signature-input']!.replace(
      'alg="ecdsa-p256-sha256"',
      'alg="hmac-sha256"',
    );
    expect(await verify(request)).toEqual({
      ok: false,
      reason: `alg hmac-sha256 does not match key ${KEY_ID}`,
    });
  });

  it('refuses garbage in the signature headers', async () => {
    const request = signedRequest();
    request.headers['signature-input'] = 'sig-pp=("@method" "@path"';
    expect(await verify(request)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('Signature-Input is malformed'),
    });
    const other = signedRequest();
    other.headers.signature = 'sig-other=:AAAA:';
    expect(await verify(other)).toEqual({
      ok: false,
      reason: 'Signature has no byte sequence labelled sig-pp',
    });
  });

  it('uses a key only for its exact id: no loose match, case folding or trimming', async () => {
    // The vendor's sample looks keys up with `find((e) => e.id = keyId)`, which returns the first
    // key whatever the id. A lookup that answers a key with another id must not be trusted.
    const sloppy: KeyLookup = async () => verificationKey;
    for (const keyid of ['HTTP_EC_P256_KEY:9', 'http_ec_p256_key:1', `${KEY_ID} `]) {
      const request = signedRequest({ key: { ...signingKey, id: keyid } });
      expect(await verify(request, sloppy)).toEqual({
        ok: false,
        reason: `unknown keyid ${keyid}`,
      });
    }
  });

  it('checks HMAC signatures in constant time and refuses another secret', async () => {
    const secret = new Uint8Array(32).fill(7);
    const hmacKey: SigningKey = { id: 'sandbox-1', algorithm: 'hmac-sha256', secret };
    const lookup =
      (s: Uint8Array): KeyLookup =>
      async (id) =>
        id === 'sandbox-1' ? { id, algorithm: 'hmac-sha256', secret: s } : undefined;
    const request = signedRequest({ key: hmacKey });
    expect(await verify(request, lookup(secret))).toMatchObject({ ok: true, keyId: 'sandbox-1' });
    expect(await verify(request, lookup(new Uint8Array(32).fill(8)))).toEqual({
      ok: false,
      reason: 'signature does not verify',
    });
  });
});
