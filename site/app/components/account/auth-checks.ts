// The sign-in and sign-up forms' messages and their client-side checks (the server checks again).
import { isValidZambianPhone } from '#site/shared/phone.ts';
import { authMessages, LIMITS } from '#site/shared/auth-messages.ts';
import { isValidEmail } from '#site/shared/email.ts';
import { consentMessages } from '#site/shared/terms.ts';

export type AuthMode = 'login' | 'signup';

/** The server's words for the same checks, plus the two boxes only the form asks about. */
export const M = {
  ...authMessages,
  adult: consentMessages.adult,
  terms: consentMessages.terms,
} as const;

export interface SignupFields {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  password: string;
  adult: boolean;
  terms: boolean;
}

export type Errors<T> = Partial<Record<keyof T, string>>;

export function checkLogin(
  email: string,
  password: string,
): Errors<{ email: string; password: string }> {
  const errors: Errors<{ email: string; password: string }> = {};
  if (!email.trim()) errors.email = M.emailRequired;
  else if (!isValidEmail(email)) errors.email = M.invalidEmail;
  if (!password) errors.password = M.passwordRequired;
  return errors;
}

export function checkSignup(f: SignupFields): Errors<SignupFields> {
  const errors: Errors<SignupFields> = {};
  if (!f.firstName.trim()) errors.firstName = M.firstNameRequired;
  if (!f.lastName.trim()) errors.lastName = M.lastNameRequired;
  if (!f.phone) errors.phone = M.phoneRequired;
  else if (!isValidZambianPhone(f.phone)) errors.phone = M.invalidPhone;
  if (!f.email.trim()) errors.email = M.emailRequired;
  else if (!isValidEmail(f.email)) errors.email = M.invalidEmail;
  if (!f.password) errors.password = M.passwordRequired;
  else if (f.password.length < LIMITS.passwordMin) errors.password = M.weakPassword;
  if (!f.adult) errors.adult = M.adult;
  if (!f.terms) errors.terms = M.terms;
  return errors;
}
