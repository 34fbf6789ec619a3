// The site and the room server as two processes (`START=site`, `START=party`), each reaching the
// other only through a TCP proxy of the test (PARTY_URL and SITE_URL point at it; browsers reach
// the room server directly). The line between them is cut and healed, answers are lost on the way
// back (the work done, the caller never told), the site is killed while the room server retries a
// settlement, and the room server is killed while the site pushes a join.
// Each case ends with the money whole.
//
// "A minute" of cut line: the retries on both sides run in real time (pushes back off 0.5 s → 30 s,
// settlement reports 1 s → 60 s), while the game runs at GAME_TIME_SCALE. A cut of CUT_MS real
// seconds at this scale is CUT_MS / TIME_SCALE of game time (4 s here: 400 s, two thirds of
// the game), long enough for several failed attempts of every retry loop; a real minute would only add
// waits at the backoff caps. See docs/decisions/059.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '#db/client.ts';
import { wirePaths } from '#wire/site-room.ts';
import type { Bot } from '#tests/support/bot.ts';
import { ensureSiteBuild } from '#tests/support/build.ts';
import { freePort, removeDir, tempDir } from '#tests/support/partykit.ts';
import { seededRandom } from '#tests/support/seeded-random.ts';
import { startPart, type StartedPart } from '#tests/support/start-script.ts';
import { startTcpProxy, type TcpProxy } from '#tests/support/tcp-proxy.ts';
import { sleep, waitFor } from '#tests/support/wait.ts';
import {
  createRoom,
  expectMoneyWhole,
  funded,
  roomRow,
  seatBot,
  waitForSettlement,
  type Player,
} from './support';

const TIME_SCALE = 0.01;
const GAME_MS = 10 * 60_000 * TIME_SCALE;
const CUT_MS = 4_000;
// The first cut, while a room fills, is shorter: the site's word that a room filled must reach its
// room server before the game's first roll could be due (START_DELIVERY_MS after the countdown and
// one turn), or the room is closed and refunded, never started late (decision 079). At this scale
// that window is about 5.4 s of real time; the join's push is retried at 0.5, 1.5 and 3.5 s.
const CUT_WHILE_FILLING_MS = 1_500;
const SEED = Number(process.env.FAULT_SEED ?? Date.now() % 1_000_000);
const STAKE_ZMW = 20;

let dataDir: string;
let database: Database;
let site: StartedPart;
let party: StartedPart;
let toParty: TcpProxy;
let toSite: TcpProxy;
let siteUrl: string;
let partyPort: number;
let publicUrl: string;
const random = seededRandom(SEED);

beforeAll(async () => {
  console.log(`[faults] split.test.ts seed ${SEED} (FAULT_SEED=${SEED} replays it)`);
  await ensureSiteBuild();
  dataDir = await tempDir('faults-split-');
  const port = await freePort();
  partyPort = await freePort();
  siteUrl = `http://127.0.0.1:${port}`;
  publicUrl = `http://localhost:${port}`;
  toParty = await startTcpProxy({ port: partyPort });
  toSite = await startTcpProxy({ port });
  const common = {
    PORT: String(port),
    PARTY_PORT: String(partyPort),
    PUBLIC_URL: publicUrl,
    PARTY_URL: toParty.url,
    PARTY_PUBLIC_URL: `ws://127.0.0.1:${partyPort}`,
    SITE_URL: toSite.url,
    GAME_TIME_SCALE: String(TIME_SCALE),
    SANDBOX_DELAY_MS: '100',
  };
  // The site first: it migrates the database and writes the secrets the room server reads.
  site = await startPart({ name: 'site', dataDir, env: { ...common, START: 'site' } });
  party = await startPart({ name: 'party', dataDir, env: { ...common, START: 'party' } });
  database = createDatabase({ url: `file:${path.join(dataDir, 'app.db')}` });
}, 180_000);

afterAll(async () => {
  database?.close();
  await Promise.all([site?.stop(), party?.stop()]);
  await Promise.all([toParty?.close(), toSite?.close()]);
  if (dataDir) await removeDir(dataDir);
});

