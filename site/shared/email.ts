// The email rule of every form and of the server: pragmatic (one @, no spaces, a dot in the domain).
// The real check is the account's own inbox (the verification link).
import { LIMITS } from './auth-messages';

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Trimmed and lower-cased; '' for anything that is not a string. */
export function normalizeEmail(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

/** For an address as typed or normalised: surrounding spaces are ignored. */
export function isValidEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length <= LIMITS.email && EMAIL.test(trimmed);
}
