// The operator's routes: revenue, reconcile on demand, the ledger audit. Admins only.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminRevenue, adminTotals } from '#db/schema/operator.ts';
import { startWalletApp, type TestPlayer, type WalletApp } from '#tests/support/wallet-app.ts';

const ADMIN_EMAIL = 'Boss@Example.zm';

let app: WalletApp;
let player: TestPlayer;
let admin: TestPlayer;

beforeAll(async () => {
  app = await startWalletApp({ adminEmails: [ADMIN_EMAIL.toLowerCase()] });
  player = await app.player();
  admin = await app.player({ email: ADMIN_EMAIL });
  const base = Date.UTC(2025, 4, 1, 12);
  await app.database.write(async (tx) => {
    for (let i = 0; i < 60; i += 1) {
      await tx.insert(adminRevenue).values({
        id: crypto.randomUUID(),
        roomId: `room-${i}`,
        amount: 200 + i, // the system's share, ngwee
        totalPot: 1000 + i * 5,
        numberOfPlayers: 2 + (i % 5),
        timestamp: base + i * 60_000,
      });
    }
    await tx
      .insert(adminTotals)
      .values({ key: 'totalRevenue', total: 1_234_567, lastUpdated: base });
  });
});

afterAll(async () => {
  await app?.close();
});

const routes: [string, string][] = [
  ['GET', '/api/admin/revenue'],
  ['POST', '/api/admin/reconcile'],
  ['GET', '/api/admin/ledger-check'],
];

test.each(routes)('%s %s: 401 signed out, 403 for a player or a guest', async (method, path) => {
  const signedOut = await app.client().request(method, path);
  expect(signedOut.status).toBe(401);
  expect(signedOut.json).toEqual({ error: 'You must be logged in.', code: 'not_signed_in' });
  const refused = await player.client.request(method, path);
  expect(refused.status).toBe(403);
  expect(refused.json).toEqual({ error: 'Unauthorized access', code: 'not_admin' });
  const guest = await app.guest();
  expect((await guest.client.request(method, path)).status).toBe(403);
});

test('revenue: the total and the latest 50 records, newest first, in ZMW', async () => {
  const answer = await admin.client.get('/api/admin/revenue');
  expect(answer.status).toBe(200);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(answer.json.total).toBe(12_345.67);
  const records = answer.json.records as Record<string, unknown>[];
  expect(records).toHaveLength(50);
  expect(records[0]).toEqual({
    roomId: 'room-59',
    amount: 2.59,
    totalPot: 12.95,
    numberOfPlayers: 6,
    timestamp: new Date(Date.UTC(2025, 4, 1, 12) + 59 * 60_000).toISOString(),
  });
  expect(records.at(-1)?.roomId).toBe('room-10');
});

test('an admin granted in the database (not by email) is let in too', async () => {
  const granted = await app.player();
  expect((await granted.client.get('/api/admin/revenue')).status).toBe(403);
  await app.makeAdmin(granted.id);
  expect((await granted.client.get('/api/admin/revenue')).status).toBe(200);
});

test('reconcile on demand answers what it checked and resolved', async () => {
  const answer = await admin.client.post('/api/admin/reconcile');
  expect(answer.status).toBe(200);
  expect(answer.json).toEqual({ checked: 0, resolved: 0 });
});

test('reconcile needs the Origin of the site like any change', async () => {
  admin.client.origin = null;
  try {
    expect((await admin.client.post('/api/admin/reconcile')).status).toBe(403);
  } finally {
    admin.client.origin = app.url;
  }
});

test('the ledger audit is clean after real payments', async () => {
  const payer = await app.player({ fundZmw: 30 });
  const withdrawal = await payer.client.post('/api/wallet/withdraw', {
    phone: '0961234567',
    amount: 12,
  });
  expect(withdrawal.status).toBe(202);
  const answer = await admin.client.get('/api/admin/ledger-check');
  expect(answer.status).toBe(200);
  expect(answer.json).toEqual({
    ok: true,
    postingsSum: 0,
    negativeBalances: [],
    mismatches: [],
    sumOfAllPostings: 0,
    mismatchedAccounts: [],
    negativeAccounts: [],
    unbalancedTransfers: [],
  });
});