async function balance(player: Player): Promise<number> {
  const me = await player.client.get('/api/me');
  return Math.round((me.json.user as { accountBalance: number }).accountBalance * 100);
}

/** A room of two funded players, the host's bot already in it (so the room server knows it). */
async function hostedRoom() {
  const host = await funded(siteUrl, publicUrl, database, 40);
  const guest = await funded(siteUrl, publicUrl, database, 40);
  const roomId = await createRoom(host, STAKE_ZMW);
  const hostBot = await seatBot(host, roomId, random);
  await hostBot.waitForState((s) => s.status === 'waiting');
  return { host, guest, roomId, hostBot };
}

async function wallets(players: Player[]): Promise<number> {
  return (await Promise.all(players.map(balance))).reduce((a, b) => a + b, 0);
}

/**
 * The game played to the end and settled, and the room server holds the site's acknowledgement; the
 * players' wallets (`before`: once staked) got 80 % of the pot back, once.
 */
async function playedAndPaidOnce(players: Player[], before: number, roomId: string, bots: Bot[]) {
  await waitForSettlement(database, roomId);
  // And the room server heard so: it stops reporting.
  await waitFor('the room server to hold the acknowledgement', async () => {
    const answer = await fetch(`http://127.0.0.1:${partyPort}${wirePaths.room(roomId)}`);
    return ((await answer.json()) as { settled?: boolean }).settled === true;
  });
  await Promise.all(bots.map((bot) => bot.close()));
  const after = await wallets(players);
  const pot = players.length * STAKE_ZMW * 100;
  expect(after - before).toBe((pot * 80) / 100);
  expect((await roomRow(database, roomId))?.status).toBe('ended');
  await expectMoneyWhole(database);
}

