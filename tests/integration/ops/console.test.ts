// The operator's console: admins only, every change audited, and no route that moves money.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { count } from 'drizzle-orm';
import { accounts } from '#db/schema/ledger.ts';
import { adminAudit } from '#db/schema/support.ts';
import { carriedExclusions } from '#db/schema/responsible-play.ts';
import { adminRouter } from '#site/server/api/admin.ts';
import { startWalletApp, type TestPlayer, type WalletApp } from '#tests/support/wallet-app.ts';
import { insertRoom, seatPlayer } from './fixtures';

const ADMIN_EMAIL = 'operator@example.zm';
/** The sandbox keeps a deposit from a number ending in 129 pending for ever. */
const PENDING_PHONE = '0961234129';

let app: WalletApp;
let admin: TestPlayer;
let player: TestPlayer;

beforeAll(async () => {
  app = await startWalletApp({ adminEmails: [ADMIN_EMAIL] });
  admin = await app.player({ email: ADMIN_EMAIL });
  player = await app.player({ fundZmw: 40 });
});

afterAll(async () => {
  await app?.close();
});

/** Every admin route as the router declares it (`:id` kept), so a new one cannot escape these tests. */
function adminRoutes(): [string, string][] {
  const router = adminRouter(app.deps);
  const routes: [string, string][] = [];
  for (const layer of router.stack as {
    route?: { path: string; methods: Record<string, boolean> };
  }[]) {
    if (!layer.route) continue;
    for (const method of Object.keys(layer.route.methods))
      routes.push([method.toUpperCase(), `/api${layer.route.path}`]);
  }
  return routes;
}

const withSomeId = (path: string) => path.replace(':id', 'some-id');

/**
 * How to call each admin route that changes something so that it succeeds: the walks below take
 * their routes from the router, and one with no entry here fails them.
 */
const ACTIONS: Record<string, () => Promise<{ path: string; body?: unknown }>> = {
  'POST /api/admin/payments/:id/reconcile': async () => ({
    path: `/api/admin/payments/${await pendingDeposit()}/reconcile`,
  }),
  'POST /api/admin/reconcile': async () => ({ path: '/api/admin/reconcile' }),
  'POST /api/admin/support/:id/reply': async () => {
    const created = await player.client.post('/api/support', { topic: 'other', message: 'Hi' });
    const ticket = created.json.ticket as { id: string };
    return { path: `/api/admin/support/${ticket.id}/reply`, body: { message: 'Hello.' } };
  },
  'POST /api/admin/carried-exclusions/:id/review': async () => {
    const [row] = await app.database.write((tx) =>
      tx
        .insert(carriedExclusions)
        .values({
          digest: crypto.randomUUID(),
          period: 'permanent',
          startedAt: Date.now(),
          until: null,
          carriedAt: Date.now(),
        })
        .returning(),
    );
    return {
      path: `/api/admin/carried-exclusions/${row!.id}/review`,
      body: { decision: 'upheld', reason: 'Checked with the player.' },
    };
  },
};

/** Each route that changes something, with a call that succeeds. */
async function actions(): Promise<{ route: string; path: string; body?: unknown }[]> {
  const out = [];
  for (const [method, path] of adminRoutes()) {
    if (method === 'GET') continue;
    const route = `${method} ${path}`;
    const action = ACTIONS[route];
    expect(action, `${route} changes something: say how to call it in ACTIONS`).toBeDefined();
    out.push({ route, ...(await action!()) });
  }
  return out;
}

async function auditRows(): Promise<number> {
  const [row] = await app.database.read.select({ n: count() }).from(adminAudit);
  return row?.n ?? 0;
}

async function pendingDeposit(): Promise<string> {
  const answer = await player.client.post('/api/wallet/deposit', {
    phone: PENDING_PHONE,
    amount: 15,
    operator: 'mtn',
  });
  expect(answer.status).toBe(202);
  return answer.json.paymentId as string;
}

async function allBalances() {
  const rows = await app.database.read.select().from(accounts);
  return Object.fromEntries(rows.map((row) => [row.id, row.balance]));
}

