import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PaymentInstruction } from '#site/server/payments/provider.ts';
import {
  createSandboxProvider,
  SANDBOX_CALLBACK_PATH,
  type OutgoingCallback,
} from '#site/server/payments/sandbox.ts';
import { sandboxOutcome } from '#site/server/payments/sandbox-outcomes.ts';
import { createMemorySandboxStore } from '#site/server/payments/sandbox-store.ts';

const PUBLIC_URL = 'https://zedtruck.example.zm';

function setup(
  options: { secret?: string; store?: ReturnType<typeof createMemorySandboxStore> } = {},
) {
  let now = Date.parse('2026-03-02T10:00:00Z');
  const store = options.store ?? createMemorySandboxStore();
  const delivered: OutgoingCallback[] = [];
  let answer = 200;
  const provider = createSandboxProvider(
    { publicUrl: PUBLIC_URL, internalSecret: options.secret ?? 'internal-secret', delayMs: 1500 },
    {
      store,
      clock: () => now,
      deliver: async (callback) => {
        delivered.push(callback);
        if (answer === 0) throw new Error('connection refused');
        return answer;
      },
    },
  );
  return {
    provider,
    store,
    delivered,
    advance: (ms: number) => (now += ms),
    answerWith: (status: number) => (answer = status),
  };
}

function deposit(phone: string, overrides: Partial<PaymentInstruction> = {}): PaymentInstruction {
  const operator = phone.startsWith('095') ? 'zamtel' : /^0(97|77)/.test(phone) ? 'airtel' : 'mtn';
  return {
    paymentId: randomUUID(),
    kind: 'deposit',
    phone,
    operator,
    amountNgwee: 1505,
    ...overrides,
  };
}

function asReceived(callback: OutgoingCallback) {
  const url = new URL(callback.url);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(callback.headers)) headers[name.toLowerCase()] = value;
  return {
    method: 'POST',
    authority: url.host,
    path: url.pathname,
    headers,
    rawBody: callback.body,
  };
}

describe('sandbox outcomes by the last digits', () => {
  it.each([
    ['deposit', '0963456789', { status: 'COMPLETED' }],
    ['deposit', '0963456019', { status: 'FAILED', failureCode: 'PAYER_LIMIT_REACHED' }],
    ['deposit', '0763456029', { status: 'FAILED', failureCode: 'PAYER_NOT_FOUND' }],
    ['deposit', '0973456039', { status: 'FAILED', failureCode: 'PAYMENT_NOT_APPROVED' }],
    ['deposit', '0953456049', { status: 'FAILED', failureCode: 'INSUFFICIENT_BALANCE' }],
    ['deposit', '0773456069', { status: 'FAILED', failureCode: 'UNSPECIFIED_FAILURE' }],
    ['deposit', '0963456129', { status: 'SUBMITTED' }],
    ['deposit', '0963456079', { status: 'COMPLETED' }],
    ['withdrawal', '0963456079', { status: 'FAILED', failureCode: 'RECIPIENT_NOT_FOUND' }],
    ['withdrawal', '0973456089', { status: 'FAILED', failureCode: 'RECIPIENT_NOT_FOUND' }],
    ['withdrawal', '0953456119', { status: 'FAILED', failureCode: 'UNSPECIFIED_FAILURE' }],
    ['withdrawal', '0963456129', { status: 'SUBMITTED' }],
    ['withdrawal', '0963456039', { status: 'COMPLETED' }],
  ] as const)('%s from %s → %j', (kind, phone, outcome) => {
    expect(sandboxOutcome(kind, phone)).toEqual(outcome);
    expect(sandboxOutcome(kind, `260${phone.slice(1)}`)).toEqual(outcome);
  });
});

