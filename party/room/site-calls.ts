// Reads one signed site → room call (`POST /parties/main/:roomId`, protocol calls 1 and 5): the
// signature first, then the shape. A refusal comes back as the response to send.
import type * as Party from 'partykit/server';
import { parseJson } from './json';
import { readSignedBody, refusal, refusedCall } from './signed-request';
import { CALL_BODY_LIMITS, roomCallSchema, type RoomCall } from '#wire/site-room.ts';

export async function readRoomCall(
  request: Party.Request,
  secret: string,
  now: number,
): Promise<{ ok: true; call: RoomCall } | { ok: false; response: Response }> {
  const signed = await readSignedBody(request, secret, now, CALL_BODY_LIMITS.roomCall);
  if (!signed.ok) return { ok: false, response: refusedCall(signed) };
  const parsed = roomCallSchema.safeParse(parseJson(signed.body));
  if (!parsed.success) {
    return { ok: false, response: refusal(400, 'invalid_body') };
  }
  return { ok: true, call: parsed.data };
}
