import { authMessages as m, LIMITS } from '#site/shared/auth-messages.ts';
import { checkNewPassword } from './password-rule';
import { isValidEmail, normalizeEmail } from '#site/shared/email.ts';
import { isValidZambianPhone, normalizeZambianPhone } from '#site/shared/phone.ts';
import { parsePhoneCode } from '#site/shared/phone-code.ts';
import { consentMessages } from '#site/shared/terms.ts';
import type { ApiRefusalCode } from '../api/refusal-codes';

export { isValidEmail, LIMITS, normalizeEmail };

/** A field's refusal: the spec's words and the stable code the screens decide by. */
export type FieldRefusal = { error: string; code: ApiRefusalCode };

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

const refused = (error: string, code: ApiRefusalCode): { ok: false } & FieldRefusal => ({
  ok: false,
  error,
  code,
});

const NAMES_REQUIRED = {
  firstName: { error: m.firstNameRequired, code: 'first_name_required' },
  lastName: { error: m.lastNameRequired, code: 'last_name_required' },
} as const;
const PHONE_REQUIRED: FieldRefusal = { error: m.phoneRequired, code: 'phone_required' };
const INVALID_PHONE: FieldRefusal = { error: m.invalidPhone, code: 'invalid_phone' };
const EMAIL_REQUIRED: FieldRefusal = { error: m.emailRequired, code: 'email_required' };
const INVALID_EMAIL: FieldRefusal = { error: m.invalidEmail, code: 'invalid_email' };
const PASSWORD_REQUIRED: FieldRefusal = { error: m.passwordRequired, code: 'password_required' };

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

/** The number a sign-in code goes to (`POST /auth/phone/start`), in the local form. */
export function validatePhone(body: unknown): Validation<string> {
  const phone = normalizeZambianPhone(asBody(body).phone);
  if (!phone) return refused(PHONE_REQUIRED.error, PHONE_REQUIRED.code);
  if (!isValidZambianPhone(phone)) return refused(INVALID_PHONE.error, INVALID_PHONE.code);
  return { ok: true, value: phone };
}

export interface PhoneCodeInput {
  phone: string;
  code: string;
}

/** `POST /auth/phone/verify`'s number and code, before the code is checked. */
export function validatePhoneCode(body: unknown): Validation<PhoneCodeInput> {
  const phone = validatePhone(body);
  if (!phone.ok) return phone;
  const code = parsePhoneCode(asBody(body).code);
  if (!code) return refused(m.codeMalformed, 'code_invalid');
  return { ok: true, value: { phone: phone.value, code } };
}

export interface PhoneAccountInput {
  firstName: string;
  lastName: string;
  /** Optional: receipts and password resets; unproved until its link is opened. */
  email: string | null;
}

/** A new number's account: names, 18+ and the terms (as at sign-up); an email only if given. */
export function validatePhoneAccount(body: unknown): Validation<PhoneAccountInput> {
  const b = asBody(body);
  const firstName = text(b.firstName);
  const lastName = text(b.lastName);
  const email = normalizeEmail(b.email);
  const problem =
    checkNames(firstName, lastName) ?? (!email || isValidEmail(email) ? null : INVALID_EMAIL);
  if (problem) return refused(problem.error, problem.code);
  if (b.adult !== true) return refused(consentMessages.adult, 'adult_required');
  if (b.terms !== true) return refused(consentMessages.terms, 'terms_not_accepted');
  return { ok: true, value: { firstName, lastName, email: email || null } };
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
