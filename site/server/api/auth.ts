import { Router, type Request, type Response } from 'express';
import { generateCodeVerifier, generateState } from 'arctic';
import type { AuthDeps } from '../auth/config';
import { clearedSessionCookie, sessionCookie } from '../auth/cookies';
import { googleProvider, type OAuthProvider, type OAuthProfile } from '../auth/google';
import {
  clearedLinkCookie,
  linkCookie,
  linkGoogle,
  linkProofMatches,
  readLinkProof,
} from '../auth/google-link';
import { apiErrors, jsonBody, sendError, sendRefusal } from './refusals';
import { withWords } from './refusal-words';
import { logAuthError } from '../auth/logging';
import { currentUser, requirePlayer, sessionMiddleware, sessionTokenOf } from '../auth/middleware';
import { confirmPassword } from '../auth/password-change';
import {
  clearedOAuthCookies,
  pendingOAuthCookies,
  readPendingOAuth,
  statesMatch,
} from '../auth/oauth-cookies';
import { cookieMaxAgeSeconds, invalidateSession, sessionIdOf } from '../auth/sessions';
import { PATHS } from '#site/shared/paths.ts';
import { safeReturnTo } from '#site/shared/return-to.ts';
import { clientAddress } from '../rate-limit/client-address';
import { ENDPOINT_LIMITS } from '../rate-limit/limits';
import { rateLimit } from '../rate-limit/middleware';
import { takeTicketRooms } from '../rooms/session-rooms';
import {
  logIn,
  signInWithGoogle,
  signUp,
  startGuest,
  type AuthOutcome,
  type SignedIn,
} from '../auth/service';
import { findUserById } from '../auth/users';
import { startPhoneSignIn, verifyPhoneSignIn } from '../auth/phone-sign-in';
import type { ApiRefusalCode } from './refusal-codes';
import { timeOf } from '../clock';

function providerOf(deps: AuthDeps): OAuthProvider | null {
  if (deps.googleProvider) return deps.googleProvider;
  return deps.config.google ? googleProvider(deps.config.google, deps.config.publicUrl) : null;
}

/**
 * `POST /auth/signup|login|logout|guest`, `POST /auth/phone/start|verify`, `GET /auth/providers`,
 * `GET /auth/google[/callback]`.
 */
