// Checks a signed internal call from the site (protocol: signRequest/verifyRequest) and hands back
// its raw body. The signature covers the exact bytes, so the body is read as text before parsing.
import type * as Party from 'partykit/server';
import { verifyRequest } from '../../game/signing';

export type SignedBody = { ok: true; body: string } | { ok: false; reason: string };

export async function readSignedBody(
  request: Party.Request,
  secret: string,
  now: number,
): Promise<SignedBody> {
  const body = await request.text();
  const verdict = verifyRequest(secret, {
    method: request.method,
    path: new URL(request.url).pathname,
    body,
    headers: request.headers,
    now,
  });
  return verdict.ok ? { ok: true, body } : verdict;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function unauthorized(): Response {
  return jsonResponse({ error: 'Unauthorized' }, 401);
}
