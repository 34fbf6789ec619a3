import { LIMITS } from '#site/shared/auth-messages.ts';
import { checkNewPassword } from './password-rule';
import { isValidEmail, normalizeEmail } from '#site/shared/email.ts';
import { isValidZambianPhone, normalizeZambianPhone } from '#site/shared/phone.ts';
import { parsePhoneCode } from '#site/shared/phone-code.ts';
import type { ApiRefusalCode } from '../api/refusal-codes';
import { refusalWords, withWords, type FixedWordsCode } from '../api/refusal-words';

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

const refusedWith = (problem: FieldRefusal): { ok: false } & FieldRefusal => ({
  ok: false,
  ...problem,
});
const refused = (code: FixedWordsCode) => refusedWith(withWords(code));

const NAMES_REQUIRED = {
  firstName: withWords('first_name_required'),
  lastName: withWords('last_name_required'),
} as const;
const PHONE_REQUIRED = withWords('phone_required');
const INVALID_PHONE = withWords('invalid_phone');
const EMAIL_REQUIRED = withWords('email_required');
const INVALID_EMAIL = withWords('invalid_email');
const PASSWORD_REQUIRED = withWords('password_required');

function checkNames(firstName: string, lastName: string): FieldRefusal | null {
  if (!firstName) return NAMES_REQUIRED.firstName;
  if (!lastName) return NAMES_REQUIRED.lastName;
  if (firstName.length > LIMITS.name) return withWords('first_name_too_long');
  if (lastName.length > LIMITS.name) return withWords('last_name_too_long');
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
  if (problem) return refusedWith(problem);
  // The boxes of the form, checked again here: only `true` itself counts as a yes.
  if (b.adult !== true) return refused('adult_required');
  if (b.terms !== true) return refused('terms_not_accepted');
  return { ok: true, value: { firstName, lastName, phone, email, password } };
}

/** The number a sign-in code goes to (`POST /auth/phone/start`), in the local form. */
export function validatePhone(body: unknown): Validation<string> {
  const phone = normalizeZambianPhone(asBody(body).phone);
  if (!phone) return refusedWith(PHONE_REQUIRED);
  if (!isValidZambianPhone(phone)) return refusedWith(INVALID_PHONE);
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
  if (!code)
    return refusedWith({ code: 'code_invalid', error: refusalWords('code_invalid', null) });
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
  if (problem) return refusedWith(problem);
  if (b.adult !== true) return refused('adult_required');
  if (b.terms !== true) return refused('terms_not_accepted');
  return { ok: true, value: { firstName, lastName, email: email || null } };
}

export function validateLogin(body: unknown): Validation<LoginInput> {
  const b = asBody(body);
  const email = normalizeEmail(b.email);
  const password = typeof b.password === 'string' ? b.password : '';
  if (!email) return refusedWith(EMAIL_REQUIRED);
  if (!isValidEmail(email)) return refusedWith(INVALID_EMAIL);
  if (!password) return refusedWith(PASSWORD_REQUIRED);
  if (password.length > LIMITS.passwordMax) return refused('password_too_long');
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
  if (problem) return refusedWith(problem);
  return { ok: true, value: { firstName, lastName, phone } };
}
