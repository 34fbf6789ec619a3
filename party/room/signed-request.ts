// Checks a signed internal call from the site (protocol: signRequest/verifyRequest) and hands back
// its raw body. In this order, so an unsigned or oversized call costs next to nothing: the headers
// and the timestamp (401, the body unread), the declared and then the actual size (413, reading
// stops at the limit), and only then the signature over the exact bytes.
import type * as Party from 'partykit/server';
import { readLimitedText } from '#wire/limited-body.ts';
import { checkSignatureHeaders, verifyRequest } from '#wire/signing.ts';
import { callRefusal, type CallRefusalCode } from '#wire/site-room.ts';

export type SignedBody =
  { ok: true; body: string } | { ok: false; status: 401 | 413; reason: string };

export async function readSignedBody(
  request: Party.Request,
  secret: string,
  now: number,
  maxBytes: number,
): Promise<SignedBody> {
  const headers = checkSignatureHeaders(secret, request.headers, now);
  if (!headers.ok) return { ok: false, status: 401, reason: headers.reason };
  const body = await readLimitedText(request, maxBytes);
  if (body === null) return { ok: false, status: 413, reason: 'body too large' };
  const verdict = verifyRequest(secret, {
    method: request.method,
    path: new URL(request.url).pathname,
    body,
    headers: request.headers,
    now,
  });
  return verdict.ok ? { ok: true, body } : { ok: false, status: 401, reason: verdict.reason };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A refusal of a call (wire/site-room.ts) as the response: `{error, code}` with its status. */
export function refusal(status: number, code: CallRefusalCode, message?: string): Response {
  return jsonResponse(callRefusal(code, message), status);
}

/** The refusal of a call that failed `readSignedBody`. */
export function refusedCall(failed: { status: 401 | 413 }): Response {
  return failed.status === 413 ? refusal(413, 'body_too_large') : refusal(401, 'unauthorized');
}
