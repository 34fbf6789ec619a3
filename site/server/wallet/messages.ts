import type { Operator } from '../payments/provider';
import { formatZmw } from './amount';

const OPERATOR_NAMES: Readonly<Record<Operator, string>> = {
  mtn: 'MTN',
  airtel: 'Airtel',
  zamtel: 'Zamtel',
};

export function operatorName(operator: Operator): string {
  return OPERATOR_NAMES[operator];
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
  amountTooLarge: (kind: 'deposit' | 'withdrawal', maxNgwee: number) =>
    `The most you can ${kind === 'deposit' ? 'deposit' : 'withdraw'} at once is ${formatZmw(maxNgwee)}. Please enter a smaller amount.`,
  operatorMismatch: (chosen: Operator, actual: Operator) =>
    `This number is on ${operatorName(actual)}, not ${operatorName(chosen)}. Please choose ${operatorName(actual)} or check the number.`,
} as const;
