// What the settlement tests share: a full room on the test site, a signed settlement call (protocol
// call 3) as a room server makes it, an honest game run to its end, and the operator's error log.
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { adminErrors, adminTotals } from '#db/schema/operator.ts';
import { signRequest } from '#wire/signing.ts';
import type { RoomForParty } from '#wire/site-room.ts';
import type { RoomsApp, TestUser } from '#tests/support/rooms-app.ts';
import { seededRandom } from '#tests/support/seeded-random.ts';
import { playSimulatedGame, type SettlementReportBody } from './simulated-game';

export interface FullRoom {
  room: RoomForParty;
  players: TestUser[];
  /** When the last seat was taken (the test clock). */
  filledAt: number;
}

export async function fullRoom(
  app: RoomsApp,
  count: number,
  stakeZmw = 20,
  fundZmw = stakeZmw,
): Promise<FullRoom> {
  const players: TestUser[] = [];
  for (let i = 0; i < count; i += 1) players.push(await app.player({ fundZmw }));
  const [host, ...rest] = players;
  const created = await host!.client.post('/api/rooms', {
    amount: stakeZmw,
    time: 10,
    maxPlayers: count,
    privacy: 'Public',
    clientSeed: `host${count}`,
  });
  const roomId = (created.json.room as { roomId: string }).roomId;
  for (const [i, p] of rest.entries()) {
    const joined = await p.client.post(`/api/rooms/${roomId}/join`, {
      ...(i % 2 === 0 ? { clientSeed: `seed_${i}` } : {}),
    });
    expect(joined.status).toBe(200);
  }
  const room = await app.rooms.roomForParty(roomId);
  expect(room?.status).toBe('active');
  return { room: room!, players, filledAt: app.now() };
}

/** An honest game of `full`'s room, played from its filling; the clock is left where it was. */
export function honestGame(app: RoomsApp, full: FullRoom, seed: number): SettlementReportBody {
  return playSimulatedGame(full.room, {
    random: seededRandom(seed),
    filledAt: full.filledAt,
    timeScale: app.deps.config.gameTimeScale,
  });
}

/** Moves the test clock to `time` (never back). */
export function advanceTo(app: RoomsApp, time: number): void {
  if (time > app.now()) app.advance(time - app.now());
}

export async function postSettlement(
  app: RoomsApp,
  roomId: string,
  body: unknown,
  options: { key?: string; now?: number; path?: string; unsigned?: boolean } = {},
) {
  const path = options.path ?? `/api/internal/rooms/${roomId}/settlement`;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const headers = options.unsigned
    ? {}
    : signRequest(options.key ?? app.keys.roomToSite, {
        method: 'POST',
        path,
        body: text,
        now: options.now ?? app.now(),
      });
  const response = await fetch(`${app.url}/api/internal/rooms/${roomId}/settlement`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: text,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

export async function errorsFor(app: RoomsApp, roomId: string) {
  return app.db.database.read
    .select()
    .from(adminErrors)
    .where(eq(adminErrors.roomId, roomId))
    .orderBy(desc(adminErrors.timestamp));
}

export async function totalRevenue(app: RoomsApp): Promise<number> {
  const [row] = await app.db.database.read
    .select()
    .from(adminTotals)
    .where(eq(adminTotals.key, 'totalRevenue'));
  return row?.total ?? 0;
}
