import type { Operator } from './provider';

export { amountStringToNgwee, ngweeToAmountString } from './amount';

const LOCAL_PHONE = /^0(95|96|97|76|77)\d{7}$/;
const MSISDN = /^260(95|96|97|76|77)\d{7}$/;

const OPERATOR_BY_PREFIX: Readonly<Record<string, Operator>> = {
  '96': 'mtn',
  '76': 'mtn',
  '97': 'airtel',
  '77': 'airtel',
  '95': 'zamtel',
};

/**
 * The number as people write it → the local form the wallet stores: spaces, dashes, dots and
 * brackets dropped, `+260…` / `260…` → `0…`. Anything else comes back as typed (without those
 * separators), for `isValidZambianPhone` to refuse.
 */
export function normalizeZambianPhone(value: unknown): string {
  if (typeof value !== 'string') return '';
  const compact = value.trim().replace(/[\s\-.()]/g, '');
  const international = /^\+?260(\d{9})$/.exec(compact);
  return international ? `0${international[1]}` : compact;
}

/** 0, then 95, 96, 97, 76 or 77, then 7 digits: the spec's deposit and withdraw pattern. */
export function isValidZambianPhone(phone: string): boolean {
  return LOCAL_PHONE.test(phone);
}

/** The network that owns the number's prefix, or null when the number is not a Zambian mobile. */
export function operatorFromPhone(phone: string): Operator | null {
  if (!isValidZambianPhone(phone)) return null;
  return OPERATOR_BY_PREFIX[phone.slice(1, 3)] ?? null;
}

/** 0961234567 → 260961234567, the form pawaPay expects (digits only, country code first). */
export function toMsisdn(phone: string): string {
  if (!isValidZambianPhone(phone)) throw new Error(`not a Zambian mobile number: ${phone}`);
  return `260${phone.slice(1)}`;
}

/** 260961234567 → 0961234567, or null when it is not a Zambian mobile MSISDN. */
export function fromMsisdn(msisdn: string): string | null {
  return MSISDN.test(msisdn) ? `0${msisdn.slice(3)}` : null;
}
