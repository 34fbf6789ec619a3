// Who a page request is, as the page door's operations check it: the same guards as the JSON API's
// (auth/middleware.ts), answered in the API's one refusal shape instead of an HTTP answer, so that a
// form post and a JSON call are refused with the same status, message and code.
import type { Request } from 'express';
import { sessionTokenOf } from '../auth/middleware';
import { sessionIdOf } from '../auth/sessions';
import type { PublicUser } from '../auth/users';
import { refuse, type Refusal } from '../api/refusals';
import { clientAddress } from '../rate-limit/client-address';

export interface PageCaller {
  /** The signed-in user (guests included), or null. */
  user: PublicUser | null;
  /** The session behind `user`; null when signed out. */
  sessionId: string | null;
  /** The session cookie as the request carried it (a new sign-in ends that session). */
  sessionToken: string | null;
  /** The client's grouped address, as every rate limit and every password check count it. */
  address: string;
  /** The request's User-Agent ('' when it sent none). */
  userAgent: string;
}

/** A page door operation's answer: what the API would have sent with 2xx, or its refusal. */
export type PageAnswer<T extends object = object> = ({ ok: true } & T) | Refusal;

export function pageCallerOf(req: Request, user: PublicUser | null, publicUrl: string): PageCaller {
  const sessionToken = sessionTokenOf(req, publicUrl);
  return {
    user,
    sessionId: user && sessionToken ? sessionIdOf(sessionToken) : null,
    sessionToken,
    address: clientAddress(req),
    userAgent: req.get('user-agent') ?? '',
  };
}

/** A signed-in caller and their session, as `requireUser` lets through. */
export interface Signed {
  user: PublicUser;
  sessionId: string;
}

/** `requireUser`: 401 `not_signed_in` unless a session (guests included) is present. */
export function signedIn(caller: PageCaller): Signed | Refusal {
  if (!caller.user || !caller.sessionId) return refuse(401, 'not_signed_in');
  return { user: caller.user, sessionId: caller.sessionId };
}

/** `requirePlayer`: signed in and not a guest (anything that moves money or takes a seat). */
export function player(caller: PageCaller): Signed | Refusal {
  const signed = signedIn(caller);
  if ('ok' in signed) return signed;
  if (signed.user.isGuest) return refuse(403, 'guest_not_allowed');
  return signed;
}

/** `requireAdmin`: the operator's console. */
export function admin(caller: PageCaller): Signed | Refusal {
  const signed = signedIn(caller);
  if ('ok' in signed) return signed;
  if (!signed.user.isAdmin) return refuse(403, 'not_admin');
  return signed;
}

/** True when a guard refused. */
export function refused(value: Signed | Refusal): value is Refusal {
  return 'ok' in value;
}
