// The Google side of the auth tests: an `oauth2-mock-server` standing in for Google, the browser's
// round trip through it, and what Google says about the person.
import { expect } from 'vitest';
import {
  OAuth2Server,
  type MutableResponse,
  type TokenRequestIncomingMessage,
} from 'oauth2-mock-server';
import type { GoogleConfig } from '#site/server/auth/google.ts';
import type { Answer, HttpClient } from '#tests/support/http-client.ts';

export async function startIdp(): Promise<OAuth2Server> {
  const idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  return idp;
}

export function googleConfigOf(idp: OAuth2Server): GoogleConfig {
  const issuer = idp.issuer.url!;
  return {
    clientId: 'zed-web',
    clientSecret: 'zed-web-secret',
    authUrl: `${issuer}/authorize`,
    tokenUrl: `${issuer}/token`,
    userinfoUrl: `${issuer}/userinfo`,
  };
}

/** The userinfo answer of the next exchange. */
export function googleSays(idp: OAuth2Server, claims: Record<string, unknown>): void {
  idp.service.once('beforeUserinfo', (response: MutableResponse) => {
    response.body = claims;
  });
}

export interface Flow {
  start: Answer;
  authorizeUrl: URL;
  callbackUrl: URL;
  tokenRequest: Record<string, unknown> | null;
}

/** Follows the provider's authorize redirect back to our callback URL. */
export async function throughProvider(
  idp: OAuth2Server,
  start: Answer,
): Promise<Omit<Flow, 'start'>> {
  let tokenRequest: Record<string, unknown> | null = null;
  idp.service.once(
    'beforeResponse',
    (_response: MutableResponse, req: TokenRequestIncomingMessage) => {
      tokenRequest = { ...req.body };
    },
  );
  const authorizeUrl = new URL(start.headers.get('location') ?? String(start.json.url));
  const atProvider = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const callbackUrl = new URL(atProvider.headers.get('location')!);
  return {
    authorizeUrl,
    callbackUrl,
    get tokenRequest() {
      return tokenRequest;
    },
  };
}

/** The browser's round trip: our start → the provider's authorize → back to our callback URL. */
export async function goToGoogle(idp: OAuth2Server, client: HttpClient, returnTo?: string) {
  const query = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : '';
  const start = await client.get(`/api/auth/google${query}`);
  expect(start.status).toBe(302);
  const rest = await throughProvider(idp, start);
  return {
    start,
    authorizeUrl: rest.authorizeUrl,
    callbackUrl: rest.callbackUrl,
    get tokenRequest() {
      return rest.tokenRequest;
    },
  } satisfies Flow;
}

export function callbackPath(url: URL): string {
  return `${url.pathname}${url.search}`;
}
