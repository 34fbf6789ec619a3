// Two site processes on one database and one room server, as `START=site` and `START=party` run
// them (scripts/start.ts): a session made on one works on the other, the seat race split across
// both takes exactly one seat, a game created on one is joined on the other, a deposit started on
// one is seen complete on the other, and the ledger stays whole.
import { spawn } from 'node:child_process';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../../db/client';
import { checkLedger } from '../../../db/ledger';
import { ensureSiteBuild, ROOT } from '../../support/build';
import { HttpClient } from '../../support/http-client';
import { freePort, removeDir, tempDir } from '../../support/partykit';
import { stopProductProcess } from '../../support/product';
import { waitFor } from '../../support/wait';

/**
 * One libSQL file by default; `SCALE_OUT_DATABASE_URL` runs the same processes against a libSQL
 * server instead (e.g. a local `sqld` at http://127.0.0.1:8080, docs/deploy.md).
 */
function databaseUrl(): string {
  return process.env.SCALE_OUT_DATABASE_URL ?? `file:${path.join(dataDir, 'app.db')}`;
}

interface Started {
  pid: number;
  log: string;
}

let dataDir: string;
let publicUrl: string;
let sites: [string, string];
let processes: Started[] = [];
let database: Database;

async function startPart(name: string, env: Record<string, string>, args: string[] = []) {
  const log = path.join(dataDir, `${name}.log`);
  const file = await open(log, 'a');
  const child = spawn(
    path.join(ROOT, 'node_modules/.bin/tsx'),
    [path.join(ROOT, 'scripts/start.ts'), ...args],
    {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', file.fd, file.fd],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl(),
        PUBLIC_URL: publicUrl,
        PAYMENTS_PROVIDER: 'sandbox',
        SANDBOX_DELAY_MS: '200',
        GAME_TIME_SCALE: '0.05',
        ...env,
      },
    },
  );
  await file.close();
  if (child.pid === undefined) throw new Error(`${name} did not start`);
  const started = { pid: child.pid, log };
  processes.push(started);
  await waitFor(
    `${name} to be ready`,
    async () => (await readFile(log, 'utf8')).includes('Ready:') || null,
    120_000,
    200,
  ).catch(async (error: unknown) => {
    throw new Error(`${String(error)}\n${await readFile(log, 'utf8')}`);
  });
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
  await startPart('site-a', { ...common, START: 'site', PORT: String(portA) }, ['--no-build']);
  await startPart('party', { ...common, START: 'party', PORT: String(portA) });
  await startPart('site-b', { ...common, START: 'site', PORT: String(portB) }, ['--no-build']);
  database = createDatabase({ url: databaseUrl() });
}, 240_000);

afterAll(async () => {
  database?.close();
  await Promise.all(processes.map((p) => stopProductProcess(p.pid)));
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
