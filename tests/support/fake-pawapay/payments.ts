// The fake pawaPay's payments: what it holds for a deposit or payout, how it shows one in a status
// check or callback, which initiations it refuses, and the outcome a payment settles to (by the
// MSISDN's last digits, like pawaPay's sandbox).
import { record, rejected } from './http';
import { fakeOutcome, providerOfMsisdn } from './test-numbers';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const AMOUNT = /^(0|[1-9]\d*)(\.\d{1,2})?$/;

/** The kind named by a path segment, `deposits` or `payouts`. */
export function kindOfPath(segment: string | undefined): FakeKind {
  return segment === 'deposits' ? 'deposit' : 'payout';
}

/** The field that carries a payment's id in pawaPay's bodies. */
export function idFieldOf(kind: FakeKind): 'depositId' | 'payoutId' {
  return kind === 'deposit' ? 'depositId' : 'payoutId';
}

/** A payment as pawaPay shows it in a status check and a callback. */
export function paymentView(p: FakePayment): Record<string, unknown> {
  const party = { type: 'MMO', accountDetails: { phoneNumber: p.msisdn, provider: p.provider } };
  return {
    [idFieldOf(p.kind)]: p.id,
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

/**
 * Validates an initiation received at `now` (ms since the epoch); answers the refusal to send, or
 * the payment to create.
 */
export function initiation(
  kind: FakeKind,
  body: unknown,
  now: number,
): { refuse: [number, unknown] } | { payment: FakePayment } {
  const b = record(body);
  const idField = idFieldOf(kind);
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
      created: new Date(now).toISOString(),
    },
  };
}

/** Moves an accepted payment to its outcome; true when that outcome is final (a callback is due). */
export function settle(payment: FakePayment): boolean {
  const outcome = fakeOutcome(payment.kind, payment.provider, payment.msisdn);
  payment.status = outcome.status;
  if (outcome.status === 'FAILED') payment.failureCode = outcome.failureCode;
  if (outcome.status === 'COMPLETED') {
    payment.providerTransactionId = `FAKE${payment.id.replace(/-/g, '').slice(0, 10)}`;
  }
  return outcome.status !== 'SUBMITTED';
}
