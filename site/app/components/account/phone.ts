// Zambian mobile numbers as the forms take them: the one rule lives in site/shared/phone.ts.
import { PHONE_INPUT_MAX_LENGTH } from '#site/shared/phone.ts';

export {
  isValidZambianPhone,
  OPERATORS,
  operatorFromPrefix,
  PHONE_INPUT_MAX_LENGTH,
  PHONE_LENGTH as PHONE_MAX_LENGTH,
  phoneFieldValue as phoneDigits,
  type Operator,
} from '#site/shared/phone.ts';

/** The attributes of every Zambian mobile number input (sign-up, phone sign-in, payments, profile). */
export const PHONE_INPUT = {
  type: 'tel',
  inputMode: 'numeric',
  autoComplete: 'tel-national',
  maxLength: PHONE_INPUT_MAX_LENGTH,
  placeholder: '0961234567',
} as const;
