// What a person reads when the provider refuses or fails a payment: what happened and what to do
// next. Keys are pawaPay v2 failure / rejection codes (the sandbox uses the same ones); anything
// unlisted falls back to a generic sentence, never to the raw code alone.
import type { PaymentKind } from '#game/payment-vocabulary.ts';

const NO_MONEY_MOVED: Record<PaymentKind, string> = {
  deposit: 'No money was taken.',
  withdrawal: 'The money is back in your wallet.',
};

const ADVICE: Readonly<Record<string, (kind: PaymentKind) => string>> = {
  PAYMENT_NOT_APPROVED: () =>
    'The payment was not approved on the phone. Please try again and approve the prompt with your PIN.',
  INSUFFICIENT_BALANCE: () =>
    'There is not enough money in this mobile money account. Please top it up or enter a smaller amount.',
  PAYER_NOT_FOUND: () =>
    'This number has no mobile money account with the chosen operator. Please check the number and operator.',
  RECIPIENT_NOT_FOUND: () =>
    'This number has no mobile money account with the chosen operator. Please check the number and operator.',
  INVALID_PHONE_NUMBER: () =>
    'The mobile money provider did not accept this number. Please check it.',
  PAYER_LIMIT_REACHED: () =>
    'This mobile money account has reached its transaction limit. Please try a smaller amount or try again later.',
  WALLET_LIMIT_REACHED: () =>
    'This mobile money account has reached its limit. Please try a smaller amount or another number.',
  AMOUNT_OUT_OF_BOUNDS: (kind) =>
    `This amount is outside what the operator allows for a ${kind}. Please try a different amount.`,
  AMOUNT_TOO_SMALL: (kind) =>
    `This amount is below the operator's minimum for a ${kind}. Please enter a larger amount.`,
  AMOUNT_TOO_LARGE: (kind) =>
    `This amount is above the operator's maximum for a ${kind}. Please enter a smaller amount.`,
  INVALID_AMOUNT: () =>
    'The operator does not accept this amount. Please try a whole number of kwacha.',
  PAYMENT_IN_PROGRESS: () =>
    'Another payment on this number is still in progress. Please finish it, then try again.',
  PROVIDER_TEMPORARILY_UNAVAILABLE: () =>
    'The mobile money operator is not available right now. Please try again in a few minutes.',
  MANUALLY_CANCELLED: () => 'The payment was cancelled. Please try again.',
  NOT_FOUND_AT_PROVIDER: () =>
    'The payment request never reached the mobile money operator. Please try again.',
};

/** Codes that point at what the person entered: 422 rather than a server-side 502/503. */
const USER_FIXABLE = new Set([
  'INVALID_PHONE_NUMBER',
  'PAYER_NOT_FOUND',
  'RECIPIENT_NOT_FOUND',
  'AMOUNT_OUT_OF_BOUNDS',
  'AMOUNT_TOO_SMALL',
  'AMOUNT_TOO_LARGE',
  'INVALID_AMOUNT',
  'PAYER_LIMIT_REACHED',
  'WALLET_LIMIT_REACHED',
  'PAYMENT_IN_PROGRESS',
  'PAYMENT_NOT_APPROVED',
  'INSUFFICIENT_BALANCE',
]);

/** The code at the start of a provider's reason ("INVALID_PHONE_NUMBER: ..." → INVALID_PHONE_NUMBER). */
export function failureCodeOf(reason: string | null | undefined): string | null {
  const match = /^[A-Z][A-Z0-9_]+/.exec(reason ?? '');
  return match ? match[0] : null;
}

export function failureMessage(kind: PaymentKind, reason: string | null | undefined): string {
  const code = failureCodeOf(reason);
  const advice = code ? ADVICE[code] : undefined;
  const what = kind === 'deposit' ? 'Your deposit' : 'Your withdrawal';
  const next = advice
    ? advice(kind)
    : 'The mobile money provider could not complete it. Please try again in a few minutes.';
  return `${what} did not go through. ${NO_MONEY_MOVED[kind]} ${next}`;
}

/** The HTTP status for a payment the provider refused at initiation. */
export function rejectionStatus(reason: string | null | undefined): number {
  const code = failureCodeOf(reason);
  if (code === 'PROVIDER_TEMPORARILY_UNAVAILABLE') return 503;
  return code && USER_FIXABLE.has(code) ? 422 : 502;
}
