// The console's alerts (GET /api/admin/alerts): admins only, and each raised by the state it names —
// a payment pending past its half hour, the ledger out of balance, a settlement refused, no recent
// backup — and gone once that state is.
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { backupDatabase } from '#db/backup.ts';
import { accountIds } from '#db/ledger.ts';
import { accounts } from '#db/schema/ledger.ts';
import type { Alert } from '#site/server/admin/alerts.ts';
import { logAdminError } from '#site/server/logging.ts';
import { SETTLEMENT_REFUSED } from '#site/server/rooms/settlement.ts';
import { expectConsoleError } from '#tests/support/console-errors.ts';
import { startWalletApp, type TestPlayer, type WalletApp } from '#tests/support/wallet-app.ts';
import { insertRoom } from './fixtures';

const ADMIN_EMAIL = 'alerts.operator@example.zm';
/** The sandbox keeps a deposit from a number ending in 129 pending for ever. */
const PENDING_PHONE = '0961234129';
const MINUTE = 60_000;

let app: WalletApp;
let admin: TestPlayer;
let player: TestPlayer;
let now = Date.now();

beforeAll(async () => {
  app = await startWalletApp({ adminEmails: [ADMIN_EMAIL], clock: () => now });
  admin = await app.player({ email: ADMIN_EMAIL });
  player = await app.player({ fundZmw: 40 });
});

afterAll(async () => {
  await app?.close();
});

async function alertIds(): Promise<Alert['id'][]> {
  await app.figures.refresh();
  const answer = await admin.client.get('/api/admin/alerts');
  expect(answer.status).toBe(200);
  return (answer.json.alerts as Alert[]).map((alert) => alert.id);
}

test('only an admin reads the alerts', async () => {
  expect((await app.client().get('/api/admin/alerts')).status).toBe(401);
  const refused = await player.client.get('/api/admin/alerts');
  expect([refused.status, refused.json]).toEqual([
    403,
    { error: 'Unauthorized access', code: 'not_admin' },
  ]);
});

test('a database with no recent copy raises one, until a copy is taken', async () => {
  expect(await alertIds()).toContain('backup_old');
  await backupDatabase({
    url: app.db.url,
    dir: path.join(app.db.dir, 'backups'),
    reason: 'manual',
  });
  expect(await alertIds()).not.toContain('backup_old');
});

test('a payment pending for more than half an hour raises one, with what to do', async () => {
  const answer = await player.client.post('/api/wallet/deposit', {
    phone: PENDING_PHONE,
    amount: 15,
    operator: 'mtn',
  });
  expect(answer.status).toBe(202);
  expect(await alertIds()).not.toContain('payments_pending');
  now += 31 * MINUTE;
  await backupDatabase({
    url: app.db.url,
    dir: path.join(app.db.dir, 'backups'),
    reason: 'manual',
    now,
  });
  await app.figures.refresh();
  const alerts = (await admin.client.get('/api/admin/alerts')).json.alerts as Alert[];
  const pending = alerts.find((alert) => alert.id === 'payments_pending');
  expect(pending).toMatchObject({
    severity: 'warning',
    title: '1 payment pending for more than 30 minutes',
    runbook: 'docs/operations.md#payments-pile-up',
  });
  expect(pending!.steps.length).toBeGreaterThan(0);
});

test('a ledger that does not balance raises one at the next audit', async () => {
  expectConsoleError(/"msg":"the ledger does not balance"/);
  const wallet = accountIds.wallet(player.id);
  await app.database.write((tx) =>
    tx
      .update(accounts)
      .set({ balance: sql`${accounts.balance} + 1` })
      .where(eq(accounts.id, wallet)),
  );
  expect(await alertIds(), 'the audit runs on its schedule, not per request').not.toContain(
    'ledger_not_clean',
  );
  await app.figures.checkLedger();
  expect(await alertIds()).toContain('ledger_not_clean');
  await app.database.write((tx) =>
    tx
      .update(accounts)
      .set({ balance: sql`${accounts.balance} - 1` })
      .where(eq(accounts.id, wallet)),
  );
  await app.figures.checkLedger();
  expect(await alertIds()).not.toContain('ledger_not_clean');
});

test('a settlement refused a while ago, its room still unsettled, raises one', async () => {
  const roomId = await insertRoom(app.database, player.id, 'active');
  await logAdminError(
    app.database,
    { message: `${SETTLEMENT_REFUSED}The game has no roll.`, roomId },
    now,
  );
  expect(await alertIds(), 'a refusal may still be retried').not.toContain('settlements_refused');
  now += 3 * MINUTE;
  expect(await alertIds()).toContain('settlements_refused');
});
