// The phone number input as every form draws it; the numbers' one rule is site/shared/phone.ts.
import { PHONE_INPUT_MAX_LENGTH } from '#site/shared/phone.ts';

/** The attributes of every Zambian mobile number input (sign-up, phone sign-in, payments, profile). */
export const PHONE_INPUT = {
  type: 'tel',
  inputMode: 'numeric',
  autoComplete: 'tel-national',
  maxLength: PHONE_INPUT_MAX_LENGTH,
  placeholder: '0961234567',
} as const;