describe('the site and the room server apart', () => {
  it('cut off from each other (a join, then the game’s end), then healed: everything catches up', async () => {
    const { host, guest, roomId, hostBot } = await hostedRoom();
    const droppedBefore = toParty.dropped() + toSite.dropped();

    // Cut 1: the join's push cannot reach the room server; the seat is the site's alone.
    toParty.setDown(true);
    toSite.setDown(true);
    const joined = await guest.client.post(`/api/rooms/${roomId}/join`);
    expect(joined.status, joined.text).toBe(200);
    const staked = await wallets([host, guest]);
    const guestBot = await seatBot(guest, roomId, random);
    await sleep(CUT_WHILE_FILLING_MS);
    expect(hostBot.latest()?.status).toBe('waiting');
    toParty.setDown(false);
    toSite.setDown(false);
    // Healed: the push (or a pull) brings the seat, and the game starts.
    const started = await hostBot.waitForState((s) => s.status !== 'waiting', 30_000);
    expect(started.joinedOrder).toEqual([host.id, guest.id]);

    // Cut 2: from shortly before the game's end, so its settlement report cannot get through.
    await sleep(Math.max(0, GAME_MS - CUT_MS / 2));
    toParty.setDown(true);
    toSite.setDown(true);
    await hostBot.waitForState((s) => s.status === 'ended', 30_000);
    await sleep(CUT_MS / 2);
    expect((await roomRow(database, roomId))?.settled_at).toBeNull();
    toParty.setDown(false);
    toSite.setDown(false);
    expect(toParty.dropped() + toSite.dropped()).toBeGreaterThan(droppedBefore);

    await playedAndPaidOnce([host, guest], staked, roomId, [hostBot, guestBot]);
  }, 120_000);

  it('answers lost both ways (the join pushed and the game settled, the caller never told): done once', async () => {
    const { host, guest, roomId, hostBot } = await hostedRoom();
    // The room server takes the seat, the site never hears so and pushes it again.
    toParty.setLosingAnswers(true);
    const lostPushes = toParty.lostAnswers();
    const joined = await guest.client.post(`/api/rooms/${roomId}/join`);
    expect(joined.status, joined.text).toBe(200);
    const staked = await wallets([host, guest]);
    const guestBot = await seatBot(guest, roomId, random);
    const started = await hostBot.waitForState((s) => s.status !== 'waiting', 30_000);
    expect(started.joinedOrder).toEqual([host.id, guest.id]);
    await waitFor('the push to be sent again', () => toParty.lostAnswers() >= lostPushes + 2);
    toParty.setLosingAnswers(false);

    // The site settles the game, the room server never hears so and reports it again.
    const lostReports = toSite.lostAnswers();
    toSite.setLosingAnswers(true);
    await waitForSettlement(database, roomId);
    await waitFor('the report to be sent again', () => toSite.lostAnswers() >= lostReports + 2);
    toSite.setLosingAnswers(false);

    await playedAndPaidOnce([host, guest], staked, roomId, [hostBot, guestBot]);
  }, 120_000);

  it('the site killed while the room server retries the settlement: settled exactly once', async () => {
    const { host, guest, roomId, hostBot } = await hostedRoom();
    const joined = await guest.client.post(`/api/rooms/${roomId}/join`);
    expect(joined.status, joined.text).toBe(200);
    const staked = await wallets([host, guest]);
    const guestBot = await seatBot(guest, roomId, random);
    await hostBot.waitForState((s) => s.status === 'active', 30_000);
    // The room server calls the site only to report the end (or to pull a room it does not know):
    // cutting its line now makes its first report fail, whenever the game ends.
    toSite.setDown(true);
    try {
      const ended = await hostBot.waitForState((s) => s.status === 'ended', 30_000);
      expect(ended.result).not.toBeNull();
      const refused = toSite.dropped();
      await waitFor('a settlement report to fail', () => toSite.dropped() > refused, 30_000);
      // The site dies at a seeded moment of the retries, and the line comes back to a dead site.
      await sleep(Math.floor(random() * 1_500));
      await site.kill();
      toSite.setDown(false);
      const attempts = toSite.connections();
      await waitFor('a report to the dead site', () => toSite.connections() > attempts, 30_000);
      expect((await roomRow(database, roomId))?.settled_at).toBeNull();
    } finally {
      toSite.setDown(false);
      site = await site.restart();
    }

    await playedAndPaidOnce([host, guest], staked, roomId, [hostBot, guestBot]);
  }, 120_000);

  it('the room server killed while the site pushes a join: the seat and the stake agree', async () => {
    const { host, guest, roomId, hostBot } = await hostedRoom();
    const join = guest.client.post(`/api/rooms/${roomId}/join`);
    await sleep(Math.floor(random() * 60));
    await party.kill();
    const joined = await join;
    await hostBot.close();
    party = await party.restart();

    if (joined.status === 200) {
      const staked = await wallets([host, guest]);
      // The seat was taken and paid for: the room server learns it (the push is retried, and the
      // room pulls it on the next visit), and the game is played and settled; or, when the room
      // server came back after the game's first roll was due, the room is closed, never started
      // late, and both stakes come back once its end time has passed (decision 079).
      const bots = await Promise.all([host, guest].map((p) => seatBot(p, roomId, random)));
      const started = await bots[0]!.waitForState((s) => s.status !== 'waiting', 30_000);
      if (started.status === 'closed') {
        await Promise.all(bots.map((bot) => bot.close()));
        await waitFor(
          'the room to be refunded',
          async () => (await roomRow(database, roomId))?.status === 'closed',
          // The sweeper (every 10 s) refunds it a minute after its latest end (OVERDUE_GRACE_MS).
          120_000,
        );
        expect([await balance(host), await balance(guest)]).toEqual([4_000, 4_000]);
        await expectMoneyWhole(database);
        return;
      }
      expect(started.joinedOrder).toEqual([host.id, guest.id]);
      await playedAndPaidOnce([host, guest], staked, roomId, bots);
    } else {
      // Refused: nothing was taken.
      expect(await balance(guest)).toBe(4_000);
      await expectMoneyWhole(database);
    }
  }, 240_000);
});
