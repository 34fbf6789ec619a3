// The site and its room servers, as an operator sees them (real `partykit dev`):
// - the sockets the room servers hold reach the site's metrics (call 6, summed over live rooms);
// - a room server that loses its storage mid-game (a dead disk, a new machine) must not start the
//   same room again from the beginning, long after the game began: the sweeper finds the room
//   unsettled after its end time, the room server answers that it holds no game, and every stake
//   goes back. Its storage folder is deleted for this.
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isLedgerClean } from '#db/ledger.ts';
import { adminErrors } from '#db/schema/operator.ts';
import { rooms, roomSeats } from '#db/schema/rooms.ts';
import { latestFirstRoll, latestGameEnd, START_DELIVERY_MS } from '#game/timing.ts';
import { logger } from '#site/server/logging.ts';
import { createFigures } from '#site/server/ops/figures.ts';
import { LOST_GAME_MESSAGE } from '#site/server/rooms/expiry.ts';
import { httpPartyClient } from '#site/server/rooms/party-client.ts';
import { startRoomSweeper } from '#site/server/rooms/sweeper.ts';
import { openRoom, type RoomsApp } from '#tests/support/rooms-app.ts';
import { startRoomsWithParty, type RoomsWithParty } from '../rooms/with-party';
import { waitFor } from '#tests/support/wait.ts';
import { mustConnect } from '#tests/support/ws-client.ts';

// 10 minutes → 12 s; the turn timer rolls after 400 ms.
const TIME_SCALE = 0.02;
const SECRET = 'ops-storage-lost-internal-secret';

let site: RoomsWithParty;
let app: RoomsApp;

/** The room server's public status of the room (a GET wakes a room that is not loaded). */
async function roomServerStatus(roomId: string): Promise<{ status: string }> {
  const response = await fetch(`${site.party.httpUrl}/parties/main/${roomId}`);
  return (await response.json()) as { status: string };
}

beforeAll(async () => {
  site = await startRoomsWithParty({ secret: SECRET, timeScale: TIME_SCALE });
  app = site.app;
}, 60_000);

afterAll(async () => {
  await site?.close();
});

it('counts the sockets the room servers hold in the live rooms', async () => {
  const host = await app.player({ fundZmw: 10 });
  const roomId = await openRoom(host);
  await app.rooms.publisher.idle();
  const figures = createFigures({
    database: app.db.database,
    roomStatus: httpPartyClient({
      partyUrl: site.party.httpUrl,
      internalSecret: SECRET,
      clock: Date.now,
    }).roomStatus,
    config: {
      dataDir: app.db.dir,
      databaseUrl: app.db.url,
      backups: { dir: path.join(app.db.dir, 'backups'), everyMinutes: 15, keepDays: 14 },
      gameTimeScale: TIME_SCALE,
    },
    log: logger,
  });
  const ticket = (await host.client.post(`/api/rooms/${roomId}/ticket`)).json as { url: string };
  const sockets = await Promise.all([mustConnect(ticket.url), mustConnect(ticket.url)]);
  try {
    await Promise.all(sockets.map((s) => s.waitFor((m) => m.type === 'state')));
    expect((await figures.askRoomServers()).roomSockets).toEqual({
      sockets: 2,
      answered: 1,
      unanswered: 0,
    });
  } finally {
    await Promise.all(sockets.map((s) => s.close()));
  }
  expect((await host.client.post(`/api/rooms/${roomId}/leave`, {})).status).toBe(204);
}, 60_000);

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
  await site.restartParty({ storage: 'lost' });

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
