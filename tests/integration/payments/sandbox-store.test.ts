import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '#db/client.ts';
import { createSandboxProvider, type OutgoingCallback } from '#site/server/payments/sandbox.ts';
import {
  createMemorySandboxStore,
  type SandboxPaymentRecord,
  type SandboxStore,
} from '#site/server/payments/sandbox-store.ts';
import { createDatabaseSandboxStore } from '#site/server/payments/sandbox-store-db.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts';

let databases: TestDatabase[] = [];
afterEach(() => {
  for (const db of databases) db.cleanup();
  databases = [];
});

async function databaseStore(): Promise<SandboxStore> {
  const db = await createTestDatabase();
  databases.push(db);
  return createDatabaseSandboxStore(db.database);
}

function record(overrides: Partial<SandboxPaymentRecord> = {}): SandboxPaymentRecord {
  return {
    id: randomUUID(),
    kind: 'deposit',
    msisdn: '260961234567',
    amount: '15.5',
    status: 'ACCEPTED',
    failureCode: null,
    createdAt: 1_000,
    completesAt: 2_500,
    callbackDeliveredAt: null,
    ...overrides,
  };
}

describe.each([
  ['in memory', async () => createMemorySandboxStore() as SandboxStore],
  ['in the database', databaseStore],
])('the sandbox store %s', (_, makeStore) => {
  it('puts, gets and replaces records', async () => {
    const store = await makeStore();
    const withdrawal = record({ kind: 'withdrawal' });
    await store.put(withdrawal);
    expect(await store.get(withdrawal.id)).toEqual(withdrawal);
    const failed = { ...withdrawal, status: 'FAILED', failureCode: 'RECIPIENT_NOT_FOUND' };
    await store.put(failed);
    expect(await store.get(withdrawal.id)).toEqual(failed);
    expect(await store.get(randomUUID())).toBeNull();
  });

  it('lists what is due, oldest first, and forgets what was delivered', async () => {
    const store = await makeStore();
    const later = record({ createdAt: 2_000, completesAt: 3_000 });
    const ready = record({ createdAt: 1_500, completesAt: 2_000 });
    const stuck = record({ createdAt: 100, status: 'SUBMITTED', completesAt: 200 });
    const owed = record({ createdAt: 50, status: 'COMPLETED' });
    const done = record({
      createdAt: 10,
      status: 'FAILED',
      failureCode: 'X',
      callbackDeliveredAt: 900,
    });
    for (const r of [later, ready, stuck, owed, done]) await store.put(r);
    expect((await store.due(2_000)).map((r) => r.id)).toEqual([owed.id, ready.id]);
    expect((await store.due(3_000)).map((r) => r.id)).toEqual([owed.id, ready.id, later.id]);
    await store.markDelivered(owed.id, 2_100);
    expect((await store.get(owed.id))?.callbackDeliveredAt).toBe(2_100);
    expect((await store.due(3_000)).map((r) => r.id)).toEqual([ready.id, later.id]);
  });
});

describe('the sandbox over the database', () => {
  it('finishes after a restart what the previous process started', async () => {
    const db = await createTestDatabase();
    databases.push(db);
    let now = Date.now();
    const delivered: OutgoingCallback[] = [];
    const make = (store: SandboxStore) =>
      createSandboxProvider(
        { publicUrl: 'http://127.0.0.1:3000', internalSecret: 'secret', delayMs: 1500 },
        { store, clock: () => now, deliver: async (c) => (delivered.push(c), 200) },
      );
    const before = make(createDatabaseSandboxStore(db.database));
    const paymentId = randomUUID();
    expect(
      await before.initiate({
        paymentId,
        kind: 'deposit',
        phone: '0963456789',
        operator: 'mtn',
        amountNgwee: 700,
      }),
    ).toEqual({ outcome: 'accepted' });

    // A new process: a new connection to the same file, a new provider.
    const reopened = createDatabase({ url: db.url });
    await reopened.ready;
    try {
      const after = make(createDatabaseSandboxStore(reopened));
      now += 1500;
      await after.processDue();
      expect(delivered).toHaveLength(1);
      const verified = await after.verifyCallback({
        method: 'POST',
        authority: '127.0.0.1:3000',
        path: '/api/payments/callback/sandbox',
        headers: Object.fromEntries(
          Object.entries(delivered[0]!.headers).map(([k, v]) => [k.toLowerCase(), v]),
        ),
        rawBody: delivered[0]!.body,
      });
      expect(verified).toMatchObject({ ok: true, callback: { paymentId, status: 'completed' } });
      await after.processDue();
      expect(delivered).toHaveLength(1);
      expect(
        await after.initiate({
          paymentId,
          kind: 'deposit',
          phone: '0963456789',
          operator: 'mtn',
          amountNgwee: 700,
        }),
      ).toEqual({
        outcome: 'duplicate',
      });
    } finally {
      reopened.close();
    }
  });
});
