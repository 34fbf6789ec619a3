import { describe, expect, it } from 'vitest';
import { createPawapayProvider } from '#site/server/payments/pawapay.ts';
import type { PaymentInstruction } from '#site/server/payments/provider.ts';

const ID = 'f4401bd2-1568-4140-bf2d-eb77d2b2b639';
const BASE = 'https://api.sandbox.pawapay.io';

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status: number; body: unknown } | 'network-error' | 'hang';

function stub(answer: Answer | ((sent: Sent) => Answer)) {
  const sent: Sent[] = [];
  const fetchStub = (async (input: string | URL | Request, init?: RequestInit) => {
    const request: Sent = {
      method: init?.method ?? 'GET',
      url: String(input),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(request);
    const a = typeof answer === 'function' ? answer(request) : answer;
    if (a === 'network-error') throw new TypeError('fetch failed');
    if (a === 'hang') {
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    }
    const text = typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
    return new Response(text, { status: a.status });
  }) as typeof fetch;
  const provider = createPawapayProvider(
    { baseUrl: `${BASE}/`, apiToken: 'token-123', timeoutMs: 50 },
    { fetch: fetchStub, clock: () => 0 },
  );
  return { provider, sent };
}

const deposit: PaymentInstruction = {
  paymentId: ID,
  kind: 'deposit',
  phone: '0763456789',
  operator: 'mtn',
  amountNgwee: 1550,
};

describe('pawaPay initiation requests', () => {
  it('POSTs a v2 deposit with the amount as a string, the MSISDN and the provider code', async () => {
    const { provider, sent } = stub({ status: 200, body: { depositId: ID, status: 'ACCEPTED' } });
    expect(await provider.initiate(deposit)).toEqual({ outcome: 'accepted' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url).toBe(`${BASE}/v2/deposits`);
    expect(sent[0]!.headers.authorization).toBe('Bearer token-123');
    expect(sent[0]!.headers['content-type']).toBe('application/json');
    expect(sent[0]!.body).toEqual({
      depositId: ID,
      amount: '15.5',
      currency: 'ZMW',
      customerMessage: 'Zed Truck deposit',
      payer: {
        type: 'MMO',
        accountDetails: { phoneNumber: '260763456789', provider: 'MTN_MOMO_ZMB' },
      },
    });
  });

  it('POSTs a v2 payout to the recipient', async () => {
    const { provider, sent } = stub({ status: 200, body: { payoutId: ID, status: 'ACCEPTED' } });
    const payout = {
      ...deposit,
      kind: 'withdrawal',
      phone: '0951234567',
      operator: 'zamtel',
      amountNgwee: 2000,
    } as const;
    expect(await provider.initiate(payout)).toEqual({ outcome: 'accepted' });
    expect(sent[0]!.url).toBe(`${BASE}/v2/payouts`);
    expect(sent[0]!.body).toEqual({
      payoutId: ID,
      amount: '20',
      currency: 'ZMW',
      customerMessage: 'Zed Truck withdrawal',
      recipient: {
        type: 'MMO',
        accountDetails: { phoneNumber: '260951234567', provider: 'ZAMTEL_ZMB' },
      },
    });
    const message = (sent[0]!.body as { customerMessage: string }).customerMessage;
    expect(message.length).toBeGreaterThanOrEqual(4);
    expect(message.length).toBeLessThanOrEqual(22);
  });

  it('uses the Airtel provider code for Airtel', async () => {
    const { provider, sent } = stub({ status: 200, body: { depositId: ID, status: 'ACCEPTED' } });
    await provider.initiate({ ...deposit, phone: '0971234567', operator: 'airtel' });
    expect(sent[0]!.body).toMatchObject({
      payer: { accountDetails: { provider: 'AIRTEL_OAPI_ZMB' } },
    });
  });

  it('sends nothing for an invalid number, amount or id', async () => {
    const { provider, sent } = stub({ status: 200, body: {} });
    expect(await provider.initiate({ ...deposit, phone: '0981234567' })).toEqual({
      outcome: 'rejected',
      reason: 'INVALID_PHONE_NUMBER',
    });
    expect(await provider.initiate({ ...deposit, amountNgwee: 0 })).toEqual({
      outcome: 'rejected',
      reason: 'INVALID_AMOUNT',
    });
    expect(await provider.initiate({ ...deposit, amountNgwee: 10.5 })).toMatchObject({
      outcome: 'rejected',
    });
    expect(await provider.initiate({ ...deposit, paymentId: 'not-a-uuid' })).toMatchObject({
      outcome: 'rejected',
    });
    expect(sent).toHaveLength(0);
  });
});

describe('pawaPay initiation answers', () => {
  it.each<[string, Answer, unknown]>([
    [
      'ACCEPTED',
      { status: 200, body: { depositId: ID, status: 'ACCEPTED' } },
      { outcome: 'accepted' },
    ],
    [
      'DUPLICATE_IGNORED',
      { status: 200, body: { depositId: ID, status: 'DUPLICATE_IGNORED' } },
      { outcome: 'duplicate' },
    ],
    [
      'REJECTED with its failure code',
      {
        status: 200,
        body: {
          depositId: ID,
          status: 'REJECTED',
          failureReason: { failureCode: 'AMOUNT_OUT_OF_BOUNDS', failureMessage: 'too much' },
        },
      },
      { outcome: 'rejected', reason: 'AMOUNT_OUT_OF_BOUNDS' },
    ],
    [
      'a 400 with a failure code (nothing was created)',
      {
        status: 400,
        body: { status: 'REJECTED', failureReason: { failureCode: 'INVALID_PARAMETER' } },
      },
      { outcome: 'rejected', reason: 'INVALID_PARAMETER' },
    ],
    [
      'a 403 with a failure code',
      {
        status: 403,
        body: { status: 'REJECTED', failureReason: { failureCode: 'AUTHENTICATION_ERROR' } },
      },
      { outcome: 'rejected', reason: 'AUTHENTICATION_ERROR' },
    ],
    [
      'UNKNOWN_ERROR with HTTP 500',
      {
        status: 500,
        body: { status: 'REJECTED', failureReason: { failureCode: 'UNKNOWN_ERROR' } },
      },
      { outcome: 'unknown', reason: 'HTTP 500 UNKNOWN_ERROR' },
    ],
    [
      'UNKNOWN_ERROR even with HTTP 200',
      {
        status: 200,
        body: { status: 'REJECTED', failureReason: { failureCode: 'UNKNOWN_ERROR' } },
      },
      { outcome: 'unknown', reason: 'HTTP 200 UNKNOWN_ERROR' },
    ],
    [
      'a 502 page from a proxy',
      { status: 502, body: '<html>Bad gateway</html>' },
      { outcome: 'unknown', reason: 'HTTP 502' },
    ],
    ['a 429', { status: 429, body: {} }, { outcome: 'unknown', reason: 'HTTP 429' }],
    [
      'a 404 without a failure code',
      { status: 404, body: 'nope' },
      { outcome: 'unknown', reason: 'HTTP 404' },
    ],
    [
      'an unexpected status',
      { status: 200, body: { depositId: ID, status: 'WHATEVER' } },
      { outcome: 'unknown', reason: 'unexpected initiation status WHATEVER' },
    ],
    [
      'a 200 that is not JSON',
      { status: 200, body: 'ok' },
      { outcome: 'unknown', reason: 'unexpected initiation status undefined' },
    ],
    [
      'a network error',
      'network-error',
      { outcome: 'unknown', reason: 'network error: fetch failed' },
    ],
    ['a timeout', 'hang', { outcome: 'unknown', reason: 'no answer within 50 ms' }],
  ])('%s', async (_, answer, expected) => {
    const { provider } = stub(answer);
    expect(await provider.initiate(deposit)).toEqual(expected);
  });
});

describe('pawaPay status checks', () => {
  const found = (data: Record<string, unknown>): Answer => ({
    status: 200,
    body: {
      status: 'FOUND',
      data: {
        depositId: ID,
        amount: '15.50',
        currency: 'ZMW',
        payer: { type: 'MMO', accountDetails: { phoneNumber: '260961234567' } },
        ...data,
      },
    },
  });
  const reported = { amount: '15.50', currency: 'ZMW', msisdn: '260961234567' };

  it.each([
    ['ACCEPTED', 'pending'],
    ['SUBMITTED', 'pending'],
    ['PROCESSING', 'pending'],
    ['ENQUEUED', 'pending'],
    ['IN_RECONCILIATION', 'pending'],
    ['COMPLETED', 'completed'],
    ['FAILED', 'failed'],
  ])('%s is %s', async (providerStatus, status) => {
    const { provider, sent } = stub(found({ status: providerStatus }));
    expect(await provider.checkStatus('deposit', ID)).toEqual({
      found: true,
      status,
      providerStatus,
      reported,
    });
    expect(sent[0]).toMatchObject({ method: 'GET', url: `${BASE}/v2/deposits/${ID}` });
  });

  it('carries the failure code and the provider reference', async () => {
    const { provider } = stub(
      found({
        status: 'FAILED',
        failureReason: { failureCode: 'PAYMENT_NOT_APPROVED', failureMessage: 'no' },
      }),
    );
    expect(await provider.checkStatus('deposit', ID)).toEqual({
      found: true,
      status: 'failed',
      providerStatus: 'FAILED',
      failureReason: 'PAYMENT_NOT_APPROVED',
      reported,
    });
    const completed = stub(found({ status: 'COMPLETED', providerTransactionId: 'MP123' }));
    expect(await completed.provider.checkStatus('deposit', ID)).toMatchObject({
      providerRef: 'MP123',
    });
  });

  it('asks the payouts endpoint for a withdrawal', async () => {
    const { provider, sent } = stub({
      status: 200,
      body: { status: 'FOUND', data: { payoutId: ID, status: 'COMPLETED' } },
    });
    expect(await provider.checkStatus('withdrawal', ID)).toMatchObject({
      found: true,
      status: 'completed',
    });
    expect(sent[0]!.url).toBe(`${BASE}/v2/payouts/${ID}`);
  });

  it('answers not found, and unknown when it cannot tell', async () => {
    expect(
      await stub({ status: 200, body: { status: 'NOT_FOUND' } }).provider.checkStatus(
        'deposit',
        ID,
      ),
    ).toEqual({
      found: false,
    });
    for (const answer of ['hang', 'network-error', { status: 500, body: {} }] as Answer[]) {
      expect(await stub(answer).provider.checkStatus('deposit', ID)).toMatchObject({
        unknown: true,
      });
    }
    const other = stub(
      found({ depositId: '8917c345-4791-4285-a416-62f24b6982db', status: 'COMPLETED' }),
    );
    expect(await other.provider.checkStatus('deposit', ID)).toEqual({
      unknown: true,
      reason: 'status answer does not describe this payment',
    });
  });
});

describe('pawaPay resend-callback and predict-provider', () => {
  it('POSTs resend-callback and throws on a refusal', async () => {
    const ok = stub({ status: 200, body: { depositId: ID, status: 'ACCEPTED' } });
    await ok.provider.resendCallback('deposit', ID);
    expect(ok.sent[0]).toMatchObject({
      method: 'POST',
      url: `${BASE}/v2/deposits/resend-callback/${ID}`,
    });
    const refused = stub({
      status: 200,
      body: { payoutId: ID, status: 'REJECTED', failureReason: { failureCode: 'INVALID_STATE' } },
    });
    await expect(refused.provider.resendCallback('withdrawal', ID)).rejects.toThrow(
      /INVALID_STATE/,
    );
    expect(refused.sent[0]!.url).toBe(`${BASE}/v2/payouts/resend-callback/${ID}`);
  });

  it('maps the predicted provider to an operator', async () => {
    const { provider, sent } = stub({
      status: 200,
      body: { country: 'ZMB', provider: 'AIRTEL_OAPI_ZMB', phoneNumber: '260971234567' },
    });
    expect(await provider.predictOperator('0971234567')).toBe('airtel');
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: `${BASE}/v2/predict-provider`,
      body: { phoneNumber: '260971234567' },
    });
  });

  it('answers null for numbers it cannot place, and the prefix when pawaPay is unreachable', async () => {
    const foreign = stub({ status: 200, body: { country: 'RWA', provider: 'MTN_MOMO_RWA' } });
    expect(await foreign.provider.predictOperator('0961234567')).toBeNull();
    const invalid = stub({ status: 200, body: {} });
    expect(await invalid.provider.predictOperator('12345')).toBeNull();
    expect(invalid.sent).toHaveLength(0);
    expect(await stub('network-error').provider.predictOperator('0951234567')).toBe('zamtel');
  });
});

