// A local stand-in for pawaPay's v2 Merchant API (sandbox behaviour), on 127.0.0.1 and a free port.
// It checks the bearer token, keeps payments by their client-generated UUID, answers
// DUPLICATE_IGNORED to a repeated id, decides outcomes by the MSISDN's last digits like pawaPay's
// sandbox, and POSTs callbacks signed per RFC 9421 with its own ECDSA P-256 key, whose public half
// it serves at /v2/public-key/http. It signs with its own code (not the site's) so that the site's
// verifier is checked against an independent signer.
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeOutcome, providerOfMsisdn } from './fake-pawapay/test-numbers';

export type FakeKind = 'deposit' | 'payout';

export interface FakePayment {
  id: string;
  kind: FakeKind;
  status: string;
  amount: string;
  currency: string;
  msisdn: string;
  provider: string;
  customerMessage?: string;
  created: string;
  failureCode?: string;
  providerTransactionId?: string;
}

export interface SentCallback {
  id: string;
  status: string;
  /** The HTTP status the site answered, or null when it could not be reached. */
  answeredWith: number | null;
}

export type FailureMode =
  /** HTTP 500 with failureCode UNKNOWN_ERROR. */
  | 'unknown-error'
  /** Accept the request and never answer (the client times out). */
  | 'hang';

export interface CallbackOverride {
  status?: string;
  amount?: string;
  currency?: string;
  msisdn?: string;
}

export interface FakePawapayOptions {
  apiToken?: string;
  keyId?: string;
  /** Where callbacks go; none are sent until it is set. */
  callbackUrl?: string;
  /** How long after acceptance a payment reaches its outcome. */
  completeAfterMs?: number;
  /** ECDSA signature encoding: pawaPay's own samples emit DER; RFC 9421 asks for r‖s. */
  signatureEncoding?: 'der' | 'ieee-p1363';
  /** Milliseconds since the epoch, for the signature times. */
  clock?: () => number;
}

