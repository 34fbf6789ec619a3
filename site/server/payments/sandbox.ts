// The built-in payment provider: no network, no account. It behaves like a phone that answers the
// PIN prompt after `delayMs`, with outcomes chosen by the number's last digits (sandbox-outcomes.ts),
// and it delivers pawaPay-shaped v2 callbacks, signed per RFC 9421, to the site's own callback URL.
// Its state lives in a SandboxStore; the interval timer only drives it.
import { isValidZambianPhone } from '#site/shared/phone.ts';
import { decodeHex } from '@oslojs/encoding';
import { purposeKey } from '#wire/signing.ts';
import {
  signRequest,
  verifyRequest,
  type SigningKey,
  type VerificationKey,
} from './http-signatures';
import {
  CUSTOMER_MESSAGE,
  isUuid,
  parseCallbackBody,
  PAWAPAY_PROVIDER_OF,
  paymentStatusOf,
} from './pawapay-wire';
import { zmwText } from '#game/ngwee.ts';
import { fromMsisdn, operatorFromPhone, toMsisdn } from './phone';
import type {
  CallbackVerification,
  IncomingCallback,
  InitiationResult,
  PaymentInstruction,
  PaymentProvider,
  StatusResult,
} from './provider';
import type { Operator, PaymentKind } from '#game/payment-vocabulary.ts';
import { FAILURE_MESSAGES, sandboxOutcome } from './sandbox-outcomes';
import {
  isDue,
  isFinalStatus,
  type SandboxPaymentRecord,
  type SandboxStore,
} from './sandbox-store';
import { logFailure } from '../logging';
import { clockOf, type Clock } from '../clock';

export const SANDBOX_KEY_ID = 'sandbox-1';
export const SANDBOX_CALLBACK_PATH = '/api/payments/callback/sandbox';
export const SANDBOX_DEFAULT_DELAY_MS = 1500;
export const SANDBOX_TICK_MS = 250;
const MAX_RETRY_DELAY_MS = 30_000;

