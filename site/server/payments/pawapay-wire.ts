// pawaPay v2's vocabulary: provider codes, statuses and the shape of a payment as pawaPay reports
// it (in status checks and in callbacks). The sandbox speaks the same language.
import { z } from 'zod';
import type { ReportedPayment, VerifiedCallback } from './provider';
import type { Operator, PaymentKind, PaymentStatus } from '#game/payment-vocabulary.ts';

export const PAWAPAY_PROVIDER_OF: Readonly<Record<Operator, string>> = {
  mtn: 'MTN_MOMO_ZMB',
  airtel: 'AIRTEL_OAPI_ZMB',
  zamtel: 'ZAMTEL_ZMB',
};

export function operatorOfProvider(provider: string): Operator | null {
  for (const [operator, code] of Object.entries(PAWAPAY_PROVIDER_OF)) {
    if (code === provider) return operator as Operator;
  }
  return null;
}

/**
 * COMPLETED and FAILED are final; every other status (ACCEPTED, ENQUEUED, SUBMITTED, PROCESSING,
 * IN_RECONCILIATION, or one added later) means "not decided yet", never failed.
 */
export function paymentStatusOf(providerStatus: string): PaymentStatus {
  if (providerStatus === 'COMPLETED') return 'completed';
  if (providerStatus === 'FAILED') return 'failed';
  return 'pending';
}

export const FINAL_STATUSES: ReadonlySet<string> = new Set(['COMPLETED', 'FAILED']);

/** "deposits" / "payouts": the path segment of each kind. */
export function pathOf(kind: PaymentKind): 'deposits' | 'payouts' {
  return kind === 'deposit' ? 'deposits' : 'payouts';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

const failureReasonSchema = z
  .object({ failureCode: z.string(), failureMessage: z.string().optional() })
  .nullish();

export const pawapayPaymentSchema = z.looseObject({
  depositId: z.string().regex(UUID).optional(),
  payoutId: z.string().regex(UUID).optional(),
  status: z.string().min(1),
  failureReason: failureReasonSchema,
  providerTransactionId: z.string().nullish(),
});

export type PawapayPayment = z.infer<typeof pawapayPaymentSchema>;

function textOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** The amount, currency and MSISDN of a pawaPay payment record (`payer` or `recipient`). */
export function reportedOf(payment: Record<string, unknown>): ReportedPayment {
  const party = payment.depositId !== undefined ? payment.payer : payment.recipient;
  const details =
    typeof party === 'object' && party !== null
      ? (party as { accountDetails?: unknown }).accountDetails
      : undefined;
  const phoneNumber =
    typeof details === 'object' && details !== null
      ? (details as { phoneNumber?: unknown }).phoneNumber
      : undefined;
  return {
    amount: textOf(payment.amount),
    currency: textOf(payment.currency),
    msisdn: textOf(phoneNumber),
  };
}

/** A pawaPay deposit or payout record → what the wallet needs; null if it names no payment. */
export function describePayment(
  payment: PawapayPayment,
  payload: unknown,
): VerifiedCallback | null {
  const ids = [payment.depositId, payment.payoutId].filter((id) => id !== undefined);
  if (ids.length !== 1) return null;
  const kind: PaymentKind = payment.depositId !== undefined ? 'deposit' : 'withdrawal';
  return {
    paymentId: ids[0]!,
    kind,
    status: paymentStatusOf(payment.status),
    providerStatus: payment.status,
    ...(payment.failureReason ? { failureReason: payment.failureReason.failureCode } : {}),
    ...(payment.providerTransactionId ? { providerRef: payment.providerTransactionId } : {}),
    reported: reportedOf(payment),
    payload,
  };
}

export type ParsedCallback =
  { ok: true; callback: VerifiedCallback } | { ok: false; reason: string };

export function parseCallbackBody(rawBody: Uint8Array): ParsedCallback {
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(rawBody).toString('utf8'));
  } catch {
    return { ok: false, reason: 'callback body is not JSON' };
  }
  const parsed = pawapayPaymentSchema.safeParse(payload);
  if (!parsed.success) return { ok: false, reason: 'callback body is not a pawaPay payment' };
  const callback = describePayment(parsed.data, payload);
  if (!callback)
    return { ok: false, reason: 'callback body names no single depositId or payoutId' };
  return { ok: true, callback };
}

/** 4 to 22 letters, digits and spaces: pawaPay's limits for customerMessage. */
export const CUSTOMER_MESSAGE: Readonly<Record<PaymentKind, string>> = {
  deposit: 'Zed Truck deposit',
  withdrawal: 'Zed Truck withdrawal',
};
