// The pawaPay v2 Merchant API behind the PaymentProvider interface. Any answer that does not say
// for certain what happened (timeout, network error, 5xx, UNKNOWN_ERROR) is "unknown", never a
// failure: the caller asks for the status later.
import { isValidZambianPhone } from '#site/shared/phone.ts';
import { verifyRequest, PAWAPAY_COVERED_COMPONENTS } from './http-signatures';
import { createPawapayKeyCache, type PublishedKey } from './pawapay-keys';
import {
  CUSTOMER_MESSAGE,
  describePayment,
  isUuid,
  operatorOfProvider,
  parseCallbackBody,
  pathOf,
  PAWAPAY_PROVIDER_OF,
  pawapayPaymentSchema,
} from './pawapay-wire';
import { zmwText } from '#game/ngwee.ts';
import { operatorFromPhone, toMsisdn } from './phone';
import type {
  CallbackVerification,
  InitiationResult,
  PaymentInstruction,
  PaymentProvider,
  StatusResult,
} from './provider';
import type { Operator, PaymentKind } from '#game/payment-vocabulary.ts';
import { clockOf, type Clock } from '../clock';

export const PAWAPAY_SANDBOX_BASE_URL = 'https://api.sandbox.pawapay.io';
export const PAWAPAY_DEFAULT_TIMEOUT_MS = 15_000;

export interface PawapayConfig {
  baseUrl: string;
  apiToken: string;
  timeoutMs?: number;
}

export interface PawapayDeps {
  fetch?: typeof fetch;
  clock?: Clock;
}

export interface OperationLimits {
  minAmount?: string;
  maxAmount?: string;
  status?: string;
}

export interface ZambiaConfiguration {
  signedCallbacks: boolean;
  providers: {
    operator: Operator;
    provider: string;
    deposit?: OperationLimits;
    payout?: OperationLimits;
  }[];
}

export interface PawapayProvider extends PaymentProvider {
  readonly name: 'pawapay';
  /** GET /v2/active-conf for Zambia: which of our three providers are enabled, with their limits. */
  activeConfiguration(): Promise<ZambiaConfiguration | { unknown: true; reason: string }>;
}

type ApiAnswer =
  { reached: true; status: number; body: unknown } | { reached: false; reason: string };

interface FailureReason {
  failureCode?: string;
  failureMessage?: string;
}

function recordOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function failureCodeOf(body: unknown): string | undefined {
  const reason = recordOf(recordOf(body).failureReason) as FailureReason;
  return typeof reason.failureCode === 'string' ? reason.failureCode : undefined;
}

function describeAnswer(answer: { status: number; body: unknown }): string {
  const code = failureCodeOf(answer.body);
  return code ? `HTTP ${answer.status} ${code}` : `HTTP ${answer.status}`;
}

/** Neither a timeout nor a server error tells whether pawaPay created the payment. */
function isInconclusive(answer: ApiAnswer): boolean {
  if (!answer.reached) return true;
  if (answer.status >= 500 || answer.status === 408 || answer.status === 429) return true;
  return failureCodeOf(answer.body) === 'UNKNOWN_ERROR';
}

function inconclusiveReason(answer: ApiAnswer): string {
  return answer.reached ? describeAnswer(answer) : answer.reason;
}

