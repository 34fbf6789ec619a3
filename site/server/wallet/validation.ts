import { isValidZambianPhone, operatorFromPhone } from '../payments/phone';
import type { Operator, PaymentKind } from '../payments/provider';
import { parseZmwToNgwee } from './amount';
import { walletMessages as m } from './messages';

/** The most one deposit or withdrawal may move: ZMW 50,000. */
export const MAX_PAYMENT_NGWEE = 5_000_000;

export const IDEMPOTENCY_KEY_MAX_LENGTH = 100;

export interface PaymentRequestInput {
  /** Local form, 0XXXXXXXXX. */
  phone: string;
  operator: Operator;
  amountNgwee: number;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; status: number; error: string };

const OPERATORS: readonly Operator[] = ['mtn', 'airtel', 'zamtel'];

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

/**
 * Checks a deposit or withdrawal body `{phone, amount, operator?}` in the order the form shows its
 * fields. The operator, when absent, is the one that owns the number's prefix; when present it must
 * match the prefix, because the provider would route the money to a wallet on another network.
 */
export function checkPaymentRequest(
  kind: PaymentKind,
  body: unknown,
): Checked<PaymentRequestInput> {
  const rawPhone = field(body, 'phone');
  const phone = typeof rawPhone === 'string' ? rawPhone.trim() : '';
  if (!isValidZambianPhone(phone)) return { ok: false, status: 400, error: m.invalidPhone };

  const amountNgwee = parseZmwToNgwee(field(body, 'amount'));
  if (amountNgwee === null) return { ok: false, status: 400, error: m.invalidAmount };
  if (amountNgwee > MAX_PAYMENT_NGWEE) {
    return { ok: false, status: 400, error: m.amountTooLarge(kind, MAX_PAYMENT_NGWEE) };
  }

  const owner = operatorFromPhone(phone);
  if (!owner) return { ok: false, status: 400, error: m.invalidPhone };
  const rawOperator = field(body, 'operator');
  if (rawOperator === undefined || rawOperator === null || rawOperator === '') {
    return { ok: true, value: { phone, operator: owner, amountNgwee } };
  }
  const operator = typeof rawOperator === 'string' ? rawOperator.trim().toLowerCase() : '';
  if (!OPERATORS.includes(operator as Operator)) {
    return { ok: false, status: 400, error: m.invalidOperator };
  }
  if (operator !== owner) {
    return { ok: false, status: 400, error: m.operatorMismatch(operator as Operator, owner) };
  }
  return { ok: true, value: { phone, operator: owner, amountNgwee } };
}

/** The optional `Idempotency-Key` header: absent → null; longer than 100 characters → refused. */
export function checkIdempotencyKey(header: string | undefined): Checked<string | null> {
  if (header === undefined || header.trim() === '') return { ok: true, value: null };
  if (header.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    return { ok: false, status: 400, error: m.idempotencyKeyTooLong };
  }
  return { ok: true, value: header };
}
