import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { safeReturnTo } from '#site/shared/return-to.ts';
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
  return { state, codeVerifier, returnTo: safeReturnTo(returnTo) };
}

export function statesMatch(expected: string, received: string): boolean {
  const a = new TextEncoder().encode(expected);
  const b = new TextEncoder().encode(received);
  return a.length === b.length && constantTimeEqual(a, b);
}