test('the router declares the console routes of the contract', () => {
  const paths = adminRoutes().map(([method, path]) => `${method} ${path}`);
  expect(paths).toEqual(
    expect.arrayContaining([
      'GET /api/admin/users',
      'GET /api/admin/users/:id',
      'GET /api/admin/payments',
      'POST /api/admin/payments/:id/reconcile',
      'GET /api/admin/ledger-check',
      'GET /api/admin/errors',
      'GET /api/admin/rooms',
      'GET /api/admin/support',
      'POST /api/admin/support/:id/reply',
      'GET /api/admin/audit',
      'GET /api/admin/revenue',
    ]),
  );
});

test('every admin route: 401 signed out, 403 with a code for a player and a guest', async () => {
  const guest = await app.guest();
  for (const [method, route] of adminRoutes()) {
    const path = withSomeId(route);
    const body = method === 'POST' ? { message: 'hi' } : undefined;
    expect((await app.client().request(method, path, body)).status, path).toBe(401);
    for (const who of [player, guest]) {
      const refused = await who.client.request(method, path, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.json).toEqual({ error: 'Unauthorized access', code: 'not_admin' });
    }
  }
});

test('support: a ticket, the reply from the console, the player reads it; the reply is audited', async () => {
  const guest = await app.guest();
  const refused = await guest.client.post('/api/support', { topic: 'other', message: 'hello' });
  expect(refused.status).toBe(403);
  expect(refused.json.code).toBe('guests_not_allowed');
  const bad = await player.client.post('/api/support', { topic: 'money', message: 'x' });
  expect(bad.json).toMatchObject({ code: 'invalid_topic' });
  expect(bad.status).toBe(400);
  const long = await player.client.post('/api/support', {
    topic: 'other',
    message: 'x'.repeat(2001),
  });
  expect(long.json).toMatchObject({ code: 'invalid_message' });

  const created = await player.client.post('/api/support', {
    topic: 'payment',
    message: 'My deposit did not arrive',
    reference: 'pay-123',
  });
  expect(created.status).toBe(201);
  const ticket = created.json.ticket as { id: string; status: string };
  expect(ticket).toMatchObject({
    topic: 'payment',
    reference: 'pay-123',
    status: 'open',
    replies: [],
  });

  const inbox = await admin.client.get('/api/admin/support');
  expect(inbox.json.tickets).toEqual(
    expect.arrayContaining([expect.objectContaining({ id: ticket.id, email: player.email })]),
  );
  const reply = await admin.client.post(`/api/admin/support/${ticket.id}/reply`, {
    message: 'It is credited now.',
  });
  expect(reply.status).toBe(200);
  expect(
    (await admin.client.post('/api/admin/support/nope/reply', { message: 'x' })).json.code,
  ).toBe('ticket_not_found');

  const mine = await player.client.get('/api/support');
  expect(mine.json.tickets).toEqual([
    expect.objectContaining({
      id: ticket.id,
      status: 'answered',
      replies: [expect.objectContaining({ message: 'It is credited now.' })],
    }),
  ]);

  const audit = await admin.client.get('/api/admin/audit');
  expect((audit.json.entries as unknown[])[0]).toMatchObject({
    adminId: admin.id,
    action: 'support.reply',
    target: ticket.id,
  });
});

test('payments: pending oldest first; asking the provider again is audited', async () => {
  const first = await pendingDeposit();
  const second = await pendingDeposit();
  const pending = await admin.client.get('/api/admin/payments?status=pending');
  const ids = (pending.json.payments as { id: string }[]).map((p) => p.id);
  expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
  expect((await admin.client.get('/api/admin/payments?status=nope')).json.code).toBe(
    'invalid_status',
  );

  const asked = await admin.client.post(`/api/admin/payments/${first}/reconcile`);
  expect(asked.status).toBe(200);
  expect(asked.json).toMatchObject({ settled: false, payment: { id: first, status: 'pending' } });
  const audit = await admin.client.get('/api/admin/audit');
  expect((audit.json.entries as unknown[])[0]).toMatchObject({
    adminId: admin.id,
    action: 'payment.reconcile',
    target: first,
    detail: { before: 'pending', after: 'pending', settled: false },
  });
  expect((await admin.client.post('/api/admin/payments/none/reconcile')).json.code).toBe(
    'payment_not_found',
  );
});

