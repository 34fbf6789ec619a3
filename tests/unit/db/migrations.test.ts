import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, localFilePath } from '#db/client.ts';
import { runMigrations } from '#db/migrate.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'zed-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function snapshot(url: string) {
  const database = createDatabase({ url });
  try {
    await database.ready;
    const objects = await database.read.all<{ type: string; name: string; sql: string | null }>(
      sql`select type, name, sql from sqlite_master order by type, name`,
    );
    const applied = await database.read.all<{ hash: string }>(
      sql`select hash from __drizzle_migrations`,
    );
    return { objects, applied };
  } finally {
    database.close();
  }
}

describe('runMigrations', () => {
  // a folder that does not exist yet: the client creates it
  const url = `file:${path.join(dir, 'nested', 'fresh.db')}`;

  it('creates every table on a fresh file', async () => {
    await runMigrations({ url });
    const { objects, applied } = await snapshot(url);
    const tables = objects.filter((o) => o.type === 'table').map((o) => o.name);
    expect(tables).toEqual(
      expect.arrayContaining([
        'users',
        'sessions',
        'login_throttle',
        'accounts',
        'transfers',
        'postings',
        'payment_requests',
        'payment_events',
        'sandbox_payments',
        'user_transactions',
        'rooms',
        'room_seats',
        'game_results',
        'game_history',
        'admin_revenue',
        'admin_totals',
        'admin_errors',
      ]),
    );
    expect(applied.length).toBeGreaterThan(0);
  });

  it('is a no-op the second time', async () => {
    const before = await snapshot(url);
    await runMigrations({ url });
    expect(await snapshot(url)).toEqual(before);
  });

  it('leaves the file in WAL mode with foreign keys and a busy timeout on the write connection', async () => {
    const database = createDatabase({ url });
    try {
      await database.ready;
      const pragma = async (name: string) =>
        Object.values((await database.client.execute(`PRAGMA ${name}`)).rows[0]!)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('synchronous')).toBe(2);
      expect(await pragma('busy_timeout')).toBe(5000);
      const readTimeout = await database.read.all<{ timeout: number }>(sql`PRAGMA busy_timeout`);
      expect(readTimeout[0]?.timeout).toBe(5000);
    } finally {
      database.close();
    }
  });
});

describe('localFilePath', () => {
  it.each([
    ['file:./data/app.db', path.resolve('data/app.db')],
    ['file:/tmp/x.db', '/tmp/x.db'],
    ['file:///tmp/x.db', '/tmp/x.db'],
    ['file:///tmp/with%20space.db', '/tmp/with space.db'],
    [':memory:', null],
    ['file::memory:', null],
    ['libsql://example.turso.io', null],
    ['http://127.0.0.1:8080', null],
  ])('%s → %s', (url, expected) => {
    expect(localFilePath(url)).toBe(expected);
  });
});

describe('createDatabase with a remote URL', () => {
  it('sets no PRAGMAs and shares one client for reads and writes', async () => {
    // nothing listens there: creating the client and getting ready must not touch the network
    const database = createDatabase({ url: 'http://127.0.0.1:9', authToken: 'token' });
    await expect(database.ready).resolves.toBeUndefined();
    expect(database.read).toBe(database.db);
    database.close();
  });
});
