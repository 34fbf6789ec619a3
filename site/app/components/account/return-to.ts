import { DEFAULT_RETURN_TO, safeReturnTo } from '#site/shared/return-to.ts';

/**
 * Where the sign-in page sends a person once signed in: a safe path on this site, never the sign-in
 * page itself (coming back to it would only loop).
 */
export function returnToAfterSignIn(value: string | null | undefined): string {
  const path = safeReturnTo(value);
  const { pathname } = new URL(path, 'https://return-to.invalid');
  return pathname === '/auth' || pathname === '/login' ? DEFAULT_RETURN_TO : path;
}

/** `/auth?returnTo=<path>`: where a guard sends a signed-out person. */
export function authPath(returnTo: string): string {
  return `/auth?returnTo=${encodeURIComponent(returnToAfterSignIn(returnTo))}`;
}

/** The path and query of a request URL, for `authPath`. */
export function pathOf(requestUrl: string): string {
  const url = new URL(requestUrl);
  return `${url.pathname}${url.search}`;
}
