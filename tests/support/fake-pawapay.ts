// A local stand-in for pawaPay's v2 Merchant API (sandbox behaviour), on 127.0.0.1 and a free port:
// the server, its routes and its state. It checks the bearer token, keeps payments by their
// client-generated UUID, answers DUPLICATE_IGNORED to a repeated id, settles them by the MSISDN's
// last digits (fake-pawapay/payments.ts), fails or hangs on request, and POSTs callbacks signed per
// RFC 9421 with its own ECDSA P-256 key (fake-pawapay/signer.ts), whose public half it serves at
// /v2/public-key/http.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { activeConf, predictProvider } from './fake-pawapay/account';
import { json, readBody, rejected } from './fake-pawapay/http';
import {
  idFieldOf,
  initiation,
  kindOfPath,
  paymentView,
  settle,
  type FakeKind,
  type FakePayment,
} from './fake-pawapay/payments';
import { newSigner, signedHeaders, type SignatureEncoding } from './fake-pawapay/signer';

export type { FakeKind, FakePayment } from './fake-pawapay/payments';

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
  signatureEncoding?: SignatureEncoding;
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
        headers: signedHeaders(signer, url, body, clock(), options.signatureEncoding ?? 'der'),
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
      if (settle(payment) && callbackUrl) void deliverCallback(payment.id);
    }, completeAfterMs);
    timers.add(timer);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    log.push({ method, path: url.pathname });
    const rawBody = (await readBody(req)).toString('utf8');

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
      const kind: FakeKind = kindOfPath(initiate[1]);
      if (failing && !failing.create) return fail();
      const checked = initiation(kind, body, clock());
      if ('refuse' in checked) return failing ? fail() : json(res, ...checked.refuse);
      const idField = idFieldOf(kind);
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
      const kind: FakeKind = kindOfPath(status[1]);
      const payment = payments.get(status[2]!);
      if (!payment || payment.kind !== kind)
        return json(res, 200, { status: 'NOT_FOUND', data: null });
      return json(res, 200, { status: 'FOUND', data: paymentView(payment) });
    }

    const resend = /^\/v2\/(deposits|payouts)\/resend-callback\/([^/]+)$/.exec(url.pathname);
    if (method === 'POST' && resend) {
      const kind: FakeKind = kindOfPath(resend[1]);
      const idField = idFieldOf(kind);
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

    if (method === 'GET' && url.pathname === '/v2/active-conf') return json(res, 200, activeConf());
    if (method === 'POST' && url.pathname === '/v2/predict-provider') {
      return json(res, ...predictProvider(body));
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
