import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase } from '#db/client.ts';
import type { Database } from '#db/client.ts';
import { runMigrations } from '#db/migrate.ts';
import { applyPaymentStatus, createPaymentRequest } from '#db/payments.ts';
import { rooms } from '#db/schema/rooms.ts';
import { users } from '#db/schema/people.ts';
import { operatorFromPhone } from '#site/server/payments/phone.ts';
import type { ProviderName } from '#game/payment-vocabulary.ts';

export interface TestDatabase {
  database: Database;
  url: string;
  dir: string;
  /** Closes the database and deletes its folder. */
  cleanup(): void;
}

// A real file with WAL, like production; on tmpfs where there is one, because every commit syncs.
const TEST_DB_ROOT = process.env.TEST_DB_DIR ?? (isWritable('/dev/shm') ? '/dev/shm' : tmpdir());

function isWritable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** A fresh, migrated libSQL file in its own temp folder, for one test file or one test. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dir = mkdtempSync(path.join(TEST_DB_ROOT, 'zed-db-'));
  const url = `file:${path.join(dir, 'test.db')}`;
  await runMigrations({ url });
  const database = createDatabase({ url });
  await database.ready;
  return {
    database,
    url,
    dir,
    cleanup() {
      database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Inserts a user (a unique email each time) and returns its id. */
export async function seedUser(
  database: Database,
  fields: Partial<typeof users.$inferInsert> = {},
): Promise<string> {
  const id = fields.id ?? crypto.randomUUID();
  await database.write((tx) =>
    tx.insert(users).values({
      id,
      firstName: 'Test',
      lastName: 'Player',
      phone: '0961234567',
      email: `${id}@example.test`,
      ...fields,
    }),
  );
  return id;
}

/** Inserts a waiting room with the given stake (ngwee) and returns its id. */
export async function seedRoom(
  database: Database,
  fields: { hostId: string; amount: number } & Partial<typeof rooms.$inferInsert>,
): Promise<string> {
  const roomId = fields.roomId ?? crypto.randomUUID();
  await database.write((tx) =>
    tx.insert(rooms).values({
      roomId,
      roomName: 'Test room',
      timeMinutes: 10,
      maxPlayers: 6,
      privacy: 'Public',
      serverSeed: 'a'.repeat(64),
      serverSeedHash: 'b'.repeat(64),
      expiresAt: Date.now() + 30 * 60_000,
      ...fields,
    }),
  );
  return roomId;
}

/** Credits a wallet (ngwee) the way production does: a deposit that completes on its callback. */
export async function fundWallet(
  database: Database,
  userId: string,
  amount: number,
  options: { now?: number; phone?: string; provider?: ProviderName } = {},
) {
  const phone = options.phone ?? '0961234567';
  const operator = operatorFromPhone(phone);
  if (!operator) throw new Error(`not a Zambian mobile number: ${phone}`);
  const now = options.now !== undefined ? { now: options.now } : {};
  await database.write(async (tx) => {
    const { payment } = await createPaymentRequest(tx, {
      userId,
      kind: 'deposit',
      provider: options.provider ?? 'sandbox',
      phone,
      operator,
      amount,
      ...now,
    });
    await applyPaymentStatus(tx, {
      paymentId: payment.id,
      status: 'completed',
      providerStatus: 'COMPLETED',
      source: 'callback',
      payload: { depositId: payment.id, status: 'COMPLETED' },
      ...now,
    });
  });
}