describe('pawaPay active configuration', () => {
  it('reads the Zambian providers, their limits and whether callbacks are signed', async () => {
    const { provider, sent } = stub({
      status: 200,
      body: {
        signatureConfiguration: { signedRequestsOnly: false, signedCallbacks: true },
        countries: [
          {
            country: 'ZMB',
            providers: [
              {
                provider: 'MTN_MOMO_ZMB',
                currencies: [
                  {
                    currency: 'ZMW',
                    operationTypes: {
                      DEPOSIT: { minAmount: '1', maxAmount: '20000', status: 'OPERATIONAL' },
                      PAYOUT: { minAmount: '1', maxAmount: '5000', status: 'DELAYED' },
                    },
                  },
                ],
              },
              { provider: 'SOMETHING_ELSE', currencies: [] },
            ],
          },
        ],
      },
    });
    expect(await provider.activeConfiguration()).toEqual({
      signedCallbacks: true,
      providers: [
        {
          operator: 'mtn',
          provider: 'MTN_MOMO_ZMB',
          deposit: { minAmount: '1', maxAmount: '20000', status: 'OPERATIONAL' },
          payout: { minAmount: '1', maxAmount: '5000', status: 'DELAYED' },
        },
      ],
    });
    expect(sent[0]!.url).toBe(`${BASE}/v2/active-conf?country=ZMB`);
  });
});
