// Zambian mobile numbers: the one rule for the sign-up, profile, deposit and withdraw forms and for
// the server that checks them. People write numbers with spaces, dashes and the country code;
// every check runs on the local 10-digit form (`0` + 95/96/97/76/77 + 7 digits).

import { OPERATOR_LABELS, operators, type Operator } from '#game/payment-vocabulary.ts';

/** The networks as a form offers them. */
export const OPERATORS: readonly { value: Operator; label: string }[] = operators.map((value) => ({
  value,
  label: OPERATOR_LABELS[value],
}));

/** Digits in the local form. */
export const PHONE_LENGTH = 10;

/** What a phone field lets in before `phoneFieldValue` keeps the local digits: room for a number
 * as people paste it ("+260 96 123 4567"). */
export const PHONE_INPUT_MAX_LENGTH = 20;

const LOCAL_PHONE = /^0(95|96|97|76|77)\d{7}$/;

const OPERATOR_BY_PREFIX: Readonly<Record<string, Operator>> = {
  '096': 'mtn',
  '076': 'mtn',
  '097': 'airtel',
  '077': 'airtel',
  '095': 'zamtel',
};

/**
 * The number as people write it → the local form: spaces, dashes, dots and brackets dropped,
 * `+260…` / `260…` → `0…`. Anything else comes back as typed (without those separators), for
 * `isValidZambianPhone` to refuse.
 */
export function normalizeZambianPhone(value: unknown): string {
  if (typeof value !== 'string') return '';
  const compact = value.trim().replace(/[\s\-.()]/g, '');
  const international = /^\+?260(\d{9})$/.exec(compact);
  return international ? `0${international[1]}` : compact;
}

/** 0, then 95, 96, 97, 76 or 77, then 7 digits (the local form). */
export function isValidZambianPhone(phone: string): boolean {
  return LOCAL_PHONE.test(phone);
}

/** The local form → the international one gateways expect: `0961234567` → `+260961234567`. */
export function internationalPhone(phone: string): string {
  if (!isValidZambianPhone(phone)) throw new Error('not a Zambian mobile number');
  return `+260${phone.slice(1)}`;
}

/** The network that owns the number, known as soon as its first three local digits are there. */
export function operatorFromPrefix(phone: string): Operator | null {
  return OPERATOR_BY_PREFIX[phone.slice(0, 3)] ?? null;
}

/**
 * What a phone field keeps of what was typed or pasted: the local digits, at most 10. A leading
 * country code (`+260`, `260`) becomes the `0` of the local form, so "+260 96 123 4567" pasted
 * whole keeps all of its number.
 */
export function phoneFieldValue(text: string): string {
  const digits = text.replace(/\D/g, '');
  const local = digits.startsWith('260') ? `0${digits.slice(3)}` : digits;
  return local.slice(0, PHONE_LENGTH);
}
