// The phone sign-in form's steps, its client-side checks (the server checks again) and which field a
// server refusal belongs to, by its `code` (docs/api.md), never by its words.
import { isValidZambianPhone } from '#site/shared/phone.ts';
import { PHONE_CODE } from '#site/shared/phone-code.ts';
import { M, type Errors } from './auth-checks';
import { isValidEmail } from '#site/shared/email.ts';

/** One number, then its code, then (for a new number only) the names and the two consents. */
export type PhoneStep =
  | { kind: 'number' }
  | { kind: 'code'; phone: string; sentMessage: string; resendAt: number }
  | { kind: 'details'; phone: string; code: string };

export interface PhoneDetails {
  firstName: string;
  lastName: string;
  email: string;
  adult: boolean;
  terms: boolean;
}

/** `password`: only when a signed-in account confirms its number (it adds a way in). */
export type PhoneFieldName = 'phone' | 'code' | 'password' | keyof PhoneDetails;

export function checkNumber(phone: string): Errors<{ phone: string }> {
  if (!phone) return { phone: M.phoneRequired };
  if (!isValidZambianPhone(phone)) return { phone: M.invalidPhone };
  return {};
}

export function checkCode(code: string): Errors<{ code: string }> {
  return code.length === PHONE_CODE.length ? {} : { code: M.codeMalformed };
}

export function checkDetails(f: PhoneDetails): Errors<PhoneDetails> {
  const errors: Errors<PhoneDetails> = {};
  if (!f.firstName.trim()) errors.firstName = M.firstNameRequired;
  if (!f.lastName.trim()) errors.lastName = M.lastNameRequired;
  // Optional: only a typed one is checked.
  if (f.email.trim() && !isValidEmail(f.email)) errors.email = M.invalidEmail;
  if (!f.adult) errors.adult = M.adult;
  if (!f.terms) errors.terms = M.terms;
  return errors;
}

/**
 * The field a refusal of `POST /api/auth/phone/start|verify` is about. A right code for a number
 * with no account is answered with the first missing detail's code: that is how the form learns the
 * number is new and asks for the names and consents (decision 090).
 */
const FIELD_OF_CODE: Readonly<Record<string, PhoneFieldName>> = {
  phone_required: 'phone',
  invalid_phone: 'phone',
  code_invalid: 'code',
  first_name_required: 'firstName',
  first_name_too_long: 'firstName',
  last_name_required: 'lastName',
  last_name_too_long: 'lastName',
  invalid_email: 'email',
  email_taken: 'email',
  adult_required: 'adult',
  terms_not_accepted: 'terms',
  password_required: 'password',
  wrong_password: 'password',
};

export function fieldOfRefusal(code: string | null): PhoneFieldName | null {
  return code ? (FIELD_OF_CODE[code] ?? null) : null;
}

/** Whether a refusal at the code step means "right code, new number: tell us who you are". */
export function asksForDetails(code: string | null): boolean {
  const field = fieldOfRefusal(code);
  return field !== null && field !== 'phone' && field !== 'code' && field !== 'password';
}

/** A refusal about no one field: shown above the form with what to do next. */
export interface PhoneFormRefusal {
  error: string;
  code: string | null;
}

/**
 * Where the phone form stands: its step, what was typed (never a password), the client's findings,
 * the server's refusal of one field or of the whole form. The island keeps it as it goes; a form
 * posted without scripts gets it back from the page's action (phone-action.ts).
 */
export interface PhoneFormState {
  step: PhoneStep;
  phone: string;
  code: string;
  details: PhoneDetails;
  errors: Errors<Record<PhoneFieldName, string>>;
  fieldRefusal: { field: PhoneFieldName; error: string } | null;
  refusal: PhoneFormRefusal | null;
}

export const NO_DETAILS: PhoneDetails = {
  firstName: '',
  lastName: '',
  email: '',
  adult: false,
  terms: false,
};

export function phoneFormAt(step: PhoneStep, phone: string): PhoneFormState {
  return {
    step,
    phone,
    code: '',
    details: NO_DETAILS,
    errors: {},
    fieldRefusal: null,
    refusal: null,
  };
}

/**
 * The form after the server refused a step: a right code for a new number moves on to the details
 * (with the refused detail under its field when they had been given), any other refusal goes under
 * its field when it has one, else above the form.
 */
export function afterRefusal(
  state: PhoneFormState,
  refusal: PhoneFormRefusal,
  detailsGiven: boolean,
): PhoneFormState {
  const cleared = { ...state, errors: {}, fieldRefusal: null, refusal: null };
  const field = fieldOfRefusal(refusal.code);
  if (state.step.kind === 'code' && asksForDetails(refusal.code)) {
    return {
      ...cleared,
      step: { kind: 'details', phone: state.step.phone, code: state.code },
      fieldRefusal: detailsGiven && field ? { field, error: refusal.error } : null,
    };
  }
  if (field) return { ...cleared, fieldRefusal: { field, error: refusal.error } };
  return { ...cleared, refusal };
}

/** The details as the verify call takes them (an empty email left out). */
export function detailsBody(details: PhoneDetails) {
  return {
    firstName: details.firstName.trim(),
    lastName: details.lastName.trim(),
    ...(details.email.trim() ? { email: details.email.trim() } : {}),
    adult: details.adult,
    terms: details.terms,
  };
}

/** `prove`: a signed-in account confirms its own number (nothing else is asked). */
export type PhonePurpose = 'sign-in' | 'prove';

/** The form posts of the phone steps (the page's action reads them, phone-action.ts). */
export const PHONE_INTENTS = {
  start: 'phone-start',
  verify: 'phone-verify',
  change: 'phone-change',
} as const;
