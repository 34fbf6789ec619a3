import { isValidZambianPhone, normalizeZambianPhone } from '#site/shared/phone.ts';
import { operatorFromPhone } from '../payments/phone';
import type { Operator, PaymentKind } from '#game/payment-vocabulary.ts';
import { parseZmw } from '#game/ngwee.ts';
import { isOneOf, operators } from '#game/payment-vocabulary.ts';
import { refuse, type Refusal } from '../api/refusals';
import { refusalWords } from '../api/refusal-words';

/** The most one deposit or withdrawal may move: ZMW 50,000. */
export const MAX_PAYMENT_NGWEE = 5_000_000;

export const IDEMPOTENCY_KEY_MAX_LENGTH = 100;

export interface PaymentRequestInput {
  /** Local form, 0XXXXXXXXX. */
  phone: string;
  operator: Operator;
  amountNgwee: number;
}

export type Checked<T> = { ok: true; value: T } | Refusal;

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

/**
 * Checks a deposit or withdrawal body `{phone, amount, operator?}` in the order the form shows its
 * fields; the phone is normalised first (`+260 96 123 4567` is `0961234567`). The operator, when
 * absent, is the one that owns the number's prefix; when present it must match the prefix, because
 * the provider would route the money to a wallet on another network.
 */
export function checkPaymentRequest(
  kind: PaymentKind,
  body: unknown,
): Checked<PaymentRequestInput> {
  const phone = normalizeZambianPhone(field(body, 'phone'));
  const invalidPhone = refuse(400, 'invalid_phone');
  if (!isValidZambianPhone(phone)) return invalidPhone;

  const amountNgwee = parseZmw(field(body, 'amount'));
  if (amountNgwee === null) return refuse(400, 'invalid_amount');
  if (amountNgwee > MAX_PAYMENT_NGWEE) {
    return refuse(
      400,
      'amount_too_large',
      refusalWords('amount_too_large', kind, MAX_PAYMENT_NGWEE),
    );
  }

  const owner = operatorFromPhone(phone);
  if (!owner) return invalidPhone;
  const rawOperator = field(body, 'operator');
  if (rawOperator === undefined || rawOperator === null || rawOperator === '') {
    return { ok: true, value: { phone, operator: owner, amountNgwee } };
  }
  const operator = typeof rawOperator === 'string' ? rawOperator.trim().toLowerCase() : '';
  if (!isOneOf(operators, operator)) {
    return refuse(400, 'invalid_operator');
  }
  if (operator !== owner) {
    return refuse(400, 'operator_mismatch', refusalWords('operator_mismatch', operator, owner));
  }
  return { ok: true, value: { phone, operator: owner, amountNgwee } };
}

/** The optional `Idempotency-Key` header: absent → null; longer than 100 characters → refused. */
export function checkIdempotencyKey(header: string | undefined): Checked<string | null> {
  if (header === undefined || header.trim() === '') return { ok: true, value: null };
  if (header.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    return refuse(400, 'idempotency_key_too_long');
  }
  return { ok: true, value: header };
}