export interface FakePawapay {
  baseUrl: string;
  apiToken: string;
  keyId(): string;
  setCallbackUrl(url: string): void;
  /**
   * The next `count` API calls (not the public-key one) fail this way. With `create`, a payment
   * initiation is still recorded and processed first, as when pawaPay did the work but the answer
   * was lost.
   */
  failNext(mode: FailureMode, options?: { count?: number; create?: boolean }): void;
  payment(id: string): FakePayment | undefined;
  callbacks(): SentCallback[];
  /**
   * Sends the payment's callback now (again, for duplicates), optionally with another status
   * (reordering) or other details (a callback that disagrees with the request).
   */
  deliverCallback(id: string, override?: CallbackOverride): Promise<number | null>;
  /** Changes what the fake holds for a payment (its status checks and callbacks report it so). */
  alter(
    id: string,
    changes: Partial<Pick<FakePayment, 'status' | 'amount' | 'currency' | 'msisdn'>>,
  ): void;
  /** Replaces the signing key; the public-key endpoint serves only the new one. */
  rotateKey(newKeyId: string): void;
  requests(): { method: string; path: string }[];
  close(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const AMOUNT = /^(0|[1-9]\d*)(\.\d{1,2})?$/;
const COVERED = '"@method" "@authority" "@path" "signature-date" "content-digest" "content-type"';

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

function rejected(failureCode: string, failureMessage: string) {
  return { status: 'REJECTED', failureReason: { failureCode, failureMessage } };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

export async function startFakePawapay(options: FakePawapayOptions = {}): Promise<FakePawapay> {
  const apiToken = options.apiToken ?? 'fake-pawapay-token';
  const completeAfterMs = options.completeAfterMs ?? 20;
  const clock = options.clock ?? Date.now;
  let callbackUrl = options.callbackUrl ?? null;
  let signer = newSigner(options.keyId ?? 'HTTP_EC_P256_KEY:1');
  const payments = new Map<string, FakePayment>();
  const sent: SentCallback[] = [];
  const log: { method: string; path: string }[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const hanging = new Set<ServerResponse>();
  let failures: { mode: FailureMode; create: boolean; left: number } | null = null;

  function newSigner(keyId: string): { keyId: string; privateKey: KeyObject; publicPem: string } {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    return {
      keyId,
      privateKey,
      publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    };
  }

  function paymentView(p: FakePayment): Record<string, unknown> {
    const party = { type: 'MMO', accountDetails: { phoneNumber: p.msisdn, provider: p.provider } };
    return {
      [p.kind === 'deposit' ? 'depositId' : 'payoutId']: p.id,
      status: p.status,
      amount: p.amount,
      currency: p.currency,
      country: 'ZMB',
      [p.kind === 'deposit' ? 'payer' : 'recipient']: party,
      ...(p.customerMessage ? { customerMessage: p.customerMessage } : {}),
      created: p.created,
      ...(p.providerTransactionId ? { providerTransactionId: p.providerTransactionId } : {}),
      ...(p.failureCode
        ? {
            failureReason: {
              failureCode: p.failureCode,
              failureMessage: `Sandbox ${p.failureCode}`,
            },
          }
        : {}),
    };
  }

  function signedHeaders(url: URL, body: Buffer): Record<string, string> {
    const now = clock();
    const created = Math.floor(now / 1000);
    const contentType = 'application/json; charset=UTF-8';
    const digest = `sha-512=:${createHash('sha512').update(body).digest('base64')}:`;
    const signatureDate = new Date(now).toISOString();
    const params = `(${COVERED});alg="ecdsa-p256-sha256";keyid="${signer.keyId}";created=${created};expires=${created + 60}`;
    const base = [
      `"@method": POST`,
      `"@authority": ${url.host}`,
      `"@path": ${url.pathname}`,
      `"signature-date": ${signatureDate}`,
      `"content-digest": ${digest}`,
      `"content-type": ${contentType}`,
      `"@signature-params": ${params}`,
    ].join('\n');
    const signature = sign('sha256', Buffer.from(base), {
      key: signer.privateKey,
      dsaEncoding: options.signatureEncoding ?? 'der',
    });
    return {
      'Content-Type': contentType,
      'Content-Digest': digest,
      'Signature-Date': signatureDate,
      'Signature-Input': `sig-pp=${params}`,
      Signature: `sig-pp=:${signature.toString('base64')}:`,
    };
  }

  async function deliverCallback(id: string, override: CallbackOverride = {}) {
    const payment = payments.get(id);
    if (!payment) throw new Error(`the fake holds no payment ${id}`);
    if (!callbackUrl) throw new Error('the fake has no callback URL');
    const view: Record<string, unknown> = {
      ...paymentView({
        ...payment,
        ...(override.amount ? { amount: override.amount } : {}),
        ...(override.currency ? { currency: override.currency } : {}),
        ...(override.msisdn ? { msisdn: override.msisdn } : {}),
      }),
      ...(override.status ? { status: override.status } : {}),
    };
    if (override.status && override.status !== 'FAILED') delete view.failureReason;
    const url = new URL(callbackUrl);
    const body = Buffer.from(JSON.stringify(view));
    let answeredWith: number | null;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: signedHeaders(url, body),
        body: new Uint8Array(body),
        signal: AbortSignal.timeout(5_000),
      });
      await response.body?.cancel();
      answeredWith = response.status;
    } catch {
      answeredWith = null;
    }
    sent.push({ id, status: String(view.status), answeredWith });
    return answeredWith;
  }

  function settleLater(payment: FakePayment): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      const outcome = fakeOutcome(payment.kind, payment.provider, payment.msisdn);
      payment.status = outcome.status;
      if (outcome.status === 'FAILED') payment.failureCode = outcome.failureCode;
      if (outcome.status === 'COMPLETED') {
        payment.providerTransactionId = `FAKE${payment.id.replace(/-/g, '').slice(0, 10)}`;
      }
      if (outcome.status !== 'SUBMITTED' && callbackUrl) void deliverCallback(payment.id);
    }, completeAfterMs);
    timers.add(timer);
  }

  /** Validates an initiation; answers the refusal to send, or the payment to create. */
  function initiation(
    kind: FakeKind,
    body: unknown,
  ): { refuse: [number, unknown] } | { payment: FakePayment } {
    const b = record(body);
    const idField = kind === 'deposit' ? 'depositId' : 'payoutId';
    const party = record(b[kind === 'deposit' ? 'payer' : 'recipient']);
    const account = record(party.accountDetails);
    const id = b[idField];
    if (typeof id !== 'string' || !UUID.test(id)) {
      return { refuse: [400, rejected('INVALID_PARAMETER', `${idField} must be a UUIDv4`)] };
    }
    if (typeof b.amount !== 'string' || !AMOUNT.test(b.amount) || Number(b.amount) <= 0) {
      return {
        refuse: [400, rejected('INVALID_PARAMETER', 'amount must be a positive decimal string')],
      };
    }
    if (b.currency !== 'ZMW')
      return { refuse: [200, { [idField]: id, ...rejected('INVALID_CURRENCY', 'ZMW only') }] };
    if (
      party.type !== 'MMO' ||
      typeof account.phoneNumber !== 'string' ||
      typeof account.provider !== 'string'
    ) {
      return {
        refuse: [400, rejected('MISSING_PARAMETER', 'the MMO account details are required')],
      };
    }
    const message = b.customerMessage;
    if (
      message !== undefined &&
      (typeof message !== 'string' || message.length < 4 || message.length > 22)
    ) {
      return {
        refuse: [400, rejected('INVALID_PARAMETER', 'customerMessage must be 4 to 22 characters')],
      };
    }
    if (providerOfMsisdn(account.phoneNumber) !== account.provider) {
      return {
        refuse: [
          200,
          {
            [idField]: id,
            ...rejected(
              'INVALID_PHONE_NUMBER',
              `The phone number '${account.phoneNumber}' is invalid for provider '${account.provider}'.`,
            ),
          },
        ],
      };
    }
    return {
      payment: {
        id,
        kind,
        status: 'ACCEPTED',
        amount: b.amount,
        currency: 'ZMW',
        msisdn: account.phoneNumber,
        provider: account.provider,
        ...(typeof message === 'string' ? { customerMessage: message } : {}),
        created: new Date(clock()).toISOString(),
      },
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    log.push({ method, path: url.pathname });
    const rawBody = await readBody(req);

    if (method === 'GET' && url.pathname === '/v2/public-key/http') {
      return json(res, 200, [{ id: signer.keyId, key: signer.publicPem }]);
    }

    const auth = req.headers.authorization;
    if (!auth) return json(res, 401, rejected('NO_AUTHENTICATION', 'No API token in the request.'));
    if (auth !== `Bearer ${apiToken}`) {
      return json(res, 403, rejected('AUTHENTICATION_ERROR', 'The API token is not valid.'));
    }

    let body: unknown = null;
    if (rawBody !== '') {
      try {
        body = JSON.parse(rawBody);
      } catch {
        return json(res, 400, rejected('INVALID_INPUT', 'The body is not JSON.'));
      }
    }

    const failing = failures && failures.left > 0 ? failures : null;
    if (failing) failing.left--;
    const fail = (): void => {
      if (failing?.mode === 'hang') {
        hanging.add(res);
        return;
      }
      json(res, 500, rejected('UNKNOWN_ERROR', 'Something went wrong.'));
    };

    const initiate = /^\/v2\/(deposits|payouts)$/.exec(url.pathname);
    if (method === 'POST' && initiate) {
      const kind: FakeKind = initiate[1] === 'deposits' ? 'deposit' : 'payout';
      if (failing && !failing.create) return fail();
      const checked = initiation(kind, body);
      if ('refuse' in checked) return failing ? fail() : json(res, ...checked.refuse);
      const idField = kind === 'deposit' ? 'depositId' : 'payoutId';
      const existing = payments.get(checked.payment.id);
      if (existing) {
        if (failing) return fail();
        return json(res, 200, {
          [idField]: existing.id,
          status: 'DUPLICATE_IGNORED',
          created: existing.created,
        });
      }
      payments.set(checked.payment.id, checked.payment);
      settleLater(checked.payment);
      if (failing) return fail();
      return json(res, 200, {
        [idField]: checked.payment.id,
        status: 'ACCEPTED',
        created: checked.payment.created,
      });
    }
    if (failing) return fail();

    const status = /^\/v2\/(deposits|payouts)\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && status) {
      const kind: FakeKind = status[1] === 'deposits' ? 'deposit' : 'payout';
      const payment = payments.get(status[2]!);
      if (!payment || payment.kind !== kind)
        return json(res, 200, { status: 'NOT_FOUND', data: null });
      return json(res, 200, { status: 'FOUND', data: paymentView(payment) });
    }

    const resend = /^\/v2\/(deposits|payouts)\/resend-callback\/([^/]+)$/.exec(url.pathname);
    if (method === 'POST' && resend) {
      const kind: FakeKind = resend[1] === 'deposits' ? 'deposit' : 'payout';
      const idField = kind === 'deposit' ? 'depositId' : 'payoutId';
      const id = resend[2]!;
      const payment = payments.get(id);
      if (!payment || payment.kind !== kind) {
        return json(res, 200, { [idField]: id, ...rejected('NOT_FOUND', 'No such payment.') });
      }
      if (payment.status !== 'COMPLETED' && payment.status !== 'FAILED') {
        return json(res, 200, {
          [idField]: id,
          ...rejected('INVALID_STATE', 'The payment is not final.'),
        });
      }
      json(res, 200, { [idField]: id, status: 'ACCEPTED' });
      if (callbackUrl) void deliverCallback(id);
      return;
    }

    if (method === 'GET' && url.pathname === '/v2/active-conf') {
      const operation = (status: string) => ({
        minAmount: '1',
        maxAmount: '20000',
        decimalsInAmount: 'TWO_PLACES',
        status,
      });
      return json(res, 200, {
        companyName: 'Fake Merchant',
        signatureConfiguration: { signedRequestsOnly: false, signedCallbacks: true },
        countries: [
          {
            country: 'ZMB',
            prefix: '260',
            providers: ['MTN_MOMO_ZMB', 'AIRTEL_OAPI_ZMB', 'ZAMTEL_ZMB'].map((provider) => ({
              provider,
              currencies: [
                {
                  currency: 'ZMW',
                  operationTypes: {
                    DEPOSIT: operation('OPERATIONAL'),
                    PAYOUT: operation('OPERATIONAL'),
                  },
                },
              ],
            })),
          },
        ],
      });
    }

    if (method === 'POST' && url.pathname === '/v2/predict-provider') {
      const given = record(body).phoneNumber;
      const digits = typeof given === 'string' ? given.replace(/\D/g, '') : '';
      const msisdn = digits.startsWith('0') ? `260${digits.slice(1)}` : digits;
      const provider = providerOfMsisdn(msisdn);
      if (!provider) {
        return json(res, 400, rejected('INVALID_PHONE_NUMBER', 'Not a valid phone number.'));
      }
      return json(res, 200, { country: 'ZMB', provider, phoneNumber: msisdn });
    }

    return json(res, 404, rejected('NOT_FOUND', `No endpoint ${method} ${url.pathname}`));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, rejected('UNKNOWN_ERROR', String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiToken,
    keyId: () => signer.keyId,
    setCallbackUrl(url) {
      callbackUrl = url;
    },
    failNext(mode, failOptions = {}) {
      failures = { mode, create: failOptions.create ?? false, left: failOptions.count ?? 1 };
    },
    payment: (id) => {
      const payment = payments.get(id);
      return payment ? { ...payment } : undefined;
    },
    callbacks: () => sent.map((callback) => ({ ...callback })),
    deliverCallback,
    alter(id, changes) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`the fake holds no payment ${id}`);
      Object.assign(payment, changes);
    },
    rotateKey(newKeyId) {
      signer = newSigner(newKeyId);
    },
    requests: () => log.map((entry) => ({ ...entry })),
    async close() {
      for (const timer of timers) clearTimeout(timer);
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
