// What the built-in sandbox does with a number, by its last three digits. The suffixes are those of
// pawaPay's own sandbox test numbers for MTN and Airtel Zambia (docs.pawapay.io/v2/docs/test_numbers),
// applied to all three networks so that any valid number can be used to try each outcome.
import type { PaymentKind } from '#game/payment-vocabulary.ts';

export type SandboxOutcome =
  | { status: 'COMPLETED' }
  | { status: 'FAILED'; failureCode: string }
  /** Submitted to the "network" and never answered: stays pending for ever, no callback. */
  | { status: 'SUBMITTED' };

const DEPOSIT_FAILURES: Readonly<Record<string, string>> = {
  '019': 'PAYER_LIMIT_REACHED',
  '029': 'PAYER_NOT_FOUND',
  '039': 'PAYMENT_NOT_APPROVED',
  '049': 'INSUFFICIENT_BALANCE',
  '069': 'UNSPECIFIED_FAILURE',
};

const PAYOUT_FAILURES: Readonly<Record<string, string>> = {
  '079': 'RECIPIENT_NOT_FOUND',
  '089': 'RECIPIENT_NOT_FOUND',
  '119': 'UNSPECIFIED_FAILURE',
};

export const PENDING_FOREVER_SUFFIX = '129';

/** `phone` in either local (0…) or MSISDN (260…) form. */
export function sandboxOutcome(kind: PaymentKind, phone: string): SandboxOutcome {
  const suffix = phone.slice(-3);
  if (suffix === PENDING_FOREVER_SUFFIX) return { status: 'SUBMITTED' };
  const failureCode = (kind === 'deposit' ? DEPOSIT_FAILURES : PAYOUT_FAILURES)[suffix];
  return failureCode ? { status: 'FAILED', failureCode } : { status: 'COMPLETED' };
}

export const FAILURE_MESSAGES: Readonly<Record<string, string>> = {
  PAYER_LIMIT_REACHED: 'The customer has reached a transaction limit.',
  PAYER_NOT_FOUND: 'The number has no mobile money wallet.',
  PAYMENT_NOT_APPROVED: 'The customer did not approve the payment.',
  INSUFFICIENT_BALANCE: 'The customer does not have enough funds.',
  UNSPECIFIED_FAILURE: 'The network declined the payment.',
  RECIPIENT_NOT_FOUND: 'The recipient has no mobile money wallet.',
};
