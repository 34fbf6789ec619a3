// A room server that loses its storage mid-game (a dead disk, a new machine): the game it held is
// gone, and it must not start the same room again from the beginning, long after the game began.
// The site's sweeper finds the room unsettled after its end time, the room server answers that it
// holds no game, and every stake goes back. Real `partykit dev`; its storage folder deleted.
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isLedgerClean } from '../../../db/ledger';
import { adminErrors, rooms, roomSeats } from '../../../db/schema';
import { latestFirstRoll, latestGameEnd, START_DELIVERY_MS } from '../../../game/timing';
import { LOST_GAME_MESSAGE } from '../../../site/server/rooms/expiry';
import { startRoomSweeper } from '../../../site/server/rooms/sweeper';
import { freePort, removeDir, startPartykit, type PartykitServer } from '../../support/partykit';
import { openRoom, startRoomsApp, type RoomsApp } from '../../support/rooms-app';
import { waitFor } from '../../support/wait';

// 10 minutes → 12 s; the turn timer rolls after 400 ms.
const TIME_SCALE = 0.02;
const SECRET = 'ops-storage-lost-internal-secret';
const CONFIG = path.join(import.meta.dirname, '../rooms/partykit.e2e.json');

let app: RoomsApp;
let party: PartykitServer | undefined;
let port: number;
const storage: string[] = [];

async function startParty(): Promise<PartykitServer> {
  const server = await startPartykit({
    config: CONFIG,
    port,
    vars: { SITE_URL: app.url, INTERNAL_SECRET: SECRET, GAME_TIME_SCALE: String(TIME_SCALE) },
  });
  storage.push(server.persistDir);
  return server;
}

/** The room server's public status of the room (a GET wakes a room that is not loaded). */
async function roomServerStatus(roomId: string): Promise<{ status: string }> {
  const response = await fetch(`http://127.0.0.1:${port}/parties/main/${roomId}`);
  return (await response.json()) as { status: string };
}

beforeAll(async () => {
  port = await freePort();
  app = await startRoomsApp({
    realClock: true,
    internalSecret: SECRET,
    gameTimeScale: TIME_SCALE,
    partyUrl: `http://127.0.0.1:${port}`,
    partyPublicUrl: `ws://127.0.0.1:${port}`,
  });
  party = await startParty();
}, 60_000);

afterAll(async () => {
  await party?.stop();
  for (const dir of storage) await removeDir(dir);
  await app?.close();
});

it('refunds a game whose room server lost its storage mid-game, and never replays it', async () => {
  const host = await app.player({ fundZmw: 10 });
  const guest = await app.player({ fundZmw: 10 });
  const roomId = await openRoom(host);
  expect((await guest.client.post(`/api/rooms/${roomId}/join`, {})).status).toBe(200);
  await app.rooms.publisher.idle();
  await waitFor('the game to start', async () =>
    (await roomServerStatus(roomId)).status === 'active' ? true : null,
  );
  const [room] = await app.db.database.read.select().from(rooms).where(eq(rooms.roomId, roomId));
  const seats = await app.db.database.read
    .select()
    .from(roomSeats)
    .where(eq(roomSeats.roomId, roomId));
  const filledAt = Math.max(...seats.map((seat) => seat.joinedAt));
  // Mid-game: past the moment its first roll had to happen, before its end.
  await waitFor('the game to be under way', () =>
    Date.now() > latestFirstRoll(filledAt, TIME_SCALE) + START_DELIVERY_MS ? true : null,
  );

  // The room server dies with its disk; a new one starts on empty storage.
  await party!.kill();
  await removeDir(party!.persistDir);
  party = await startParty();

  // A player's board reconnects: the room is not started again from the beginning.
  expect((await roomServerStatus(roomId)).status).toBe('closed');

  // The sweeper's pass after the game's latest end: the stakes go back, once.
  const end = latestGameEnd(filledAt, room!.timeMinutes, TIME_SCALE);
  const sweeper = startRoomSweeper({ service: app.rooms, clock: () => end + 61_000 });
  try {
    await sweeper.sweep();
    await sweeper.sweep();
  } finally {
    sweeper.stop();
  }
  expect([await app.wallet(host.id), await app.wallet(guest.id)]).toEqual([1_000, 1_000]);
  const ledger = await app.ledger();
  expect(isLedgerClean(ledger.report)).toBe(true);
  expect(ledger.byKind.escrow ?? 0).toBe(0);
  const [after] = await app.db.database.read.select().from(rooms).where(eq(rooms.roomId, roomId));
  expect(after).toMatchObject({ status: 'closed', isActive: false, settledAt: null });
  // The operator sees why, once.
  const logged = await app.db.database.read
    .select()
    .from(adminErrors)
    .where(eq(adminErrors.roomId, roomId));
  expect(logged.map((row) => row.message)).toEqual([LOST_GAME_MESSAGE]);
}, 90_000);