test('users: search by name, email and phone; one user with balance and transactions', async () => {
  for (const query of [player.email.slice(0, 10), 'mutale ban', '097 123 4567']) {
    const found = await admin.client.get(`/api/admin/users?query=${encodeURIComponent(query)}`);
    expect(found.status).toBe(200);
    expect((found.json.users as { id: string }[]).map((u) => u.id)).toContain(player.id);
  }
  const one = await admin.client.get(`/api/admin/users/${player.id}`);
  expect(one.json).toMatchObject({ user: { id: player.id }, balance: { wallet: 40 } });
  expect(one.json.transactions).toEqual(
    expect.arrayContaining([expect.objectContaining({ type: 'deposit', amount: 40 })]),
  );
  expect((await admin.client.get('/api/admin/users/none')).status).toBe(404);
});

test('rooms, errors, revenue by day and the ledger check answer', async () => {
  const live = await insertRoom(app.database, player.id, 'waiting');
  const stuck = await insertRoom(app.database, player.id, 'active', Date.now() - 10 * 60_000);
  const rooms = await admin.client.get('/api/admin/rooms');
  expect((rooms.json.live as { roomId: string }[]).map((r) => r.roomId)).toContain(live);
  expect((rooms.json.stuck as { roomId: string }[]).map((r) => r.roomId)).toContain(stuck);
  expect((await admin.client.get('/api/admin/errors')).json.errors).toEqual(expect.any(Array));
  expect((await admin.client.get('/api/admin/revenue')).json.daily).toEqual(expect.any(Array));
  const check = await admin.client.get('/api/admin/ledger-check');
  expect(check.json).toMatchObject({
    ok: true,
    postingsSum: 0,
    negativeBalances: [],
    mismatches: [],
  });
});

test("the room list counts each room's own seats against its size", async () => {
  const half = await insertRoom(app.database, player.id, 'waiting');
  await seatPlayer(app.database, half, player.id);
  const full = await insertRoom(app.database, player.id, 'active');
  await seatPlayer(app.database, full, player.id, 0);
  await seatPlayer(app.database, full, admin.id, 1);
  const rooms = (await admin.client.get('/api/admin/rooms')).json.live as {
    roomId: string;
    players: number;
    maxPlayers: number;
  }[];
  const seated = (roomId: string) => rooms.find((room) => room.roomId === roomId);
  expect(seated(half)).toMatchObject({ players: 1, maxPlayers: 2 });
  expect(seated(full)).toMatchObject({ players: 2, maxPlayers: 2 });
});

test('no admin route moves money: every one walked, every balance the same', async () => {
  const changes = await actions();
  const before = await allBalances();
  for (const [method, path] of adminRoutes()) {
    if (method !== 'GET') continue;
    const answer = await admin.client.get(path.replace(':id', player.id));
    expect(answer.status, `${method} ${path}`).toBe(200);
  }
  for (const { route, path, body } of changes) {
    const answer = await admin.client.post(path, body);
    expect(answer.status, `${route} ${answer.text}`).toBe(200);
  }
  expect(await allBalances()).toEqual(before);
  expect(await app.ledger()).toMatchObject({ sumOfAllPostings: 0, mismatchedAccounts: [] });
});

test('every admin route that changes something writes its audit row', async () => {
  for (const { route, path, body } of await actions()) {
    const before = await auditRows();
    const answer = await admin.client.post(path, body);
    expect(answer.status, `${route} ${answer.text}`).toBe(200);
    expect(await auditRows(), route).toBe(before + 1);
    const [newest] = (await admin.client.get('/api/admin/audit')).json.entries as {
      adminId: string;
    }[];
    expect(newest?.adminId, route).toBe(admin.id);
  }
});

describe('the audit log', () => {
  test('is newest first and holds every change made above', async () => {
    const entries = (await admin.client.get('/api/admin/audit')).json.entries as {
      id: number;
      action: string;
    }[];
    const ids = entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(entries.map((e) => e.action))).toEqual(
      new Set(['support.reply', 'payment.reconcile', 'reconcile.pass', 'exclusion.review']),
    );
  });
});
