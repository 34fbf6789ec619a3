// Zambian mobile numbers as the deposit and withdraw forms take them (spec §5).

export type Operator = 'mtn' | 'airtel' | 'zamtel';

export const OPERATORS: readonly { value: Operator; label: string }[] = [
  { value: 'mtn', label: 'MTN' },
  { value: 'airtel', label: 'Airtel' },
  { value: 'zamtel', label: 'Zamtel' },
];

export const PHONE_MAX_LENGTH = 10;

const ZAMBIAN_MOBILE = /^0(95|96|97|76|77)\d{7}$/;

const OPERATOR_BY_PREFIX: Readonly<Record<string, Operator>> = {
  '096': 'mtn',
  '076': 'mtn',
  '097': 'airtel',
  '077': 'airtel',
  '095': 'zamtel',
};

/** 0, then 95, 96, 97, 76 or 77, then 7 digits. */
export function isValidZambianPhone(phone: string): boolean {
  return ZAMBIAN_MOBILE.test(phone);
}

/** The network that owns the number, known as soon as the first three digits are typed. */
export function operatorFromPrefix(phone: string): Operator | null {
  return OPERATOR_BY_PREFIX[phone.slice(0, 3)] ?? null;
}

/** What a phone field keeps of what was typed or pasted: digits only, at most 10. */
export function phoneDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, PHONE_MAX_LENGTH);
}
