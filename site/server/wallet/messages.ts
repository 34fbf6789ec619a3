import type { Operator } from '../payments/provider';
import { formatNgwee } from '#game/ngwee.ts';

const OPERATOR_NAMES: Readonly<Record<Operator, string>> = {
  mtn: 'MTN',
  airtel: 'Airtel',
  zamtel: 'Zamtel',
};

export function operatorName(operator: Operator): string {
  return OPERATOR_NAMES[operator];
}

/** `0961234567 (MTN)`, `0961234567 (MTN) or 0771234567 (Airtel)`, `a, b or c`. */
function listNumbers(numbers: readonly { phone: string; operator: Operator }[]): string {
  const named = numbers.map(({ phone, operator }) => `${phone} (${operatorName(operator)})`);
  return named.length <= 1
    ? (named[0] ?? '')
    : `${named.slice(0, -1).join(', ')} or ${named.at(-1)}`;
}

/** Every message a person can see from the wallet, word for word from the spec where it has one. */
export const walletMessages = {
  invalidPhone: 'Please enter a valid Zambian phone number (e.g., 096...).',
  invalidAmount: 'Please enter a valid amount.',
  invalidOperator: 'Please choose a mobile money operator: MTN, Airtel or Zamtel.',
  insufficientBalance: 'Insufficient balance.',
  unknownError: 'An unknown error occurred. Please try again.',
  idempotencyKeyTooLong: 'The Idempotency-Key header must be at most 100 characters.',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different request. Use a new key for a new payment.',
  invalidLimit: 'limit must be a whole number from 1 to 100.',
  invalidCursor: 'The "before" cursor is not valid. Start again from the newest transactions.',
  paymentNotFound: 'Payment not found.',
  unknownProvider: 'Unknown payment provider.',
  invalidSignature: 'The callback signature could not be verified.',
  unknownPayment: 'No payment with this id.',
  callbackRecorded: 'Recorded.',
  numberNotProved: (proved: readonly { phone: string; operator: Operator }[]) =>
    proved.length === 0
      ? 'Withdrawals can only go to a number you have deposited from, and no deposit of yours has completed yet. Please make a deposit first from the number you want to be paid to.'
      : `Withdrawals can only go to a number you have deposited from: ${listNumbers(proved)}. ${proved.length === 1 ? 'Please withdraw to that number.' : 'Please choose one of them.'}`,
  phoneNotProved:
    'Please confirm your phone number first: we send a 6-digit code to it by SMS. Then withdraw again.',
  amountTooLarge: (kind: 'deposit' | 'withdrawal', maxNgwee: number) =>
    `The most you can ${kind === 'deposit' ? 'deposit' : 'withdraw'} at once is ${formatNgwee(maxNgwee)}. Please enter a smaller amount.`,
  operatorMismatch: (chosen: Operator, actual: Operator) =>
    `This number is on ${operatorName(actual)}, not ${operatorName(chosen)}. Please choose ${operatorName(actual)} or check the number.`,
} as const;
