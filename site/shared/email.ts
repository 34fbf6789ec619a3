// The one email rule, for every form and every place an address enters the server (sign-up, log-in,
// forgot password, Google's profile, `ADMIN_EMAILS`, `npm run admin`, `SUPPORT_EMAIL`, the rate
// limiter, the mailer): ONE plain address, normalised (trimmed, lower-cased). Plain means what people
// type: letters, digits and `. _ % + - '` before the @ (no dot first, last or twice), and host
// names of letters, digits and hyphens with a top level of two letters or more. Everything mail
// software reads as a list, a display name or a comment (`,` `;` spaces `<>` `()` `"` `:` `\`
// `[]`) is refused, so an address stored for an account is exactly the one a mailed link reaches.
// The real proof is the account's own inbox (the verification link).
import { LIMITS } from './auth-messages';

const LOCAL_WORD = "[a-z0-9_%+'-]+";
const LOCAL = `${LOCAL_WORD}(?:\\.${LOCAL_WORD})*`;
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const TOP_LEVEL = '(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})';
const EMAIL = new RegExp(`^${LOCAL}@(?:${LABEL}\\.)+${TOP_LEVEL}$`);
const MAX_LOCAL = 64;

/** The address as stored and compared: trimmed and lower-cased; null unless it is one plain address. */
export function parseEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim().toLowerCase();
  if (email.length > LIMITS.email || !EMAIL.test(email)) return null;
  return email.indexOf('@') <= MAX_LOCAL ? email : null;
}

/** Trimmed and lower-cased; '' for anything that is not a string (forms show it as typed). */
export function normalizeEmail(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

/** For an address as typed or normalised: surrounding spaces are ignored. */
export function isValidEmail(email: string): boolean {
  return parseEmail(email) !== null;
}
