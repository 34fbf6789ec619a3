import { DEFAULT_RETURN_TO, safeReturnTo } from '#site/shared/return-to.ts';
import { PATHS } from '#site/shared/paths.ts';

/**
 * Where the sign-in page sends a person once signed in: a safe path on this site, never the sign-in
 * page itself (coming back to it would only loop).
 */
export function returnToAfterSignIn(value: string | null | undefined): string {
  const path = safeReturnTo(value);
  const { pathname } = new URL(path, 'https://return-to.invalid');
  return pathname === PATHS.auth || pathname === PATHS.login ? DEFAULT_RETURN_TO : path;
}

/** `/auth?returnTo=<path>`: where a guard sends a signed-out person. */
export function authPath(returnTo: string): string {
  return `${PATHS.auth}?returnTo=${encodeURIComponent(returnToAfterSignIn(returnTo))}`;
}

/**
 * The sign-in page on its sign-up form (newcomers first, with a link to log in), coming back to
 * `returnTo` when given (else to the dashboard).
 */
export function signUpPath(returnTo?: string): string {
  return returnTo === undefined ? `${PATHS.auth}?mode=signup` : `${authPath(returnTo)}&mode=signup`;
}

/** The path and query of a request URL, for `authPath`. */
export function pathOf(requestUrl: string): string {
  const url = new URL(requestUrl);
  return `${url.pathname}${url.search}`;
}
