// Reads one test clock call (`POST /parties/main/:roomId/test-clock`, wire/test-clock.ts): 404 when
// this room server has no test clock, then the signature (the `test-clock` key) and the shape, as
// for the site's calls. A refusal comes back as the response to send.
import type * as Party from 'partykit/server';
import { parseJson } from './json';
import { readSignedBody, refusal, refusedCall } from './signed-request';
import {
  TEST_CLOCK_BODY_LIMIT,
  testClockCallSchema,
  type TestClockCall,
} from '#wire/test-clock.ts';

export function isTestClockPath(request: Party.Request): boolean {
  return new URL(request.url).pathname.endsWith('/test-clock');
}

export async function readTestClockCall(
  request: Party.Request,
  key: string,
  now: number,
): Promise<{ ok: true; call: TestClockCall } | { ok: false; response: Response }> {
  if (key.length === 0 || request.method !== 'POST') {
    return { ok: false, response: refusal(404, 'not_found') };
  }
  const signed = await readSignedBody(request, key, now, TEST_CLOCK_BODY_LIMIT);
  if (!signed.ok) return { ok: false, response: refusedCall(signed) };
  const parsed = testClockCallSchema.safeParse(parseJson(signed.body));
  if (!parsed.success) return { ok: false, response: refusal(400, 'invalid_body') };
  return { ok: true, call: parsed.data };
}