describe('the sandbox provider', () => {
  it('accepts, stays pending until the phone answers, then completes and calls back', async () => {
    const s = setup();
    const p = deposit('0963456789');
    expect(await s.provider.initiate(p)).toEqual({ outcome: 'accepted' });
    expect(await s.provider.checkStatus('deposit', p.paymentId)).toEqual({
      found: true,
      status: 'pending',
      providerStatus: 'ACCEPTED',
      reported: { amount: '15.05', currency: 'ZMW', msisdn: '260963456789' },
    });
    s.advance(1499);
    await s.provider.processDue();
    expect(s.delivered).toHaveLength(0);
    s.advance(1);
    await s.provider.processDue();
    expect(s.delivered).toHaveLength(1);
    const callback = s.delivered[0]!;
    expect(callback.url).toBe(`${PUBLIC_URL}${SANDBOX_CALLBACK_PATH}`);
    expect(JSON.parse(Buffer.from(callback.body).toString())).toMatchObject({
      depositId: p.paymentId,
      status: 'COMPLETED',
      amount: '15.05',
      currency: 'ZMW',
      payer: {
        type: 'MMO',
        accountDetails: { phoneNumber: '260963456789', provider: 'MTN_MOMO_ZMB' },
      },
    });
    const verified = await s.provider.verifyCallback(asReceived(callback));
    expect(verified).toMatchObject({
      ok: true,
      callback: {
        paymentId: p.paymentId,
        kind: 'deposit',
        status: 'completed',
        providerStatus: 'COMPLETED',
      },
    });
    expect(await s.provider.checkStatus('deposit', p.paymentId)).toMatchObject({
      found: true,
      status: 'completed',
      providerRef: expect.stringMatching(/^SBX/),
    });
    await s.provider.processDue();
    expect(s.delivered).toHaveLength(1);
  });

  it('completes on a status check once the time has come, before any timer ran', async () => {
    const s = setup();
    const p = deposit('0973456039');
    await s.provider.initiate(p);
    s.advance(1500);
    expect(await s.provider.checkStatus('deposit', p.paymentId)).toEqual({
      found: true,
      status: 'failed',
      providerStatus: 'FAILED',
      failureReason: 'PAYMENT_NOT_APPROVED',
      reported: { amount: '15.05', currency: 'ZMW', msisdn: '260973456039' },
    });
    await s.provider.processDue();
    const verified = await s.provider.verifyCallback(asReceived(s.delivered[0]!));
    expect(verified).toMatchObject({
      ok: true,
      callback: { status: 'failed', failureReason: 'PAYMENT_NOT_APPROVED' },
    });
  });

  it('leaves …129 pending for ever and sends no callback', async () => {
    const s = setup();
    const p = deposit('0963456129');
    await s.provider.initiate(p);
    s.advance(3_600_000);
    await s.provider.processDue();
    expect(s.delivered).toHaveLength(0);
    expect(await s.provider.checkStatus('deposit', p.paymentId)).toEqual({
      found: true,
      status: 'pending',
      providerStatus: 'SUBMITTED',
      reported: { amount: '15.05', currency: 'ZMW', msisdn: '260963456129' },
    });
    await expect(s.provider.resendCallback('deposit', p.paymentId)).rejects.toThrow(
      /INVALID_STATE/,
    );
  });

  it('answers duplicate to a repeated id, even when both arrive at once', async () => {
    const s = setup();
    const p = deposit('0963456789');
    const results = await Promise.all([
      s.provider.initiate(p),
      s.provider.initiate(p),
      s.provider.initiate(p),
    ]);
    expect(results.map((r) => r.outcome).sort()).toEqual(['accepted', 'duplicate', 'duplicate']);
    expect(s.store.all()).toHaveLength(1);
  });

  it('rejects what pawaPay would reject', async () => {
    const s = setup();
    expect(await s.provider.initiate(deposit('0983456789'))).toEqual({
      outcome: 'rejected',
      reason: 'INVALID_PHONE_NUMBER',
    });
    expect(await s.provider.initiate(deposit('0963456789', { operator: 'airtel' }))).toEqual({
      outcome: 'rejected',
      reason: 'INVALID_PHONE_NUMBER',
    });
    expect(await s.provider.initiate(deposit('0963456789', { amountNgwee: -5 }))).toEqual({
      outcome: 'rejected',
      reason: 'INVALID_AMOUNT',
    });
    expect(await s.provider.initiate(deposit('0963456789', { paymentId: '42' }))).toMatchObject({
      outcome: 'rejected',
    });
    expect(s.store.all()).toHaveLength(0);
  });

  it('keeps kinds apart: a deposit id is not a withdrawal', async () => {
    const s = setup();
    const p = deposit('0963456789');
    await s.provider.initiate(p);
    expect(await s.provider.checkStatus('withdrawal', p.paymentId)).toEqual({ found: false });
    expect(await s.provider.checkStatus('deposit', randomUUID())).toEqual({ found: false });
  });

  it('retries an unanswered callback, backing off, until the site answers 200', async () => {
    const s = setup();
    const p = deposit('0963456789');
    await s.provider.initiate(p);
    s.advance(1500);
    s.answerWith(503);
    await s.provider.processDue();
    expect(s.delivered).toHaveLength(1);
    await s.provider.processDue();
    expect(s.delivered).toHaveLength(1);
    s.answerWith(0);
    s.advance(250);
    await s.provider.processDue();
    expect(s.delivered).toHaveLength(2);
    s.advance(250);
    await s.provider.processDue();
    expect(s.delivered).toHaveLength(2);
    s.answerWith(200);
    s.advance(250);
    await s.provider.processDue();
    expect(s.delivered).toHaveLength(3);
    s.advance(60_000);
    await s.provider.processDue();
    expect(s.delivered).toHaveLength(3);
    expect(s.store.all()[0]!.callbackDeliveredAt).not.toBeNull();
  });

  it('survives a restart: a new instance over the same store finishes the work', async () => {
    const first = setup();
    const p = deposit('0973456789', { kind: 'withdrawal' });
    await first.provider.initiate(p);
    const second = setup({ store: first.store });
    second.advance(1500);
    await second.provider.processDue();
    expect(second.delivered).toHaveLength(1);
    expect(JSON.parse(Buffer.from(second.delivered[0]!.body).toString())).toMatchObject({
      payoutId: p.paymentId,
      status: 'COMPLETED',
      recipient: { accountDetails: { provider: 'AIRTEL_OAPI_ZMB' } },
    });
    expect(await second.provider.initiate(p)).toEqual({ outcome: 'duplicate' });
  });

  it('resends a final callback on request', async () => {
    const s = setup();
    const p = deposit('0963456789');
    await s.provider.initiate(p);
    s.advance(1500);
    await s.provider.processDue();
    await s.provider.resendCallback('deposit', p.paymentId);
    expect(s.delivered).toHaveLength(2);
    expect(s.delivered[1]!.body).toEqual(s.delivered[0]!.body);
    await expect(s.provider.resendCallback('deposit', randomUUID())).rejects.toThrow(/NOT_FOUND/);
  });

  it('resends even while the first delivery is still under way', async () => {
    const now = Date.parse('2026-03-02T10:00:00Z');
    let clockNow = now;
    const delivered: OutgoingCallback[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const provider = createSandboxProvider(
      { publicUrl: PUBLIC_URL, internalSecret: 'internal-secret', delayMs: 10 },
      {
        store: createMemorySandboxStore(),
        clock: () => clockNow,
        deliver: async (callback) => {
          delivered.push(callback);
          if (delivered.length === 1) await gate;
          return 200;
        },
      },
    );
    const p = deposit('0963456789');
    await provider.initiate(p);
    clockNow += 10;
    const tick = provider.processDue();
    while (delivered.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const resend = provider.resendCallback('deposit', p.paymentId);
    release();
    await Promise.all([tick, resend]);
    expect(delivered).toHaveLength(2);
  });

  it('refuses callbacks signed under another INTERNAL_SECRET, stale or tampered', async () => {
    const s = setup();
    const p = deposit('0963456789');
    await s.provider.initiate(p);
    s.advance(1500);
    await s.provider.processDue();
    const received = asReceived(s.delivered[0]!);

    const elsewhere = setup({ secret: 'another-secret' });
    expect(await elsewhere.provider.verifyCallback(received)).toEqual({
      ok: false,
      reason: 'signature does not verify',
    });
    const tampered = {
      ...received,
      rawBody: new Uint8Array(
        Buffer.from(Buffer.from(received.rawBody).toString().replace('15.05', '1505')),
      ),
    };
    expect(await s.provider.verifyCallback(tampered)).toMatchObject({ ok: false });
    s.advance(5 * 60_000 + 1000);
    expect(await s.provider.verifyCallback(received)).toMatchObject({ ok: false });
  });

  it('predicts the operator from the prefix', async () => {
    const { provider } = setup();
    expect(await provider.predictOperator('0961234567')).toBe('mtn');
    expect(await provider.predictOperator('0771234567')).toBe('airtel');
    expect(await provider.predictOperator('0951234567')).toBe('zamtel');
    expect(await provider.predictOperator('0981234567')).toBeNull();
  });
});
