// The sign-in and sign-up forms' messages and their client-side checks (the server checks again).
import { LIMITS } from '../../../server/auth/limits';
import { authMessages } from '../../../server/auth/messages';
import { consentMessages } from '../../../shared/terms';
import { isValidZambianPhone } from './phone';

export type AuthMode = 'login' | 'signup';

export const M = {
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Surname is required.',
  phoneRequired: 'Phone number is required.',
  emailRequired: 'Email is required.',
  passwordRequired: 'Password is required.',
  invalidPhone: 'Please enter a valid Zambian phone number (e.g., 096...).',
  invalidEmail: 'Please enter a valid email address.',
  weakPassword: authMessages.weakPassword,
  adult: consentMessages.adult,
  terms: consentMessages.terms,
  unexpected: 'Something went wrong. Please try again.',
  unknownEmail: 'no account found with this email',
  emailTaken: 'This email is already registered.',
  wrongPassword: 'Incorrect password. Please try again.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

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
  else if (!EMAIL.test(email.trim())) errors.email = M.invalidEmail;
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
  else if (!EMAIL.test(f.email.trim())) errors.email = M.invalidEmail;
  if (!f.password) errors.password = M.passwordRequired;
  else if (f.password.length < LIMITS.passwordMin) errors.password = M.weakPassword;
  if (!f.adult) errors.adult = M.adult;
  if (!f.terms) errors.terms = M.terms;
  return errors;
}
