// Linking Google to the signed-in account. The person first re-enters the password; the Google round
// trip then carries one more short-lived cookie, `google_link`, holding SHA-256(state:sessionId): on
// return it must match the session the request carries, so the Google subject lands on the very
// account (and session) that proved the password, never on whoever is signed in by then. Linking
// ends every other session of the account.
import { parseEmail } from '#site/shared/email.ts';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import { users } from '#db/schema/people.ts';
import type { AuthDeps } from './config';
import { cookieName, isSecureSite, readCookie, serializeCookie } from './cookies';
import type { OAuthProfile } from './google';
import { statesMatch } from './oauth-cookies';
import { refuse, type Refusal } from '../api/refusals';
import { endOtherSessions } from './password-change';
import { findUserByGoogleSub, findUserById } from './users';
import { announceEndedSessions, type EndedSession } from './sessions';
import { timeOf } from '../clock';

const LINK_COOKIE = 'google_link';
/** As long as the other OAuth cookies. */
const LINK_COOKIE_SECONDS = 10 * 60;

function proofOf(state: string, sessionId: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(`${state}:${sessionId}`)));
}

export function linkCookie(publicUrl: string, state: string, sessionId: string): string {
  return serializeCookie(cookieName(LINK_COOKIE, publicUrl), proofOf(state, sessionId), {
    maxAge: LINK_COOKIE_SECONDS,
    secure: isSecureSite(publicUrl),
  });
}

export function clearedLinkCookie(publicUrl: string): string {
  return serializeCookie(cookieName(LINK_COOKIE, publicUrl), '', {
    maxAge: 0,
    secure: isSecureSite(publicUrl),
  });
}

/** The link cookie's proof, or null when this round trip is a plain sign-in. */
export function readLinkProof(cookieHeader: string | undefined, publicUrl: string): string | null {
  return readCookie(cookieHeader, cookieName(LINK_COOKIE, publicUrl)) || null;
}

export function linkProofMatches(proof: string, state: string, sessionId: string): boolean {
  return statesMatch(proofOf(state, sessionId), proof);
}

/** Puts the Google subject on the account and ends its other sessions (one transaction). */
export async function linkGoogle(
  deps: AuthDeps,
  auth: { userId: string; sessionId: string },
  profile: OAuthProfile,
): Promise<{ ok: true } | Refusal> {
  const at = timeOf(deps);
  let ended: EndedSession[] = [];
  const outcome = await deps.database.write(async (tx) => {
    const holder = await findUserByGoogleSub(tx, profile.subject);
    if (holder && holder.id !== auth.userId) {
      return refuse(409, 'google_already_linked');
    }
    const user = await findUserById(tx, auth.userId);
    if (!user || user.isGuest) return refuse(403, 'google_link_failed');
    // Google vouching for this very address proves it too.
    const proved = profile.emailVerified && parseEmail(profile.email) === user.email;
    await tx
      .update(users)
      .set({
        googleSub: profile.subject,
        emailVerifiedAt: user.emailVerifiedAt ?? (proved ? at : null),
        updatedAt: at,
      })
      .where(eq(users.id, user.id));
    ended = await endOtherSessions(tx, user.id, auth.sessionId);
    return { ok: true as const };
  });
  announceEndedSessions(deps, ended);
  return outcome;
}
