// Call 8 (docs/protocol.md): the site asks, signed, for the room as a spectator sees it, to draw the
// board in the page's first HTML. A GET with no body; the signature is checked before anything else
// is done, so an unsigned caller wakes nothing and reads nothing.
import type * as Party from 'partykit/server';
import { CALL_BODY_LIMITS } from '#wire/site-room.ts';
import { readSignedBody, refusedCall } from './signed-request';

/** `/parties/main/:roomId/view` (a room id is one encoded segment, so a room named "view" is not it). */
export function isRoomViewPath(request: Party.Request): boolean {
  const segments = new URL(request.url).pathname.split('/');
  return segments.length === 5 && segments[4] === 'view';
}

/** The refusal to answer (401 unsigned, 413 with a body), or null when the call is the site's. */
export async function roomViewRefusal(
  request: Party.Request,
  secret: string,
  now: number,
): Promise<Response | null> {
  const signed = await readSignedBody(request, secret, now, CALL_BODY_LIMITS.roomView);
  return signed.ok ? null : refusedCall(signed);
}
