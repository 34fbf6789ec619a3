// Two site processes on one database and one room server, as `START=site` and `START=party` run
// them (scripts/start.ts): a session made on one works on the other, the seat race split across
// both takes exactly one seat, a game created on one is joined on the other, a deposit started on
// one is seen complete on the other, and the ledger stays whole.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '#db/client.ts';
import { checkLedger } from '#db/ledger.ts';
import { ensureSiteBuild } from '#tests/support/build.ts';
import { HttpClient } from '#tests/support/http-client.ts';
import { freePort, removeDir, tempDir } from '#tests/support/partykit.ts';
import { startPart as startScript, type StartedPart } from '#tests/support/start-script.ts';
import { waitFor } from '#tests/support/wait.ts';

/**
 * One libSQL file by default; `SCALE_OUT_DATABASE_URL` runs the same processes against a libSQL
 * server instead (e.g. a local `sqld` at http://127.0.0.1:8080, docs/deploy.md).
 */
function databaseUrl(): string {
  return process.env.SCALE_OUT_DATABASE_URL ?? `file:${path.join(dataDir, 'app.db')}`;
}

let dataDir: string;
let publicUrl: string;
let sites: [string, string];
let processes: StartedPart[] = [];
let database: Database;

async function startPart(name: string, env: Record<string, string>) {
  const started = await startScript({
    name,
    dataDir,
    env: {
      DATABASE_URL: databaseUrl(),
      PUBLIC_URL: publicUrl,
      SANDBOX_DELAY_MS: '200',
      GAME_TIME_SCALE: '0.05',
      ...env,
    },
  });
  processes.push(started);
  return started;
}

beforeAll(async () => {
  await ensureSiteBuild();
  dataDir = await tempDir('two-sites-');
  const [portA, portB, partyPort] = [await freePort(), await freePort(), await freePort()];
  publicUrl = `http://localhost:${portA}`;
  sites = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
  const common = { PARTY_PORT: String(partyPort) };
  // The first site migrates the database and writes the secrets the others read.
  await startPart('site-a', { ...common, START: 'site', PORT: String(portA) });
  await startPart('party', { ...common, START: 'party', PORT: String(portA) });
  await startPart('site-b', { ...common, START: 'site', PORT: String(portB) });
  database = createDatabase({ url: databaseUrl() });
}, 240_000);

afterAll(async () => {
  database?.close();
  await Promise.all(processes.map((p) => p.stop()));
  processes = [];
  if (dataDir) await removeDir(dataDir);
});

let people = 0;

/** A signed-up player with a client on each site (one session), funded by a sandbox deposit. */
async function player(fundZmw = 0) {
  people += 1;
  const address = `198.51.${Math.floor(people / 200)}.${people % 200}`;
  const [a, b] = sites.map((url) => new HttpClient(url, publicUrl, address)) as [
    HttpClient,
    HttpClient,
  ];
  const signup = await a.post('/api/auth/signup', {
    firstName: 'Mutale',
    lastName: `Banda${people}`,
    phone: '0971234567',
    email: `two-sites.${people}.${Date.now()}@example.zm`,
    password: 'truck-company-1',
    adult: true,
    terms: true,
  });
  expect(signup.status, signup.text).toBe(201);
  b.cookie = a.cookie;
  const id = (signup.json.user as { id: string }).id;
  if (fundZmw > 0) {
    const deposit = await a.post(
      '/api/wallet/deposit',
      { phone: '0961234567', amount: fundZmw, operator: 'mtn' },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(deposit.status, deposit.text).toBe(202);
    const paymentId = deposit.json.paymentId as string;
    // Started on one site, seen complete on the other.
    await waitFor(
      'the deposit to complete',
      async () =>
        ((await b.get(`/api/wallet/payments/${paymentId}`)).json.payment as { status?: string })
          ?.status === 'completed' || null,
      20_000,
    );
  }
  return { id, a, b };
}

async function ledgerWhole() {
  expect(await checkLedger(database.read)).toEqual({
    sumOfAllPostings: 0,
    mismatchedAccounts: [],
    negativeAccounts: [],
    unbalancedTransfers: [],
  });
}

describe('two site processes on one database', () => {
  it('share sessions: signed up on one, known on the other', async () => {
    const p = await player();
    const me = await p.b.get('/api/me');
    expect(me.status).toBe(200);
    expect((me.json.user as { id: string }).id).toBe(p.id);
  });

  it('take exactly one seat when 40 players race for it across both', async () => {
    const host = await player(20);
    const created = await host.a.post('/api/rooms', {
      amount: 10,
      time: 10,
      maxPlayers: 2,
      privacy: 'Public',
    });
    expect(created.status, created.text).toBe(201);
    const roomId = (created.json.room as { roomId: string }).roomId;
    const racers = await Promise.all(Array.from({ length: 40 }, () => player(10)));
    const answers = await Promise.all(
      racers.map((r, i) => (i % 2 === 0 ? r.a : r.b).post(`/api/rooms/${roomId}/join`)),
    );
    const seated = answers.filter((answer) => answer.status === 200);
    expect(seated.length).toBe(1);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    // Only the seated one paid: every other wallet still holds its ZMW 10.
    const wallets = await Promise.all(
      racers.map(async (r) => (await r.b.get('/api/me')).json.user as { accountBalance: number }),
    );
    expect(wallets.filter((w) => w.accountBalance === 0).length).toBe(1);
    expect(wallets.filter((w) => w.accountBalance === 10).length).toBe(39);
    await ledgerWhole();
  }, 180_000);

  it('start a game created on one site when its second player joins on the other', async () => {
    const host = await player(10);
    const guest = await player(10);
    const created = await host.b.post('/api/rooms', {
      amount: 10,
      time: 10,
      maxPlayers: 2,
      privacy: 'Private',
    });
    expect(created.status, created.text).toBe(201);
    const roomId = (created.json.room as { roomId: string }).roomId;
    const joined = await guest.a.post(`/api/rooms/${roomId}/join`);
    expect(joined.status, joined.text).toBe(200);
    const room = await waitFor(
      'the room to start',
      async () => {
        const answer = (await host.a.get(`/api/rooms/${roomId}`)).json.room as {
          status: string;
          joinedOrder: string[];
        };
        return answer.status !== 'waiting' ? answer : null;
      },
      20_000,
    );
    expect(room.joinedOrder).toEqual([host.id, guest.id]);
    // Both sites hand out tickets to the one room server.
    for (const client of [host.a, guest.b]) {
      const ticket = await client.post(`/api/rooms/${roomId}/ticket`);
      expect(ticket.status, ticket.text).toBe(200);
    }
    await ledgerWhole();
  }, 60_000);
});
