// Where to send a person after signing in: only a path on this very site. An open redirect would
// hand a fresh session's first page to whoever crafted the link. Used by the pages (browser) and by
// the server's Google sign-in, so the two can never disagree.

import { PATHS } from './paths';

export const DEFAULT_RETURN_TO = PATHS.dashboard;

const MAX_LENGTH = 512;

// Any fixed origin works: only the path survives. A special scheme (https) makes the parser treat
// `\` as `/`, exactly as a browser on this site would.
const BASE = new URL('https://return-to.invalid/');

/** A path-absolute reference: one `/`, then anything but another `/` or `\` (or nothing). */
function isSiteLocalPath(path: string): boolean {
  return path === '/' || /^\/[^/\\]/.test(path);
}

/**
 * `value` normalised by the URL parser (dots, `%2e`, backslashes, tabs and newlines resolved as a
 * browser would) when the result is a path on this site, else `DEFAULT_RETURN_TO`. The check runs
 * on the normalised result, never on the raw text: `/.//evil.example` normalises to `//evil.example`.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > MAX_LENGTH || !value.startsWith('/')) {
    return DEFAULT_RETURN_TO;
  }
  let target: URL;
  try {
    target = new URL(value, BASE);
  } catch {
    return DEFAULT_RETURN_TO;
  }
  if (target.origin !== BASE.origin) return DEFAULT_RETURN_TO;
  const path = `${target.pathname}${target.search}${target.hash}`;
  return isSiteLocalPath(path) && path.length <= MAX_LENGTH ? path : DEFAULT_RETURN_TO;
}
