// Which answers a browser, a proxy or a shared computer may keep. Everything from the API, and
// every page shown to a signed-in person (its header names them and shows their balance), goes out
// `Cache-Control: no-store`: after a sign-out, Back must not show the account page from the
// browser's memory, and nobody's data may sit in a cache between the site and them. Pages that carry
// a mailed token in their address (reset, verify) are private to whoever holds the link. Public pages
// for a visitor and the static files keep their caching (hashed assets for a year). The service worker
// never keeps a page or an API answer either (decision 055).
import type { Request, RequestHandler, Response } from 'express';
import { PATHS } from '#site/shared/paths.ts';

export const NO_STORE = 'no-store';

/** The page paths whose address carries a single-use token from a mail. */
const TOKEN_PAGES: ReadonlySet<string> = new Set([PATHS.resetPassword, PATHS.verifyEmail]);

/** Mounted in front of the whole `/api`: a route may still choose otherwise for a public answer. */
export const apiNotStored: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', NO_STORE);
  next();
};

/** For a page about to be rendered: no-store when it holds personal data (see the head of this file). */
export function markPrivatePage(req: Request, res: Response, signedIn: boolean): void {
  if (signedIn || TOKEN_PAGES.has(req.path)) res.set('Cache-Control', NO_STORE);
}
