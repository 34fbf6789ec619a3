import { CodeChallengeMethod, OAuth2Client } from 'arctic';
import { parseEmail } from '#site/shared/email.ts';

/** What the site needs from any sign-in provider, so tests can point it at a mock server. */
export interface OAuthProvider {
  authorizationUrl(state: string, codeVerifier: string): URL;
  /** Exchanges the callback's code (with the PKCE verifier) for the person's profile. */
  fetchProfile(code: string, codeVerifier: string): Promise<OAuthProfile>;
}

export interface OAuthProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}

export const GOOGLE_ENDPOINTS = {
  authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
} as const;

export function googleCallbackUrl(publicUrl: string): string {
  return new URL('/api/auth/google/callback', publicUrl).href;
}

function stringClaim(claims: Record<string, unknown>, name: string): string {
  const value = claims[name];
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The profile comes from the userinfo endpoint, called with the access token the token endpoint just
 * gave us over TLS: no unverified id token is trusted (see docs/decisions/011-google-userinfo.md).
 */
export function googleProvider(config: GoogleConfig, publicUrl: string): OAuthProvider {
  const client = new OAuth2Client(
    config.clientId,
    config.clientSecret,
    googleCallbackUrl(publicUrl),
  );
  return {
    authorizationUrl(state, codeVerifier) {
      return client.createAuthorizationURLWithPKCE(
        config.authUrl,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        ['openid', 'email', 'profile'],
      );
    },
    async fetchProfile(code, codeVerifier) {
      const tokens = await client.validateAuthorizationCode(config.tokenUrl, code, codeVerifier);
      const response = await fetch(config.userinfoUrl, {
        headers: { Authorization: `Bearer ${tokens.accessToken()}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
      const claims = (await response.json()) as Record<string, unknown>;
      const subject = stringClaim(claims, 'sub');
      if (!subject) throw new Error('userinfo has no subject');
      return {
        subject,
        // One plain address (the site's email rule) or none: anything else is never stored.
        email: parseEmail(stringClaim(claims, 'email')),
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        firstName: stringClaim(claims, 'given_name'),
        lastName: stringClaim(claims, 'family_name'),
      };
    },
  };
}