export function createPawapayProvider(
  config: PawapayConfig,
  deps: PawapayDeps = {},
): PawapayProvider {
  const fetchImpl = deps.fetch ?? fetch;
  const clock = clockOf(deps);
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? PAWAPAY_DEFAULT_TIMEOUT_MS;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ApiAnswer> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${config.apiToken}`,
      Accept: 'application/json',
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      const response = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text === '' ? null : JSON.parse(text);
      } catch {
        // Not JSON (a proxy's error page): keep the text for the reason.
      }
      return { reached: true, status: response.status, body: parsed };
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'TimeoutError' || name === 'AbortError') {
        return { reached: false, reason: `no answer within ${timeoutMs} ms` };
      }
      const message = error instanceof Error ? error.message : String(error);
      return { reached: false, reason: `network error: ${message}` };
    }
  }

  const keyLookup = createPawapayKeyCache({
    clock,
    fetchKeys: async () => {
      const answer = await call('GET', '/v2/public-key/http');
      if (!answer.reached || answer.status !== 200 || !Array.isArray(answer.body)) {
        throw new Error(`public keys unavailable: ${inconclusiveReason(answer)}`);
      }
      return answer.body.filter(
        (entry): entry is PublishedKey =>
          typeof recordOf(entry).id === 'string' && typeof recordOf(entry).key === 'string',
      );
    },
  });

  async function initiate(p: PaymentInstruction): Promise<InitiationResult> {
    if (!isUuid(p.paymentId)) return { outcome: 'rejected', reason: 'INVALID_PARAMETER' };
    if (!isValidZambianPhone(p.phone))
      return { outcome: 'rejected', reason: 'INVALID_PHONE_NUMBER' };
    if (!Number.isSafeInteger(p.amountNgwee) || p.amountNgwee <= 0) {
      return { outcome: 'rejected', reason: 'INVALID_AMOUNT' };
    }
    const party = {
      type: 'MMO',
      accountDetails: { phoneNumber: toMsisdn(p.phone), provider: PAWAPAY_PROVIDER_OF[p.operator] },
    };
    const common = {
      amount: zmwText(p.amountNgwee),
      currency: 'ZMW',
      customerMessage: CUSTOMER_MESSAGE[p.kind],
    };
    const body =
      p.kind === 'deposit'
        ? { depositId: p.paymentId, ...common, payer: party }
        : { payoutId: p.paymentId, ...common, recipient: party };
    const answer = await call('POST', `/v2/${pathOf(p.kind)}`, body);
    if (isInconclusive(answer)) return { outcome: 'unknown', reason: inconclusiveReason(answer) };
    if (!answer.reached) return { outcome: 'unknown', reason: answer.reason };

    const status = recordOf(answer.body).status;
    if (answer.status === 200) {
      if (status === 'ACCEPTED') return { outcome: 'accepted' };
      if (status === 'DUPLICATE_IGNORED') return { outcome: 'duplicate' };
      if (status === 'REJECTED') {
        return { outcome: 'rejected', reason: failureCodeOf(answer.body) ?? 'REJECTED' };
      }
      return { outcome: 'unknown', reason: `unexpected initiation status ${String(status)}` };
    }
    // A 4xx with a failure code: pawaPay refused the request before creating anything.
    const code = failureCodeOf(answer.body);
    if (answer.status >= 400 && answer.status < 500 && code)
      return { outcome: 'rejected', reason: code };
    return { outcome: 'unknown', reason: describeAnswer(answer) };
  }

  async function checkStatus(kind: PaymentKind, paymentId: string): Promise<StatusResult> {
    if (!isUuid(paymentId)) return { found: false };
    const answer = await call('GET', `/v2/${pathOf(kind)}/${paymentId}`);
    if (isInconclusive(answer) || !answer.reached) {
      return { unknown: true, reason: inconclusiveReason(answer) };
    }
    if (answer.status !== 200) return { unknown: true, reason: describeAnswer(answer) };
    const body = recordOf(answer.body);
    if (body.status === 'NOT_FOUND') return { found: false };
    if (body.status !== 'FOUND') {
      return { unknown: true, reason: `unexpected status answer ${String(body.status)}` };
    }
    const parsed = pawapayPaymentSchema.safeParse(body.data);
    const described = parsed.success ? describePayment(parsed.data, body.data) : null;
    if (!described || described.paymentId !== paymentId || described.kind !== kind) {
      return { unknown: true, reason: 'status answer does not describe this payment' };
    }
    return {
      found: true,
      status: described.status,
      providerStatus: described.providerStatus,
      ...(described.failureReason ? { failureReason: described.failureReason } : {}),
      ...(described.providerRef ? { providerRef: described.providerRef } : {}),
      reported: described.reported,
    };
  }

  async function resendCallback(kind: PaymentKind, paymentId: string): Promise<void> {
    const answer = await call('POST', `/v2/${pathOf(kind)}/resend-callback/${paymentId}`);
    if (answer.reached && answer.status === 200 && recordOf(answer.body).status === 'ACCEPTED') {
      return;
    }
    const reason = answer.reached
      ? (failureCodeOf(answer.body) ?? describeAnswer(answer))
      : answer.reason;
    throw new Error(`pawaPay did not resend the callback of ${kind} ${paymentId}: ${reason}`);
  }

  async function verifyCallback(req: Parameters<PaymentProvider['verifyCallback']>[0]) {
    const verified = await verifyRequest(
      {
        method: req.method,
        authority: req.authority,
        path: req.path,
        headers: req.headers,
        body: req.rawBody,
      },
      { keys: keyLookup, now: clock(), requiredComponents: PAWAPAY_COVERED_COMPONENTS },
    );
    if (!verified.ok) return verified satisfies CallbackVerification;
    return parseCallbackBody(req.rawBody) satisfies CallbackVerification;
  }

  async function predictOperator(phone: string): Promise<Operator | null> {
    if (!isValidZambianPhone(phone)) return null;
    const answer = await call('POST', '/v2/predict-provider', { phoneNumber: toMsisdn(phone) });
    // Without an answer the prefix still tells the network (numbers are not ported in Zambia yet).
    if (isInconclusive(answer) || !answer.reached) return operatorFromPhone(phone);
    const body = recordOf(answer.body);
    if (answer.status !== 200 || body.country !== 'ZMB' || typeof body.provider !== 'string') {
      return null;
    }
    return operatorOfProvider(body.provider);
  }

  async function activeConfiguration(): Promise<
    ZambiaConfiguration | { unknown: true; reason: string }
  > {
    const answer = await call('GET', '/v2/active-conf?country=ZMB');
    if (!answer.reached || answer.status !== 200) {
      return { unknown: true, reason: inconclusiveReason(answer) };
    }
    const body = recordOf(answer.body);
    const countries = Array.isArray(body.countries) ? body.countries : [];
    const zambia = countries.map(recordOf).find((c) => c.country === 'ZMB');
    const providers: ZambiaConfiguration['providers'] = [];
    for (const entry of Array.isArray(zambia?.providers) ? zambia.providers : []) {
      const provider = recordOf(entry);
      const operator =
        typeof provider.provider === 'string' ? operatorOfProvider(provider.provider) : null;
      if (!operator) continue;
      const currencies = Array.isArray(provider.currencies)
        ? provider.currencies.map(recordOf)
        : [];
      const zmw = currencies.find((c) => c.currency === 'ZMW');
      const operations = recordOf(zmw?.operationTypes);
      const limits = (op: unknown): OperationLimits | undefined => {
        if (op === undefined) return undefined;
        const { minAmount, maxAmount, status } = recordOf(op);
        return {
          ...(typeof minAmount === 'string' ? { minAmount } : {}),
          ...(typeof maxAmount === 'string' ? { maxAmount } : {}),
          ...(typeof status === 'string' ? { status } : {}),
        };
      };
      const deposit = limits(operations.DEPOSIT);
      const payout = limits(operations.PAYOUT);
      providers.push({
        operator,
        provider: provider.provider as string,
        ...(deposit ? { deposit } : {}),
        ...(payout ? { payout } : {}),
      });
    }
    const signature = recordOf(body.signatureConfiguration);
    return { signedCallbacks: signature.signedCallbacks === true, providers };
  }

  return {
    name: 'pawapay',
    initiate,
    checkStatus,
    resendCallback,
    verifyCallback,
    predictOperator,
    activeConfiguration,
  };
}
