import type { IncomingMessage } from 'node:http';
import type { RequestHandler, Response } from 'express';
import type { AuthDeps } from './config';
import { readCookie, sessionCookie, sessionCookieName } from './cookies';
import { sendError } from '../api/refusals';
import { logAuthError } from './logging';
import { cookieMaxAgeSeconds, validateSessionToken } from './sessions';
import { loadPublicUser, type PublicUser } from './users';
import { timeOf } from '../clock';

export interface AuthContext {
  user: PublicUser;
  sessionId: string;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** Set by `sessionMiddleware`: the signed-in user, or null when signed out. */
      auth?: AuthContext | null;
    }
  }
}

type AnyRequest = Request | IncomingMessage;

function cookieHeaderOf(req: AnyRequest): string | null {
  if (req.headers instanceof Headers) return req.headers.get('cookie');
  const header = req.headers.cookie;
  return typeof header === 'string' ? header : null;
}

export function sessionTokenOf(req: AnyRequest, publicUrl: string): string | null {
  return readCookie(cookieHeaderOf(req), sessionCookieName(publicUrl));
}

interface Resolved {
  auth: AuthContext;
  /** A fresh Set-Cookie value when the expiry slid forward. */
  renewedCookie: string | null;
}

async function resolve(deps: AuthDeps, req: AnyRequest): Promise<Resolved | null> {
  const token = sessionTokenOf(req, deps.config.publicUrl);
  if (!token) return null;
  const now = timeOf(deps);
  const valid = await validateSessionToken(deps.database, token, now);
  if (!valid) return null;
  const user = await loadPublicUser(deps.database.read, valid.user, deps.config, now);
  const renewedCookie = valid.renewed
    ? sessionCookie(deps.config.publicUrl, token, cookieMaxAgeSeconds(valid.session, now))
    : null;
  return { auth: { user, sessionId: valid.session.id }, renewedCookie };
}

/**
 * For the page server (React Router's `getLoadContext`): the signed-in user or null. Works with a
 * Fetch `Request` or Node's `IncomingMessage`. It cannot refresh the cookie, so mount
 * `sessionMiddleware` on the express app in front of the pages too.
 */
export async function resolveUser(deps: AuthDeps, req: AnyRequest): Promise<PublicUser | null> {
  return (await resolve(deps, req))?.auth.user ?? null;
}

/**
 * Reads the session once per request into `res.locals.auth` and re-sends the cookie when the
 * expiry slid. Idempotent: mounting it twice costs one lookup.
 */
export function sessionMiddleware(deps: AuthDeps): RequestHandler {
  return async (req, res, next) => {
    if (res.locals.auth !== undefined) return next();
    try {
      const resolved = await resolve(deps, req);
      res.locals.auth = resolved?.auth ?? null;
      if (resolved?.renewedCookie) res.append('Set-Cookie', resolved.renewedCookie);
      next();
    } catch (error) {
      logAuthError('session lookup failed', error);
      sendError(res, 500, 'unknown_error');
    }
  };
}

function authOf(res: Response): AuthContext | null {
  const auth = res.locals.auth;
  if (auth === undefined) {
    throw new Error('sessionMiddleware must be mounted before the auth guards');
  }
  return auth;
}

/** 401 `You must be logged in.` unless a session (guests included) is present. */
export const requireUser: RequestHandler = (_req, res, next) => {
  if (!authOf(res)) return sendError(res, 401, 'not_signed_in');
  next();
};

/** For anything that moves money or takes a seat: signed in and not a guest. */
export const requirePlayer: RequestHandler = (_req, res, next) => {
  const auth = authOf(res);
  if (!auth) return sendError(res, 401, 'not_signed_in');
  if (auth.user.isGuest) return sendError(res, 403, 'guest_not_allowed');
  next();
};

export const requireAdmin: RequestHandler = (_req, res, next) => {
  const auth = authOf(res);
  if (!auth) return sendError(res, 401, 'not_signed_in');
  if (!auth.user.isAdmin) return sendError(res, 403, 'not_admin');
  next();
};

/** The session of the user a guard let through (for tickets bound to it). */
export function currentSessionId(res: Response): string {
  const auth = authOf(res);
  if (!auth) throw new Error('currentSessionId used on a route without requireUser');
  return auth.sessionId;
}

/** The user a guard let through. Throws if used on a route without one (a wiring mistake). */
export function currentUser(res: Response): PublicUser {
  const auth = authOf(res);
  if (!auth) throw new Error('currentUser used on a route without requireUser');
  return auth.user;
}
