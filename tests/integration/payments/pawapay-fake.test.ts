import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createPawapayProvider, type PawapayConfig } from '#site/server/payments/pawapay.ts';
import type { PaymentInstruction } from '#site/server/payments/provider.ts';
import {
  startFakePawapay,
  type FakePawapay,
  type FakePawapayOptions,
} from '#tests/support/fake-pawapay.ts';
import { startCallbackSink, type CallbackSink } from '#tests/support/fake-pawapay/callback-sink.ts';
import { waitFor } from './provider-contract';

const ANSWERS_WITHIN_MS = 10_000;
let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.reverse()) await close();
  closers = [];
});

async function setup(options: FakePawapayOptions = {}, config: Partial<PawapayConfig> = {}) {
  let now = Date.now();
  const sink: CallbackSink = await startCallbackSink();
  const fake: FakePawapay = await startFakePawapay({
    completeAfterMs: 20,
    clock: () => now,
    ...options,
  });
  closers.push(
    () => sink.close(),
    () => fake.close(),
  );
  fake.setCallbackUrl(sink.url('/api/payments/callback/pawapay'));
  // A fake that answers is given all the time a loaded machine needs; a test of the timeout sets
  // a short one, and asks again with `answering` once the fake answers.
  const providerWithin = (timeoutMs: number) =>
    createPawapayProvider(
      { baseUrl: fake.baseUrl, apiToken: fake.apiToken, ...config, timeoutMs },
      { clock: () => now },
    );
  const provider = providerWithin(config.timeoutMs ?? ANSWERS_WITHIN_MS);
  const answering = providerWithin(ANSWERS_WITHIN_MS);
  return { sink, fake, provider, answering, advance: (ms: number) => (now += ms) };
}

function deposit(phone = '0763456789'): PaymentInstruction {
  return { paymentId: randomUUID(), kind: 'deposit', phone, operator: 'mtn', amountNgwee: 5000 };
}

describe('pawaPay answers that prove nothing', () => {
  it('treats UNKNOWN_ERROR as unknown; the status check then tells the truth', async () => {
    const { fake, provider } = await setup();
    const lost = deposit();
    fake.failNext('unknown-error');
    expect(await provider.initiate(lost)).toEqual({
      outcome: 'unknown',
      reason: 'HTTP 500 UNKNOWN_ERROR',
    });
    expect(await provider.checkStatus('deposit', lost.paymentId)).toEqual({ found: false });

    const madeAnyway = deposit();
    fake.failNext('unknown-error', { create: true });
    expect(await provider.initiate(madeAnyway)).toMatchObject({ outcome: 'unknown' });
    const settled = await waitFor(async () => {
      const status = await provider.checkStatus('deposit', madeAnyway.paymentId);
      return 'found' in status && status.found && status.status !== 'pending' ? status : undefined;
    }, 'the payment to settle');
    expect(settled).toMatchObject({ status: 'completed' });
    expect(await provider.initiate(madeAnyway)).toEqual({ outcome: 'duplicate' });
  });

  it('treats a timeout as unknown, never as rejected', async () => {
    const { fake, provider, answering } = await setup({}, { timeoutMs: 150 });
    const p = deposit();
    fake.failNext('hang', { create: true });
    expect(await provider.initiate(p)).toEqual({
      outcome: 'unknown',
      reason: 'no answer within 150 ms',
    });
    fake.failNext('hang');
    expect(await provider.checkStatus('deposit', p.paymentId)).toEqual({
      unknown: true,
      reason: 'no answer within 150 ms',
    });
    expect(await answering.checkStatus('deposit', p.paymentId)).toMatchObject({ found: true });
  });

  it('treats an unreachable pawaPay as unknown', async () => {
    const { fake, provider } = await setup();
    await fake.close();
    closers = closers.slice(0, 1);
    expect(await provider.initiate(deposit())).toMatchObject({
      outcome: 'unknown',
      reason: expect.stringContaining('network error'),
    });
  });

  it('is rejected with a wrong API token (nothing created)', async () => {
    const { provider } = await setup({}, { apiToken: 'wrong' });
    expect(await provider.initiate(deposit())).toEqual({
      outcome: 'rejected',
      reason: 'AUTHENTICATION_ERROR',
    });
  });

  it('is rejected when the number does not belong to the provider', async () => {
    const { provider } = await setup();
    expect(await provider.initiate({ ...deposit('0973456789'), operator: 'mtn' })).toEqual({
      outcome: 'rejected',
      reason: 'INVALID_PHONE_NUMBER',
    });
  });
});

