import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { cookieName, isSecureSite, readCookie, serializeCookie } from './cookies';

/** Long enough to sign in at Google, short enough that a stale state is useless. */
const OAUTH_COOKIE_SECONDS = 10 * 60;

const NAMES = {
  state: 'google_oauth_state',
  verifier: 'google_code_verifier',
  returnTo: 'google_return_to',
};

export interface PendingOAuth {
  state: string;
  codeVerifier: string;
  returnTo: string;
}

export function pendingOAuthCookies(publicUrl: string, pending: PendingOAuth): string[] {
  const options = { maxAge: OAUTH_COOKIE_SECONDS, secure: isSecureSite(publicUrl) };
  return [
    serializeCookie(cookieName(NAMES.state, publicUrl), pending.state, options),
    serializeCookie(cookieName(NAMES.verifier, publicUrl), pending.codeVerifier, options),
    serializeCookie(cookieName(NAMES.returnTo, publicUrl), pending.returnTo, options),
  ];
}

export function clearedOAuthCookies(publicUrl: string): string[] {
  const options = { maxAge: 0, secure: isSecureSite(publicUrl) };
  return Object.values(NAMES).map((name) =>
    serializeCookie(cookieName(name, publicUrl), '', options),
  );
}

export function readPendingOAuth(
  cookieHeader: string | undefined,
  publicUrl: string,
): PendingOAuth | null {
  const state = readCookie(cookieHeader, cookieName(NAMES.state, publicUrl));
  const codeVerifier = readCookie(cookieHeader, cookieName(NAMES.verifier, publicUrl));
  const returnTo = readCookie(cookieHeader, cookieName(NAMES.returnTo, publicUrl));
  if (!state || !codeVerifier) return null;
  return { state, codeVerifier, returnTo: safeReturnTo(returnTo, publicUrl) };
}

export function statesMatch(expected: string, received: string): boolean {
  const a = new TextEncoder().encode(expected);
  const b = new TextEncoder().encode(received);
  return a.length === b.length && constantTimeEqual(a, b);
}

export const DEFAULT_RETURN_TO = '/rentalgame/dashboard';

/** Only a path on this very site: an open redirect would hand the fresh session's page to anyone. */
export function safeReturnTo(value: unknown, publicUrl: string): string {
  if (typeof value !== 'string' || value.length > 512) return DEFAULT_RETURN_TO;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return DEFAULT_RETURN_TO;
  }
  try {
    const site = new URL(publicUrl);
    const target = new URL(value, site);
    if (target.origin !== site.origin) return DEFAULT_RETURN_TO;
    return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    return DEFAULT_RETURN_TO;
  }
}
