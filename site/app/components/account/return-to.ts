// Where to go after signing in: only a path on this very site, never another origin (an open
// redirect would hand a fresh session's first page to anyone who crafted the link).

export const DEFAULT_RETURN_TO = '/rentalgame/dashboard';

export function safeReturnTo(value: string | null | undefined): string {
  if (!value || value.length > 512) return DEFAULT_RETURN_TO;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return DEFAULT_RETURN_TO;
  }
  try {
    const base = 'http://site.invalid';
    const target = new URL(value, base);
    if (target.origin !== base) return DEFAULT_RETURN_TO;
    // Coming back to the sign-in page itself would only loop.
    if (target.pathname === '/auth' || target.pathname === '/login') return DEFAULT_RETURN_TO;
    return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    return DEFAULT_RETURN_TO;
  }
}

/** `/auth?returnTo=<path>`: where a guard sends a signed-out person. */
export function authPath(returnTo: string): string {
  return `/auth?returnTo=${encodeURIComponent(safeReturnTo(returnTo))}`;
}

/** The path and query of a request URL, for `authPath`. */
export function pathOf(requestUrl: string): string {
  const url = new URL(requestUrl);
  return `${url.pathname}${url.search}`;
}
