// The room server's calls to the site (protocol calls 2 and 3), signed with the room → site key.
import type { SettlementReport } from '#wire/settlement.ts';
import { signRequest } from '#wire/signing.ts';
import { roomPullSchema, wirePaths, type RoomForParty } from '#wire/site-room.ts';
import type { PartyEnv } from './env';
import { parseJson } from './json';
import { settlementOutcome, type SettlementOutcome } from './settlement';

const CALL_TIMEOUT_MS = 10_000;

export type PullResult =
  { ok: true; room: RoomForParty } | { ok: false; reason: 'not-found' | 'unavailable' | 'invalid' };

/** Call 2: `GET /api/internal/rooms/:roomId`. */
export async function pullRoom(env: PartyEnv, roomId: string, now: number): Promise<PullResult> {
  const path = wirePaths.pull(roomId);
  const response = await signedFetch(env, 'GET', path, '', now);
  if (!response) return { ok: false, reason: 'unavailable' };
  if (response.status === 404) return { ok: false, reason: 'not-found' };
  if (response.status !== 200) return { ok: false, reason: 'unavailable' };
  const parsed = roomPullSchema.safeParse(parseJson(await response.text()));
  if (!parsed.success || parsed.data.room.roomId !== roomId)
    return { ok: false, reason: 'invalid' };
  return { ok: true, room: parsed.data.room };
}

/** Call 3: `POST /api/internal/rooms/:roomId/settlement`, and what the answer means. */
export async function postSettlement(
  env: PartyEnv,
  roomId: string,
  body: SettlementReport,
  now: number,
): Promise<SettlementOutcome> {
  const path = wirePaths.settlement(roomId);
  const response = await signedFetch(env, 'POST', path, JSON.stringify(body), now);
  if (!response) return settlementOutcome(null, '');
  // Reading the body also lets the connection be reused.
  const text = await response.text().catch(() => '');
  return settlementOutcome(response.status, text);
}

async function signedFetch(
  env: PartyEnv,
  method: 'GET' | 'POST',
  path: string,
  body: string,
  now: number,
): Promise<Response | null> {
  if (!env.siteUrl || !env.keys.roomToSite) return null;
  const headers = signRequest(env.keys.roomToSite, { method, path, body, now });
  try {
    return await fetch(`${env.siteUrl}${path}`, {
      method,
      headers: { ...headers, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      ...(method === 'POST' ? { body } : {}),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch {
    return null;
  }
}
