// The payment form's words and checks as the person types: what is wrong with the phone and the
// amount, which proved number a withdrawal starts from, and what a post without scripts carries.
import { isValidZambianPhone, operatorFromPrefix, PHONE_LENGTH } from '#site/shared/phone.ts';
import type { PaymentKind } from '#game/payment-vocabulary.ts';
import { authMessages } from '#site/shared/auth-messages.ts';
import { typedPaymentNgwee } from './money';
import type { ProvedNumber, ProvedNumbers } from './proved-numbers';

export type { PaymentKind };

export const MESSAGES = {
  invalidPhone: authMessages.invalidPhone,
  invalidAmount: 'Please enter a valid amount.',
  unknownError: 'An unknown error occurred. Please try again.',
  numbersUnavailable: 'Your mobile money numbers could not be loaded. Please reload the page.',
} as const;

/** The form's fields as posted (the amount as typed: the server reads it, docs/api.md). */
export interface PaymentFields {
  phone: string;
  operator: string;
  amount: string;
}

/** A post of this form without scripts that the server refused: its words, code and the fields. */
export interface RefusedPayment {
  fields: PaymentFields;
  error: string;
  code: string | null;
}

export const PAYMENT_INTENT = 'pay';

export const FORM_TEXT: Record<
  PaymentKind,
  { verb: string; submit: string; busy: string; path: string }
> = {
  deposit: {
    verb: 'deposit',
    submit: 'Deposit',
    busy: 'Sending the request…',
    path: '/api/wallet/deposit',
  },
  withdrawal: {
    verb: 'withdraw',
    submit: 'Withdraw',
    busy: 'Sending the request…',
    path: '/api/wallet/withdraw',
  },
};

export function phoneError(phone: string, blurred: boolean): string | null {
  if (isValidZambianPhone(phone)) return null;
  // Tell as soon as the number cannot become valid; otherwise wait for all ten digits or the blur.
  const impossible = phone.length >= 3 && operatorFromPrefix(phone) === null;
  return blurred || phone.length >= PHONE_LENGTH || impossible ? MESSAGES.invalidPhone : null;
}

export function amountError(text: string, blurred: boolean): string | null {
  if (typedPaymentNgwee(text) !== null) return null;
  return text !== '' || blurred ? MESSAGES.invalidAmount : null;
}

/** A withdrawal goes to a proved number: the typed one if it is one, else the latest. */
export function provedChoice(
  numbers: ProvedNumbers | undefined,
  phone: string,
): ProvedNumber | null {
  if (!Array.isArray(numbers) || numbers.length === 0) return null;
  return numbers.find((n) => n.phone === phone) ?? numbers[0]!;
}