export interface OutgoingCallback {
  url: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** POSTs a callback and answers the HTTP status; throws when nothing answered. */
export type DeliverCallback = (callback: OutgoingCallback) => Promise<number>;

export interface SandboxConfig {
  /** The site's public origin; callbacks go to `${publicUrl}/api/payments/callback/sandbox`. */
  publicUrl: string;
  internalSecret: string;
  delayMs?: number;
  tickMs?: number;
}

export interface SandboxDeps {
  store: SandboxStore;
  clock?: Clock;
  deliver?: DeliverCallback;
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** Completes what is due and delivers undelivered callbacks; what the timer calls. */
  processDue(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

/** The HMAC key of the sandbox's callbacks, derived from INTERNAL_SECRET for this one use. */
export function sandboxCallbackSecret(internalSecret: string): Uint8Array {
  return decodeHex(purposeKey(internalSecret, 'payments-sandbox'));
}

export const deliverWithFetch: DeliverCallback = async ({ url, headers, body }) => {
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body: new Uint8Array(body),
    signal: AbortSignal.timeout(10_000),
  });
  await response.body?.cancel();
  return response.status;
};

function callbackBody(record: SandboxPaymentRecord): Record<string, unknown> {
  const operator = operatorFromPhone(fromMsisdn(record.msisdn) ?? '');
  const party = {
    type: 'MMO',
    accountDetails: {
      phoneNumber: record.msisdn,
      ...(operator ? { provider: PAWAPAY_PROVIDER_OF[operator] } : {}),
    },
  };
  return {
    ...(record.kind === 'deposit'
      ? { depositId: record.id, payer: party }
      : { payoutId: record.id, recipient: party }),
    status: record.status,
    amount: record.amount,
    currency: 'ZMW',
    country: 'ZMB',
    customerMessage: CUSTOMER_MESSAGE[record.kind],
    created: new Date(record.createdAt).toISOString(),
    ...(record.status === 'COMPLETED' ? { providerTransactionId: providerRefOf(record.id) } : {}),
    ...(record.failureCode
      ? {
          failureReason: {
            failureCode: record.failureCode,
            failureMessage: FAILURE_MESSAGES[record.failureCode] ?? record.failureCode,
          },
        }
      : {}),
  };
}

function providerRefOf(paymentId: string): string {
  return `SBX${paymentId.replace(/-/g, '').slice(0, 12).toUpperCase()}`;
}

export function createSandboxProvider(config: SandboxConfig, deps: SandboxDeps): SandboxProvider {
  const clock = clockOf(deps);
  const deliver = deps.deliver ?? deliverWithFetch;
  const delayMs = config.delayMs ?? SANDBOX_DEFAULT_DELAY_MS;
  const callbackUrl = new URL(SANDBOX_CALLBACK_PATH, config.publicUrl);
  const secret = sandboxCallbackSecret(config.internalSecret);
  const signingKey: SigningKey = { id: SANDBOX_KEY_ID, algorithm: 'hmac-sha256', secret };
  const verificationKey: VerificationKey = { id: SANDBOX_KEY_ID, algorithm: 'hmac-sha256', secret };

  // In this process only: retry pacing and the deliveries under way. A restart retries at once.
  const retryAt = new Map<string, { at: number; delay: number }>();
  const delivering = new Map<string, Promise<void>>();
  let initiating: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setInterval> | null = null;
  let ticking: Promise<void> | null = null;

  /** Moves a record whose time has come to its outcome; answers the record as it now is. */
  async function completeIfDue(record: SandboxPaymentRecord): Promise<SandboxPaymentRecord> {
    if (isFinalStatus(record.status) || !isDue(record, clock())) return record;
    const outcome = sandboxOutcome(record.kind, record.msisdn);
    if (outcome.status === 'SUBMITTED') {
      const stuck = { ...record, status: 'SUBMITTED' };
      await deps.store.put(stuck);
      return stuck;
    }
    const done: SandboxPaymentRecord = {
      ...record,
      status: outcome.status,
      failureCode: outcome.status === 'FAILED' ? outcome.failureCode : null,
      callbackDeliveredAt: null,
    };
    await deps.store.put(done);
    return done;
  }

  async function postCallback(record: SandboxPaymentRecord): Promise<void> {
    const body = new Uint8Array(Buffer.from(JSON.stringify(callbackBody(record))));
    const headers = { 'Content-Type': 'application/json; charset=UTF-8' };
    const signature = signRequest(
      { method: 'POST', authority: callbackUrl.host, path: callbackUrl.pathname, headers, body },
      { key: signingKey, now: clock(), label: 'sig-sandbox' },
    );
    // Nothing answered (connection refused, timeout) counts as a failed delivery, status 0.
    const status = await deliver({
      url: callbackUrl.href,
      headers: { ...headers, ...signature },
      body,
    }).catch(() => 0);
    if (status === 200) {
      retryAt.delete(record.id);
      await deps.store.markDelivered(record.id, clock());
      return;
    }
    const delay = Math.min(
      (retryAt.get(record.id)?.delay ?? SANDBOX_TICK_MS / 2) * 2,
      MAX_RETRY_DELAY_MS,
    );
    retryAt.set(record.id, { at: clock() + delay, delay });
  }

  /** One delivery per payment at a time; a resend waits for the one under way, then posts again. */
  async function deliverCallback(record: SandboxPaymentRecord, again = false): Promise<void> {
    const underway = delivering.get(record.id);
    if (underway && !again) return underway;
    const delivery = (async () => {
      await underway;
      await postCallback(record);
    })().finally(() => {
      if (delivering.get(record.id) === delivery) delivering.delete(record.id);
    });
    delivering.set(record.id, delivery);
    return delivery;
  }

  async function processDue(): Promise<void> {
    for (const due of await deps.store.due(clock())) {
      const record = await completeIfDue(due);
      if (!isFinalStatus(record.status) || record.callbackDeliveredAt !== null) continue;
      const retry = retryAt.get(record.id);
      if (retry && retry.at > clock()) continue;
      await deliverCallback(record);
    }
  }

  async function initiate(p: PaymentInstruction): Promise<InitiationResult> {
    if (!isUuid(p.paymentId)) return { outcome: 'rejected', reason: 'INVALID_PARAMETER' };
    if (!isValidZambianPhone(p.phone) || operatorFromPhone(p.phone) !== p.operator) {
      return { outcome: 'rejected', reason: 'INVALID_PHONE_NUMBER' };
    }
    if (!Number.isSafeInteger(p.amountNgwee) || p.amountNgwee <= 0) {
      return { outcome: 'rejected', reason: 'INVALID_AMOUNT' };
    }
    // One initiation at a time, so that two calls with the same id cannot both be accepted.
    const result = initiating.then(async (): Promise<InitiationResult> => {
      if (await deps.store.get(p.paymentId)) return { outcome: 'duplicate' };
      const now = clock();
      await deps.store.put({
        id: p.paymentId,
        kind: p.kind,
        msisdn: toMsisdn(p.phone),
        amount: zmwText(p.amountNgwee),
        status: 'ACCEPTED',
        failureCode: null,
        createdAt: now,
        completesAt: now + delayMs,
        callbackDeliveredAt: null,
      });
      return { outcome: 'accepted' };
    });
    initiating = result.catch(() => undefined);
    return result;
  }

  async function findRecord(kind: PaymentKind, id: string): Promise<SandboxPaymentRecord | null> {
    const record = await deps.store.get(id);
    return record && record.kind === kind ? completeIfDue(record) : null;
  }

  async function checkStatus(kind: PaymentKind, paymentId: string): Promise<StatusResult> {
    const record = await findRecord(kind, paymentId);
    if (!record) return { found: false };
    return {
      found: true,
      status: paymentStatusOf(record.status),
      providerStatus: record.status,
      ...(record.failureCode ? { failureReason: record.failureCode } : {}),
      ...(record.status === 'COMPLETED' ? { providerRef: providerRefOf(record.id) } : {}),
      reported: { amount: record.amount, currency: 'ZMW', msisdn: record.msisdn },
    };
  }

  async function resendCallback(kind: PaymentKind, paymentId: string): Promise<void> {
    const record = await findRecord(kind, paymentId);
    if (!record)
      throw new Error(`sandbox did not resend the callback of ${kind} ${paymentId}: NOT_FOUND`);
    if (!isFinalStatus(record.status)) {
      throw new Error(`sandbox did not resend the callback of ${kind} ${paymentId}: INVALID_STATE`);
    }
    await deps.store.put({ ...record, callbackDeliveredAt: null });
    retryAt.delete(paymentId);
    await deliverCallback(record, true);
  }

  async function verifyCallback(req: IncomingCallback): Promise<CallbackVerification> {
    const verified = await verifyRequest(
      {
        method: req.method,
        authority: req.authority,
        path: req.path,
        headers: req.headers,
        body: req.rawBody,
      },
      {
        keys: async (keyId) => (keyId === SANDBOX_KEY_ID ? verificationKey : undefined),
        now: clock(),
      },
    );
    if (!verified.ok) return verified;
    return parseCallbackBody(req.rawBody);
  }

  async function predictOperator(phone: string): Promise<Operator | null> {
    return operatorFromPhone(phone);
  }

  function tick(): void {
    if (ticking) return;
    ticking = processDue()
      .catch((error: unknown) => logFailure('payments', 'sandbox: processing failed', error))
      .finally(() => {
        ticking = null;
      });
  }

  return {
    name: 'sandbox',
    initiate,
    checkStatus,
    resendCallback,
    verifyCallback,
    predictOperator,
    processDue,
    start() {
      if (timer) return;
      timer = setInterval(tick, config.tickMs ?? SANDBOX_TICK_MS);
      timer.unref();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await ticking;
    },
  };
}
