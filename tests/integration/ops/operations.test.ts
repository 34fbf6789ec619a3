// The product run as an operator runs it (`npm start`, the room server, the sandbox provider):
// 1. every line it prints is one JSON object, with a request id inside requests, and none holds a
//    password, token, secret, cookie or whole phone number, through sign-up, log-in, deposit,
//    withdrawal, a room's socket and a password reset;
// 2. /healthz, /readyz and /metrics answer with live figures;
// 3. the restore drill: `npm run backup` while deposits and a game run, the data folder destroyed,
//    `npm run restore`, the ledger whole, and what is lost bounded by the copy's age.
import { spawn } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '#db/client.ts';
import { checkLedger, isLedgerClean } from '#db/ledger.ts';
import { paymentRequests } from '#db/schema/payments.ts';
import { operatorFromPhone } from '#site/server/payments/phone.ts';
import { ROOT } from '#scripts/build-site.ts';
import { ensureSiteBuild } from '#tests/support/build.ts';
import { HttpClient } from '#tests/support/http-client.ts';
import { waitForLink } from '#tests/support/outbox.ts';
import { freePort, removeDir, tempDir } from '#tests/support/partykit.ts';
import { startPart, type StartedPart } from '#tests/support/start-script.ts';
import { sleep, waitFor } from '#tests/support/wait.ts';
import { mustConnect } from '#tests/support/ws-client.ts';

const METRICS_TOKEN = 'ops-test-metrics-token-0123456789';
const PHONES = ['0971234567', '0961234568', '0951234569'];
let root: string;
let dataDir: string;
let offsite: string;
let ports: { site: number; party: number };
let product: StartedPart | null = null;
let people = 0;

const env = () => ({
  PORT: String(ports.site),
  PARTY_PORT: String(ports.party),
  BACKUP_DIR: offsite,
  METRICS_TOKEN,
  LOG_LEVEL: 'debug',
  SANDBOX_DELAY_MS: '50',
  GAME_TIME_SCALE: '0.02',
});
const site = () => `http://127.0.0.1:${ports.site}`;
const origin = () => `http://localhost:${ports.site}`;

/** One of the scripts an operator runs (`npm run backup`, `npm run restore`), with the product's settings. */
function runScript(script: string, args: string[] = []) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [script, ...args], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: `file:${path.join(dataDir, 'app.db')}`,
        ...env(),
      },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => resolve({ code, out, err }));
  });
}

interface Person {
  id: string;
  email: string;
  password: string;
  phone: string;
  client: HttpClient;
}

async function signUp(phone: string): Promise<Person> {
  people += 1;
  const client = new HttpClient(site(), origin(), `198.51.100.${people}`);
  const email = `ops.${people}@example.zm`;
  const password = `truck-company-secret-${people}`;
  const answer = await client.post('/api/auth/signup', {
    firstName: 'Mutale',
    lastName: `Banda${people}`,
    phone,
    email,
    password,
    adult: true,
    terms: true,
  });
  expect(answer.status, answer.text).toBe(201);
  return { id: (answer.json.user as { id: string }).id, email, password, phone, client };
}