export function authRouter(deps: AuthDeps): Router {
  const router = Router();
  const { publicUrl } = deps.config;
  const google = providerOf(deps);
  const now = () => timeOf(deps);
  const limits = {
    signup: rateLimit(deps, ENDPOINT_LIMITS.signup),
    guest: rateLimit(deps, ENDPOINT_LIMITS.guest),
  };
  const session = sessionMiddleware(deps);

  const context = (req: Request) => ({ previousToken: sessionTokenOf(req, publicUrl) });

  function setSession(res: Response, signedIn: SignedIn): void {
    const { token, session } = signedIn.issued;
    res.append('Set-Cookie', sessionCookie(publicUrl, token, cookieMaxAgeSeconds(session, now())));
  }

  function answer(res: Response, outcome: AuthOutcome, status: number): void {
    if (!outcome.ok) return sendRefusal(res, outcome);
    setSession(res, outcome);
    res.status(status).json({ user: outcome.user });
  }

  router.post('/auth/signup', jsonBody, limits.signup, async (req, res) => {
    answer(
      res,
      await signUp(deps, req.body, { ...context(req), address: clientAddress(req) }),
      201,
    );
  });

  router.post('/auth/login', jsonBody, async (req, res) => {
    answer(res, await logIn(deps, req.body, { ...context(req), address: clientAddress(req) }), 200);
  });

  // Sign-in by phone: where it is configured (the site always; apps that test other parts may not).
  if (deps.phone) {
    router.post('/auth/phone/start', jsonBody, async (req, res) => {
      const outcome = await startPhoneSignIn(deps, req.body, { address: clientAddress(req) });
      if (!outcome.ok) return sendRefusal(res, outcome);
      const { message, expiresInSeconds, resendInSeconds } = outcome;
      res.status(202).json({ message, expiresInSeconds, resendInSeconds });
    });

    router.post('/auth/phone/verify', jsonBody, async (req, res) => {
      const outcome = await verifyPhoneSignIn(deps, req.body, context(req));
      answer(res, outcome, outcome.ok && outcome.created ? 201 : 200);
    });
  }

  router.post('/auth/guest', limits.guest, async (req, res) => {
    answer(res, await startGuest(deps, context(req)), 200);
  });

  router.post('/auth/logout', async (req, res) => {
    const token = sessionTokenOf(req, publicUrl);
    const id = token ? sessionIdOf(token) : null;
    if (id) {
      // One transaction: every ticket of this session is either among these rooms or refused.
      const roomIds = await deps.database.write(async (tx) => {
        const taken = await takeTicketRooms(tx, id);
        await invalidateSession(tx, id);
        return taken;
      });
      deps.onSignedOut?.(id, roomIds);
    }
    res.append('Set-Cookie', clearedSessionCookie(publicUrl));
    // The navbar's Logout is a plain form (it works without JavaScript): send that browser on to
    // the sign-in page. Script callers get the bare 204.
    if (req.is('application/x-www-form-urlencoded')) return res.redirect(303, PATHS.auth);
    res.status(204).end();
  });

  router.get('/auth/providers', (_req, res) => {
    res.json({ google: google !== null });
  });

  router.get('/auth/google', (req, res) => {
    if (!google) return sendError(res, 404, 'google_unavailable');
    const state = generateState();
    const codeVerifier = generateCodeVerifier();
    const returnTo = safeReturnTo(req.query.returnTo);
    res.append('Set-Cookie', pendingOAuthCookies(publicUrl, { state, codeVerifier, returnTo }));
    res.set('Cache-Control', 'no-store');
    res.redirect(302, google.authorizationUrl(state, codeVerifier).href);
  });

  // Linking Google to the signed-in account: the password first (throttled like a login), then
  // the same round trip as a sign-in, bound to this session by the link cookie.
  router.post('/auth/google/link', session, requirePlayer, jsonBody, async (req, res) => {
    if (!google) return sendError(res, 404, 'google_unavailable');
    const auth = res.locals.auth!;
    const user = await findUserById(deps.database.read, currentUser(res).id);
    if (!user) return sendError(res, 401, 'not_signed_in');
    const confirmed = await confirmPassword(deps, user, req.body?.password, clientAddress(req));
    if (!confirmed.ok) return sendRefusal(res, confirmed);
    const state = generateState();
    const codeVerifier = generateCodeVerifier();
    res.append(
      'Set-Cookie',
      pendingOAuthCookies(publicUrl, { state, codeVerifier, returnTo: PATHS.account }),
    );
    res.append('Set-Cookie', linkCookie(publicUrl, state, auth.sessionId));
    res.set('Cache-Control', 'no-store');
    res.json({ url: google.authorizationUrl(state, codeVerifier).href });
  });

  router.get('/auth/google/callback', session, async (req, res) => {
    if (!google) return sendError(res, 404, 'google_unavailable');
    const pending = readPendingOAuth(req.headers.cookie, publicUrl);
    const linkProof = readLinkProof(req.headers.cookie, publicUrl);
    res.append('Set-Cookie', [...clearedOAuthCookies(publicUrl), clearedLinkCookie(publicUrl)]);
    res.set('Cache-Control', 'no-store');
    const failed = ({ error, code }: { error: string; code: ApiRefusalCode }) => {
      const page = linkProof ? PATHS.account : PATHS.auth;
      const query = `error=${encodeURIComponent(error)}&code=${code}`;
      res.redirect(302, `${page}?${query}`);
    };

    const { code, state } = req.query;
    if (!pending || typeof code !== 'string' || typeof state !== 'string') {
      return failed(withWords('google_failed'));
    }
    if (!statesMatch(pending.state, state)) return failed(withWords('google_failed'));
    const auth = res.locals.auth;
    if (linkProof && !(auth && linkProofMatches(linkProof, pending.state, auth.sessionId))) {
      return failed(withWords('google_link_failed'));
    }

    let profile: OAuthProfile;
    try {
      profile = await google.fetchProfile(code, pending.codeVerifier);
    } catch (error) {
      logAuthError('google sign-in failed', error);
      return failed(withWords('google_failed'));
    }
    if (linkProof && auth) {
      const linked = await linkGoogle(
        deps,
        { userId: auth.user.id, sessionId: auth.sessionId },
        profile,
      );
      if (!linked.ok) return failed(linked);
      return res.redirect(302, `${PATHS.account}?linked=google`);
    }
    let outcome: AuthOutcome;
    try {
      outcome = await signInWithGoogle(deps, profile, context(req));
    } catch (error) {
      logAuthError('google sign-in failed', error);
      return failed(withWords('google_failed'));
    }
    if (!outcome.ok) return failed(outcome);
    setSession(res, outcome);
    res.redirect(302, pending.returnTo);
  });

  router.use('/auth', apiErrors({ scope: 'auth', context: 'auth route failed' }));
  return router;
}