describe('pawaPay callbacks', () => {
  it('verifies duplicated and reordered callbacks alike (deduplication is the ledger’s)', async () => {
    const { sink, fake, provider } = await setup();
    const p = deposit();
    await provider.initiate(p);
    await waitFor(() => (sink.received().length >= 1 ? true : undefined), 'the first callback');
    expect(await fake.deliverCallback(p.paymentId)).toBe(200);
    expect(await fake.deliverCallback(p.paymentId, { status: 'PROCESSING' })).toBe(200);
    const verified = [];
    for (const received of sink.received()) verified.push(await provider.verifyCallback(received));
    expect(verified.map((v) => v.ok && [v.callback.paymentId, v.callback.status])).toEqual([
      [p.paymentId, 'completed'],
      [p.paymentId, 'completed'],
      [p.paymentId, 'pending'],
    ]);
  });

  it('fetches the public key once and refreshes it for a new key id at most once a minute', async () => {
    const { sink, fake, provider, advance } = await setup();
    const first = deposit();
    await provider.initiate(first);
    await waitFor(() => sink.received()[0], 'the first callback');
    expect(await provider.verifyCallback(sink.received()[0]!)).toMatchObject({ ok: true });

    fake.rotateKey('HTTP_EC_P256_KEY:2');
    await fake.deliverCallback(first.paymentId);
    expect(await provider.verifyCallback(sink.received()[1]!)).toEqual({
      ok: false,
      reason: 'unknown keyid HTTP_EC_P256_KEY:2',
    });
    const keyFetches = () => fake.requests().filter((r) => r.path === '/v2/public-key/http').length;
    expect(keyFetches()).toBe(1);
    // A minute later an unknown id is worth asking pawaPay about again, once.
    advance(60_000);
    await fake.deliverCallback(first.paymentId);
    expect(await provider.verifyCallback(sink.received()[2]!)).toMatchObject({ ok: true });
    expect(keyFetches()).toBe(2);
    expect(await provider.verifyCallback(sink.received()[2]!)).toMatchObject({ ok: true });
    expect(keyFetches()).toBe(2);
  });

  it('accepts r‖s signatures too (RFC 9421’s own encoding)', async () => {
    const { sink, provider } = await setup({ signatureEncoding: 'ieee-p1363' });
    await provider.initiate(deposit());
    await waitFor(() => sink.received()[0], 'a callback');
    expect(await provider.verifyCallback(sink.received()[0]!)).toMatchObject({ ok: true });
  });

  it('refuses a callback replayed to another path, and one that arrives unsigned', async () => {
    const { sink, provider } = await setup();
    await provider.initiate(deposit());
    const received = await waitFor(() => sink.received()[0], 'a callback');
    expect(
      await provider.verifyCallback({ ...received, path: '/api/payments/callback/sandbox' }),
    ).toEqual({
      ok: false,
      reason: 'signature does not verify',
    });
    const { signature: _s, 'signature-input': _i, ...unsigned } = received.headers;
    expect(await provider.verifyCallback({ ...received, headers: unsigned })).toEqual({
      ok: false,
      reason: 'unsigned: Signature-Input or Signature missing',
    });
  });
});

describe('pawaPay toolkit endpoints', () => {
  it('reads the active configuration for Zambia', async () => {
    const { provider } = await setup();
    const conf = await provider.activeConfiguration();
    expect(conf).toMatchObject({ signedCallbacks: true });
    expect('providers' in conf && conf.providers.map((p) => p.operator)).toEqual([
      'mtn',
      'airtel',
      'zamtel',
    ]);
  });
});