/** A sandbox deposit, awaited to its final status; its payment id. */
async function deposit(person: Person, zmw: number): Promise<string> {
  const answer = await person.client.post(
    '/api/wallet/deposit',
    { phone: person.phone, amount: zmw, operator: operatorFromPhone(person.phone) },
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(answer.status, answer.text).toBe(202);
  const paymentId = answer.json.paymentId as string;
  await waitFor('the deposit to complete', async () => {
    const payment = (await person.client.get(`/api/wallet/payments/${paymentId}`)).json.payment as {
      status: string;
    };
    return payment.status === 'completed' || null;
  });
  return paymentId;
}

/** A private ZMW 10 room for 10 minutes; its id. */
async function openRoom(host: Person, maxPlayers: number): Promise<string> {
  const created = await host.client.post('/api/rooms', {
    amount: 10,
    time: 10,
    maxPlayers,
    privacy: 'Private',
  });
  expect(created.status, created.text).toBe(201);
  return (created.json.room as { roomId: string }).roomId;
}

async function metrics(): Promise<string> {
  const answer = await fetch(`${site()}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(answer.status).toBe(200);
  return answer.text();
}

/** The value of one sample of the Prometheus text, or undefined. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

beforeAll(async () => {
  await ensureSiteBuild();
  root = await tempDir('zt-ops-');
  dataDir = path.join(root, 'data');
  offsite = path.join(root, 'offsite'); // copies kept away from the data folder's disk
  ports = { site: await freePort(), party: await freePort() };
  await mkdir(dataDir, { mode: 0o700 });
  product = await startPart({ name: 'product', dataDir, env: env() });
}, 240_000);

afterAll(async () => {
  await product?.stop();
  if (root) await removeDir(root);
});

describe('logs, health and metrics', () => {
  const secrets: string[] = [];
  let first: Person;
  let roomCreatedAt = 0;

  it('drives sign-up, log-in, a deposit, a withdrawal, a socket and a password reset', async () => {
    first = await signUp(PHONES[0]!);
    secrets.push(first.password, first.phone.slice(1), ...first.client.cookies.values());
    const wrong = await first.client.post('/api/auth/login', {
      email: first.email,
      password: `${first.password}-wrong`,
    });
    expect(wrong.status).toBe(401);
    secrets.push(`${first.password}-wrong`);
    const login = await first.client.post('/api/auth/login', {
      email: first.email,
      password: first.password,
    });
    expect(login.status).toBe(200);
    secrets.push(...first.client.cookies.values());
    const requestId = login.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    await deposit(first, 50);
    const withdrawal = await first.client.post(
      '/api/wallet/withdraw',
      { phone: first.phone, amount: 10, operator: operatorFromPhone(first.phone) },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(withdrawal.status, withdrawal.text).toBe(202);

    const second = await signUp(PHONES[1]!);
    secrets.push(second.password, second.phone.slice(1), ...second.client.cookies.values());
    await deposit(second, 20);
    const roomId = await openRoom(first, 3);
    roomCreatedAt = Date.now();
    const ticket = await first.client.post(`/api/rooms/${roomId}/ticket`);
    expect(ticket.status, ticket.text).toBe(200);
    secrets.push(ticket.json.ticket as string);
    const socket = await mustConnect(ticket.json.url as string);
    await socket.waitFor((message) => message.type === 'state');
    await socket.close();

    await first.client.post('/api/auth/password/forgot', { email: first.email });
    const link = await waitForLink(path.join(dataDir, 'outbox'), first.email, '/auth/reset');
    const token = link.searchParams.get('token')!;
    const newPassword = 'a-brand-new-truck-secret';
    const reset = await new HttpClient(site(), origin(), '198.51.100.200').post(
      '/api/auth/password/reset',
      { token, password: newPassword },
    );
    expect(reset.status, reset.text).toBe(200);
    secrets.push(token, newPassword);
    const again = await first.client.post('/api/auth/login', {
      email: first.email,
      password: newPassword,
    });
    expect(again.status).toBe(200);
    secrets.push(...first.client.cookies.values());

    const stored = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as Record<
      string,
      string
    >;
    secrets.push(...Object.values(stored), METRICS_TOKEN);

    // Every line the product printed is one JSON object with a level and a time…
    const lines = (await product!.output()).split('\n').filter((line) => line.trim() !== '');
    const parsed = lines.map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`not one JSON object: ${line}`);
      }
    });
    for (const entry of parsed) {
      expect(typeof entry.level).toBe('string');
      expect(typeof entry.time).toBe('string');
      expect(typeof entry.process).toBe('string');
    }
    // …the request log names the route template and carries the id answered in X-Request-Id…
    expect(parsed).toContainEqual(
      expect.objectContaining({
        reqId: requestId,
        route: '/api/auth/login',
        status: 200,
        process: 'site',
      }),
    );
    expect(parsed).toContainEqual(
      expect.objectContaining({ route: '/api/wallet/payments/:id', method: 'GET' }),
    );
    // …and none holds a secret.
    const text = lines.join('\n');
    for (const secret of secrets.filter((s) => s.length >= 8)) {
      expect(text.includes(secret), `a log line holds ${secret.slice(0, 4)}…`).toBe(false);
    }
  }, 120_000);

  it('answers /healthz, /readyz and /metrics with live figures', async () => {
    expect(await (await fetch(`${site()}/healthz`)).json()).toEqual({ ok: true });
    const ready = await fetch(`${site()}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { ok: true }]);

    // With METRICS_TOKEN, nobody reads /metrics without it, not even this machine.
    const anonymous = await fetch(`${site()}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'metrics_unauthorized' });

    // Gathered on a schedule: the audit and the first copy at start, the rest every 15 s.
    const text = await waitFor('figures gathered since the room was made', async () => {
      const body = await metrics();
      return sample(body, 'zed_ledger_clean') === 1 &&
        sample(body, 'zed_backup_age_seconds') !== undefined &&
        (sample(body, 'zed_figures_timestamp_seconds') ?? 0) * 1000 >= roomCreatedAt
        ? body
        : null;
    });
    expect(
      sample(
        text,
        'zed_http_requests_total',
        'method="POST",route="/api/wallet/deposit",status="202"',
      ),
    ).toBeGreaterThanOrEqual(2);
    expect(text).toContain(
      'zed_http_request_duration_seconds_bucket{le="0.1",method="POST",route="/api/auth/login"}',
    );
    expect(text).not.toMatch(/route="\/api\/wallet\/payments\/[0-9a-f-]{36}"/);
    expect(sample(text, 'zed_write_queue_wait_seconds_count')).toBeGreaterThan(0);
    expect(sample(text, 'zed_payments_pending', 'kind="deposit",age="under_5m"')).toBe(0);
    expect(sample(text, 'zed_rooms_live', 'status="waiting"')).toBe(1);
    expect(sample(text, 'zed_backup_age_seconds')).toBeLessThan(600);
    expect(sample(text, 'zed_disk_free_bytes', 'name="data"')).toBeGreaterThan(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    // Asked at start, when no room was live (tests/integration/ops/room-servers.test.ts counts some).
    expect(sample(text, 'zed_room_servers_unanswered')).toBe(0);
  }, 60_000);
});

describe('the restore drill', () => {
  it('restores a copy taken while deposits and a game ran; the ledger is whole, what is lost is newer than the copy', async () => {
    const host = await signUp(PHONES[2]!);
    const guest = await signUp(PHONES[2]!);
    await deposit(host, 30);
    await deposit(guest, 30);
    const roomId = await openRoom(host, 2);
    expect((await guest.client.post(`/api/rooms/${roomId}/join`, {})).status).toBe(200);

    // Deposits keep coming while the copy is taken.
    const completedBefore: string[] = [];
    const completedAfter: string[] = [];
    const now = { phase: 'before' as 'before' | 'during' | 'after' };
    let stop = false;
    // Four accounts in turn, paced: each account may ask for 20 deposits an hour.
    const depositors = [];
    for (let i = 0; i < 4; i += 1) depositors.push(await signUp(PHONES[0]!));
    const stream = (async () => {
      for (let turn = 0; !stop; turn += 1) {
        const started = now.phase;
        const id = await deposit(depositors[turn % depositors.length]!, 1);
        if (started === 'before' && now.phase === 'before') completedBefore.push(id);
        if (started === 'after') completedAfter.push(id);
        await sleep(200);
      }
    })();
    await waitFor('deposits before the copy', () => completedBefore.length >= 2);
    now.phase = 'during';
    const backup = await runScript('scripts/backup.ts');
    expect(backup.code, backup.err).toBe(0);
    const copy = backup.out.trim();
    expect(copy.startsWith(offsite)).toBe(true);
    now.phase = 'after';
    await waitFor('deposits after the copy', () => completedAfter.length >= 2);
    stop = true;
    await stream;

    // The machine's disk dies: the data folder is gone, the off-site copy remains.
    await product!.stop();
    product = null;
    await removeDir(dataDir);

    const refused = await runScript('scripts/restore.ts', [path.join(offsite, 'nothing.db')]);
    expect(refused.code).toBe(1);
    const restore = await runScript('scripts/restore.ts', [copy]);
    expect(restore.code, restore.err).toBe(0);
    expect(restore.out).toContain('The ledger balances');

    const database = createDatabase({ url: `file:${path.join(dataDir, 'app.db')}` });
    try {
      expect(isLedgerClean(await checkLedger(database.read))).toBe(true);
      const payments = await database.read.select().from(paymentRequests);
      const statusOf = (id: string) => payments.find((p) => p.id === id)?.status;
      // Everything completed before the copy began is there; what came after it is not.
      for (const id of completedBefore) expect(statusOf(id)).toBe('completed');
      for (const id of completedAfter) expect(statusOf(id)).toBeUndefined();
    } finally {
      database.close();
    }

    // The product starts on the restored data; the game's stakes wait in escrow for the sweeper
    // (its room server's storage went with the disk: tests/integration/ops/room-storage-lost).
    product = await startPart({ name: 'restored', dataDir, env: env() });
    const ready = await fetch(`${site()}/readyz`);
    expect(ready.status).toBe(200);
    const login = await new HttpClient(site(), origin(), '198.51.100.250').post('/api/auth/login', {
      email: host.email,
      password: host.password,
    });
    expect(login.status).toBe(200);
  }, 180_000);
});
