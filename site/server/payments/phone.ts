import { isValidZambianPhone, operatorFromPrefix } from '#site/shared/phone.ts';
import type { Operator } from '#game/payment-vocabulary.ts';

const MSISDN = /^260(95|96|97|76|77)\d{7}$/;

/** The network that owns the number's prefix, or null when the number is not a Zambian mobile. */
export function operatorFromPhone(phone: string): Operator | null {
  return isValidZambianPhone(phone) ? operatorFromPrefix(phone) : null;
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
