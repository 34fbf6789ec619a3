import type * as Party from 'partykit/server';

/** WebSocket close code 1013: "Try Again Later". */
export const TRY_AGAIN_LATER = 1013;
export const UNAVAILABLE_REASON = 'Room server not available yet';

export function statusResponse(request: Party.Request, room: Party.Room): Response {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return Response.json(
      { error: 'Method not allowed' },
      { status: 405, headers: { Allow: 'GET' } },
    );
  }
  return Response.json({ ok: true, party: room.name, room: room.id });
}

export function closeUnavailable(connection: Party.Connection): void {
  connection.close(TRY_AGAIN_LATER, UNAVAILABLE_REASON);
}
