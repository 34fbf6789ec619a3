import { authMessages as m, LIMITS } from './messages';
import { checkNewPassword } from './password-rule';
import { isValidEmail, normalizeEmail } from '../../shared/email';
import { isValidZambianPhone, normalizeZambianPhone } from '../../shared/phone';
import { consentMessages } from '../../shared/terms';

export { isValidEmail, LIMITS, normalizeEmail };

/** A field's refusal: the spec's words and the stable code the screens decide by. */
export type FieldRefusal = { error: string; code: string };

export type Validation<T> = { ok: true; value: T } | ({ ok: false } & FieldRefusal);

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

const refused = (error: string, code: string): { ok: false } & FieldRefusal => ({
  ok: false,
  error,
  code,
});

const NAMES_REQUIRED = {
  firstName: { error: m.firstNameRequired, code: 'first_name_required' },
  lastName: { error: m.lastNameRequired, code: 'last_name_required' },
} as const;
const PHONE_REQUIRED = { error: m.phoneRequired, code: 'phone_required' };
const INVALID_PHONE = { error: m.invalidPhone, code: 'invalid_phone' };
const EMAIL_REQUIRED = { error: m.emailRequired, code: 'email_required' };
const INVALID_EMAIL = { error: m.invalidEmail, code: 'invalid_email' };
const PASSWORD_REQUIRED = { error: m.passwordRequired, code: 'password_required' };

function checkNames(firstName: string, lastName: string): FieldRefusal | null {
  if (!firstName) return NAMES_REQUIRED.firstName;
  if (!lastName) return NAMES_REQUIRED.lastName;
  if (firstName.length > LIMITS.name)
    return { error: m.firstNameTooLong, code: 'first_name_too_long' };
  if (lastName.length > LIMITS.name)
    return { error: m.lastNameTooLong, code: 'last_name_too_long' };
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

  const missing =
    (!firstName && NAMES_REQUIRED.firstName) ||
    (!lastName && NAMES_REQUIRED.lastName) ||
    (!phone && PHONE_REQUIRED) ||
    (!email && EMAIL_REQUIRED) ||
    (!password && PASSWORD_REQUIRED) ||
    null;
  const problem =
    missing ??
    checkNames(firstName, lastName) ??
    (isValidZambianPhone(phone) ? null : INVALID_PHONE) ??
    (isValidEmail(email) ? null : INVALID_EMAIL) ??
    checkNewPassword(password);
  if (problem) return refused(problem.error, problem.code);
  // The boxes of the form, checked again here: only `true` itself counts as a yes.
  if (b.adult !== true) return refused(consentMessages.adult, 'adult_required');
  if (b.terms !== true) return refused(consentMessages.terms, 'terms_not_accepted');
  return { ok: true, value: { firstName, lastName, phone, email, password } };
}

export function validateLogin(body: unknown): Validation<LoginInput> {
  const b = asBody(body);
  const email = normalizeEmail(b.email);
  const password = typeof b.password === 'string' ? b.password : '';
  if (!email) return refused(EMAIL_REQUIRED.error, EMAIL_REQUIRED.code);
  if (!isValidEmail(email)) return refused(INVALID_EMAIL.error, INVALID_EMAIL.code);
  if (!password) return refused(PASSWORD_REQUIRED.error, PASSWORD_REQUIRED.code);
  if (password.length > LIMITS.passwordMax) return refused(m.passwordTooLong, 'password_too_long');
  return { ok: true, value: { email, password } };
}

export function validateProfile(body: unknown): Validation<ProfileInput> {
  const b = asBody(body);
  const firstName = text(b.firstName);
  const lastName = text(b.lastName);
  const phone = normalizeZambianPhone(b.phone);
  const problem =
    checkNames(firstName, lastName) ??
    (phone ? null : PHONE_REQUIRED) ??
    (isValidZambianPhone(phone) ? null : INVALID_PHONE);
  if (problem) return refused(problem.error, problem.code);
  return { ok: true, value: { firstName, lastName, phone } };
}
