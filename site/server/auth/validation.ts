import { authMessages as m } from './messages';
import { LIMITS } from './limits';
import { checkNewPassword } from './password-rule';
import { isValidZambianPhone, normalizeZambianPhone } from '../../shared/phone';
import { consentMessages } from '../../shared/terms';

export { LIMITS };

// Pragmatic: one @, no spaces, a dot in the domain. The real check is the account's own inbox.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export type Validation<T> =
  { ok: true; value: T } | { ok: false; error: string; code?: string | undefined };

export interface SignupInput {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  password: string;
}

export interface LoginInput {
  email: string;
  password: string;
}

export interface ProfileInput {
  firstName: string;
  lastName: string;
  phone: string;
}

type Body = Record<string, unknown>;

function asBody(body: unknown): Body {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Body) : {};
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

export function normalizeEmail(value: unknown): string {
  return text(value).toLowerCase();
}

export function isValidEmail(email: string): boolean {
  return email.length <= LIMITS.email && EMAIL.test(email);
}

function checkNames(firstName: string, lastName: string): string | null {
  if (!firstName) return m.firstNameRequired;
  if (!lastName) return m.lastNameRequired;
  if (firstName.length > LIMITS.name) return m.firstNameTooLong;
  if (lastName.length > LIMITS.name) return m.lastNameTooLong;
  return null;
}

export function validateSignup(body: unknown): Validation<SignupInput> {
  const b = asBody(body);
  const firstName = text(b.firstName);
  const lastName = text(b.lastName);
  const phone = normalizeZambianPhone(b.phone);
  const email = normalizeEmail(b.email);
  // Passwords are taken as typed: trimming would silently change what the person chose.
  const password = typeof b.password === 'string' ? b.password : '';

  if (!firstName) return { ok: false, error: m.firstNameRequired };
  if (!lastName) return { ok: false, error: m.lastNameRequired };
  if (!phone) return { ok: false, error: m.phoneRequired };
  if (!email) return { ok: false, error: m.emailRequired };
  if (!password) return { ok: false, error: m.passwordRequired };

  const error =
    checkNames(firstName, lastName) ??
    (isValidZambianPhone(phone) ? null : m.invalidPhone) ??
    (isValidEmail(email) ? null : m.invalidEmail);
  if (error) return { ok: false, error };
  const refused = checkNewPassword(password);
  if (refused) return { ok: false, ...refused };
  // The boxes of the form, checked again here: only `true` itself counts as a yes.
  if (b.adult !== true) return { ok: false, error: consentMessages.adult, code: 'adult_required' };
  if (b.terms !== true) {
    return { ok: false, error: consentMessages.terms, code: 'terms_not_accepted' };
  }
  return { ok: true, value: { firstName, lastName, phone, email, password } };
}

export function validateLogin(body: unknown): Validation<LoginInput> {
  const b = asBody(body);
  const email = normalizeEmail(b.email);
  const password = typeof b.password === 'string' ? b.password : '';
  if (!email) return { ok: false, error: m.emailRequired };
  if (!isValidEmail(email)) return { ok: false, error: m.invalidEmail };
  if (!password) return { ok: false, error: m.passwordRequired };
  if (password.length > LIMITS.passwordMax) return { ok: false, error: m.passwordTooLong };
  return { ok: true, value: { email, password } };
}

export function validateProfile(body: unknown): Validation<ProfileInput> {
  const b = asBody(body);
  const firstName = text(b.firstName);
  const lastName = text(b.lastName);
  const phone = normalizeZambianPhone(b.phone);
  const error =
    checkNames(firstName, lastName) ??
    (phone ? null : m.phoneRequired) ??
    (isValidZambianPhone(phone) ? null : m.invalidPhone);
  if (error) return { ok: false, error };
  return { ok: true, value: { firstName, lastName, phone } };
}
