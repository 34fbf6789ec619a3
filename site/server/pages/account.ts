// The page door's account operations: sign in, sign up, sign in by phone, the mail links, passwords,
// the profile and erasure, each with the JSON API's guards, limits and services (api/auth.ts, api/account.ts,
// api/me.ts, api/data-rights.ts). A session they start comes back as its Set-Cookie value.
import type { AuthDeps } from '../auth/config';
import { clearedSessionCookie, sessionCookie } from '../auth/cookies';
import { requestVerification, verifyEmail } from '../auth/email-verification';
import { changePassword } from '../auth/password-change';
import { requestPasswordReset, resetPassword } from '../auth/password-reset';
import { provePhone, startPhoneSignIn, verifyPhoneSignIn } from '../auth/phone-sign-in';
import { completeProfile, logIn, signUp, type AuthOutcome } from '../auth/service';
import { cookieMaxAgeSeconds } from '../auth/sessions';
import { findUserById, isEmailVerified, type PublicUser } from '../auth/users';
import { eraseAccount } from '../data-rights/erase';
import { ENDPOINT_LIMITS } from '../rate-limit/limits';
import { checkRateLimit } from '../rate-limit/middleware';
import { parseEmail } from '#site/shared/email.ts';
import { refuse } from '../api/refusals';
import { player, refused, signedIn, type PageAnswer, type PageCaller } from './caller';
import { timeOf } from '../clock';

/** How this account signs in (`GET /api/me/security`). */
export interface AccountSecurity {
  emailVerified: boolean;
  hasPassword: boolean;
  googleLinked: boolean;
  googleAvailable: boolean;
}

export function accountDoor(deps: AuthDeps, caller: PageCaller) {
  const now = () => timeOf(deps);
  const { publicUrl } = deps.config;

  /** A started session as the Set-Cookie value that carries it. */
  function signedInAnswer(outcome: AuthOutcome): PageAnswer<{ user: PublicUser; cookie: string }> {
    if (!outcome.ok) return outcome;
    const { token, session } = outcome.issued;
    const cookie = sessionCookie(publicUrl, token, cookieMaxAgeSeconds(session, now()));
    return { ok: true, user: outcome.user, cookie };
  }

  const googleAvailable = Boolean(deps.googleProvider ?? deps.config.google);

  return {
    /** `GET /api/auth/providers`: which other ways to sign in are offered. */
    providers: () => ({ google: googleAvailable }),

    /** `POST /api/auth/login`. */
    async logIn(body: { email: string; password: string }) {
      const context = { previousToken: caller.sessionToken, address: caller.address };
      return signedInAnswer(await logIn(deps, body, context));
    },

    /** `POST /api/auth/signup`, counted per sign-up email and address first. */
    async signUp(body: Record<string, unknown>) {
      const limited = await checkRateLimit(deps, ENDPOINT_LIMITS.signup, {
        email: parseEmail(body.email),
        address: caller.address,
      });
      if (limited) return limited;
      const context = { previousToken: caller.sessionToken, address: caller.address };
      return signedInAnswer(await signUp(deps, body, context));
    },

    /** `POST /api/auth/phone/start {phone}`: a code by SMS, with its limits per number and address. */
    phoneStart(body: { phone: string }) {
      return startPhoneSignIn(deps, body, { address: caller.address });
    },

    /** `POST /api/auth/phone/verify`: signs in the number's account, or makes one for a new number. */
    async phoneVerify(body: Record<string, unknown>) {
      const context = { previousToken: caller.sessionToken, address: caller.address };
      return signedInAnswer(await verifyPhoneSignIn(deps, body, context));
    },

    /** `POST /api/me/phone/verify {phone, code, password}`: this account proves its own number. */
    async provePhone(body: { phone: string; code: string; password: string }) {
      const who = player(caller);
      if (refused(who)) return who;
      return provePhone(deps, { userId: who.user.id, address: caller.address }, body);
    },

    /** `POST /api/auth/email/verify-request`: the verification link again. */
    async requestVerification(): Promise<PageAnswer<{ message: string }>> {
      const who = player(caller);
      if (refused(who)) return who;
      return requestVerification(deps, who.user.id);
    },

    /** `POST /api/auth/email/verify {token}`. */
    verifyEmail(token: string) {
      return verifyEmail(deps, { token });
    },

    /** `POST /api/auth/password/forgot {email}`: the same words whether or not the account exists. */
    forgotPassword(email: string) {
      return Promise.resolve(requestPasswordReset(deps, { email }));
    },

    /** `POST /api/auth/password/reset {token, password}`: ends every session. */
    resetPassword(token: string, password: string) {
      return resetPassword(deps, { token, password }, { address: caller.address });
    },

    /** `POST /api/me/password`: ends the account's other sessions. */
    async changePassword(body: { currentPassword: string; newPassword: string }) {
      const who = player(caller);
      if (refused(who)) return who;
      const auth = { userId: who.user.id, sessionId: who.sessionId, address: caller.address };
      return changePassword(deps, auth, body);
    },

    /** `PATCH /api/me`: names and phone number (accounts made with Google lack them). */
    async completeProfile(body: { firstName: string; lastName: string; phone: string }) {
      const who = signedIn(caller);
      if (refused(who)) return who;
      if (who.user.isGuest) return refuse(403, 'guest_not_allowed');
      return completeProfile(deps, who.user.id, body);
    },

    /** `GET /api/me/security`. */
    async security(): Promise<PageAnswer<{ security: AccountSecurity }>> {
      const who = player(caller);
      if (refused(who)) return who;
      const user = await findUserById(deps.database.read, who.user.id);
      if (!user) return refuse(401, 'not_signed_in');
      return {
        ok: true,
        security: {
          emailVerified: isEmailVerified(user),
          hasPassword: user.passwordHash !== null,
          googleLinked: user.googleSub !== null,
          googleAvailable,
        },
      };
    },

    /** `DELETE /api/me {password}`: on success the cookie that ends the session here. */
    async erase(password: string): Promise<PageAnswer<{ cookie: string }>> {
      const who = signedIn(caller);
      if (refused(who)) return who;
      const auth = { userId: who.user.id, sessionId: who.sessionId, address: caller.address };
      const outcome = await eraseAccount(deps, auth, { password }, now());
      if (!outcome.ok) return outcome;
      return { ok: true, cookie: clearedSessionCookie(publicUrl) };
    },
  };
}
