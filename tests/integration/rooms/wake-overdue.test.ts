// A game that nobody reconnects to after the room server restarts: `partykit dev` keeps no alarms
// across its own restarts, so the restarted room sleeps with its game over and unsettled until
// something calls it. The site's sweeper (wakeOverdue) is that call: after it, the room finishes the
// game, reports it, and the site pays it out once.
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  freePort,
  removeDir,
  startPartykit,
  type PartykitServer,
} from '#tests/support/partykit.ts';
import { openRoom, startRoomsApp, type RoomsApp } from '#tests/support/rooms-app.ts';

const TIME_SCALE = 0.005; // a 10-minute game lasts 3 s; the turn timer rolls after 100 ms
const SECRET = 'rooms-wake-internal-secret';
const CONFIG = path.join(import.meta.dirname, 'partykit.e2e.json');

let app: RoomsApp;
let party: PartykitServer | undefined;
let port: number;
let persistDir: string | undefined;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startParty(): Promise<PartykitServer> {
  const server = await startPartykit({
    config: CONFIG,
    port,
    ...(persistDir ? { persistDir } : {}),
    vars: { SITE_URL: app.url, INTERNAL_SECRET: SECRET, GAME_TIME_SCALE: String(TIME_SCALE) },
  });
  persistDir = server.persistDir;
  return server;
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
  if (persistDir) await removeDir(persistDir);
  await app?.close();
});

it('pays out a game whose room server restarted and was never visited again', async () => {
  const host = await app.player({ fundZmw: 10 });
  const guest = await app.player({ fundZmw: 10 });
  const roomId = await openRoom(host);
  expect((await guest.client.post(`/api/rooms/${roomId}/join`, {})).status).toBe(200);
  // The room server has the full room: its countdown and the turn timer now play by themselves.
  await app.rooms.publisher.idle();

  // It dies mid-game and comes back after the game's end; nobody connects.
  await sleep(500);
  await party!.kill();
  await sleep(3_500);
  party = await startParty();
  const game = () => host.client.get(`/api/games/${roomId}`);
  await sleep(2_000);
  expect((await game()).status, 'nothing settles the game by itself').toBe(404);
  expect(await app.wallet(host.id)).toBe(0);

  // The sweeper's pass, a minute and more after the latest possible end.
  expect(await app.rooms.wakeOverdue(Date.now() + 61_000)).toEqual([roomId]);
  const deadline = Date.now() + 30_000;
  while ((await game()).status !== 200) {
    expect(Date.now(), 'settled after the wake-up').toBeLessThan(deadline);
    await sleep(200);
  }
  const settled = (await game()).json.game as { winners: string[]; winnerShare: number };
  // The pot is ZMW 20; the winners share ZMW 16 (K8 each on a tie).
  const balances = [await app.wallet(host.id), await app.wallet(guest.id)];
  expect(balances.reduce((a, b) => a + b, 0)).toBe(1600);
  expect(settled.winners.length).toBeGreaterThan(0);
  const ledger = await app.ledger();
  expect(ledger.sum).toBe(0);
  expect(ledger.byKind.escrow ?? 0).toBe(0);
  expect(await app.rooms.wakeOverdue(Date.now() + 61_000)).toEqual([]);
}, 90_000);
