// Backups of the database while it is written, their names and retention, the copy before a
// migration, and the restore's refusals (a database in use, a copy whose ledger does not balance).
import { spawn } from 'node:child_process';
import { cp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backupDatabase,
  backupFileName,
  listBackups,
  pruneBackups,
  RemoteDatabaseError,
} from '#db/backup.ts';
import { BackupCheckError, DatabaseInUseError, restoreDatabase } from '#db/backup-restore.ts';
import { accountIds, balanceOf } from '#db/ledger.ts';
import { createDatabase } from '#db/client.ts';
import { MIGRATIONS_FOLDER, runMigrations } from '#db/migrate.ts';
import { createTestDatabase, fundWallet, seedUser, type TestDatabase } from '#tests/support/db.ts';
import { waitFor } from '#tests/support/wait.ts';

let db: TestDatabase;
let userId: string;
const DAY = 24 * 60 * 60_000;

beforeAll(async () => {
  db = await createTestDatabase();
  userId = await seedUser(db.database);
});
afterAll(() => db.cleanup());

async function walletIn(file: string): Promise<number> {
  const copy = createDatabase({ url: `file:${file}` });
  try {
    return await balanceOf(copy.read, accountIds.wallet(userId));
  } finally {
    copy.close();
  }
}

describe('backupDatabase', () => {
  it('copies the database while deposits are written, whole and private', async () => {
    await fundWallet(db.database, userId, 100);
    let stop = false;
    let credited = 100;
    const writer = (async () => {
      while (!stop) {
        await fundWallet(db.database, userId, 1);
        credited += 1;
        // libSQL answers a local file at once: give timers and the worker's message their turn.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await waitFor('deposits to be under way', () => credited > 105);
    const before = credited;
    const dir = path.join(db.dir, 'backups');
    const backup = await backupDatabase({ url: db.url, dir, reason: 'manual' });
    const after = credited;
    stop = true;
    await writer;

    expect(path.basename(backup.path)).toBe(backupFileName(backup.takenAt, 'manual'));
    expect((await stat(backup.path)).mode & 0o777).toBe(0o600);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    // Every deposit committed before the copy began is in it; none is half there.
    const copied = await walletIn(backup.path);
    expect(copied).toBeGreaterThanOrEqual(before);
    expect(copied).toBeLessThanOrEqual(after + 1);
    expect(await listBackups(dir)).toEqual([backup]);
  });

  it('refuses a remote database, saying who keeps its copies', async () => {
    await expect(
      backupDatabase({ url: 'libsql://db.example.zm', dir: db.dir, reason: 'manual' }),
    ).rejects.toThrow(RemoteDatabaseError);
  });

  it('keeps every copy of the last day, one a day back to BACKUP_KEEP_DAYS, and always the newest', async () => {
    const dir = path.join(db.dir, 'retention');
    const now = Date.UTC(2026, 10, 26, 12);
    const HOUR = 60 * 60_000;
    const ages = [20 * DAY, 15 * DAY, 3 * DAY + HOUR, 3 * DAY, 5 * HOUR, 1 * HOUR];
    for (const age of ages) {
      await backupDatabase({ url: db.url, dir, reason: 'scheduled', now: now - age });
    }
    await writeFile(path.join(dir, 'notes.txt'), 'not a backup');
    const deleted = await pruneBackups(dir, 14, now);
    expect(deleted.map((file) => path.basename(file)).sort()).toEqual(
      [3 * DAY + HOUR, 15 * DAY, 20 * DAY]
        .map((age) => backupFileName(now - age, 'scheduled'))
        .sort(),
    );
    expect((await listBackups(dir)).map((b) => now - b.takenAt)).toEqual([HOUR, 5 * HOUR, 3 * DAY]);
    // The only copy left is kept however old it is.
    await pruneBackups(dir, 1, now + 365 * DAY);
    expect(await listBackups(dir)).toHaveLength(1);
  });
});

describe('runMigrations', () => {
  it('copies a database before applying a migration to it, and not when there is none', async () => {
    const folder = path.join(db.dir, 'older-migrations');
    await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta/_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: unknown[] };
    journal.entries.pop();
    await writeFile(journalFile, JSON.stringify(journal));
    const url = `file:${path.join(db.dir, 'older.db')}`;
    const dir = path.join(db.dir, 'pre-migrate');

    await runMigrations({ url, migrationsFolder: folder, backupDir: dir });
    expect(await listBackups(dir), 'a new database has nothing to keep').toEqual([]);
    const upgrade = await runMigrations({ url, backupDir: dir });
    expect(upgrade.applied).toBe(1);
    expect(upgrade.backup?.path).toMatch(/-pre-migrate\.db$/);
    expect(await listBackups(dir)).toHaveLength(1);
    expect(await runMigrations({ url, backupDir: dir })).toEqual({ applied: 0, backup: null });
  });
});

describe('restoreDatabase', () => {
  it('refuses while another process holds the database open', async () => {
    const file = path.join(db.dir, 'test.db');
    const holder = spawn(process.execPath, [
      '-e',
      `require('fs').openSync(${JSON.stringify(file)}, 'r'); console.log('open'); setInterval(() => {}, 1000)`,
    ]);
    try {
      await new Promise((resolve) => holder.stdout.once('data', resolve));
      const backup = (await listBackups(path.join(db.dir, 'backups')))[0]!;
      const refused = restoreDatabase({ url: db.url, backupFile: backup.path });
      await expect(refused).rejects.toThrow(DatabaseInUseError);
      await expect(refused).rejects.toThrow(String(holder.pid));
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('refuses a copy whose ledger does not balance, and replaces nothing', async () => {
    const dir = path.join(db.dir, 'tampered');
    const backup = await backupDatabase({ url: db.url, dir, reason: 'manual' });
    const copy = createDatabase({ url: `file:${backup.path}` });
    await copy.client.execute({
      sql: 'update accounts set balance = balance + 1 where id = ?',
      args: [accountIds.wallet(userId)],
    });
    await copy.client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
    copy.close();
    const url = `file:${path.join(db.dir, 'target.db')}`;
    await runMigrations({ url });
    const before = (await stat(path.join(db.dir, 'target.db'))).ino;
    const refused = restoreDatabase({ url, backupFile: backup.path });
    await expect(refused).rejects.toThrow(BackupCheckError);
    await expect(refused).rejects.toThrow(/ledger that does not balance/);
    expect((await stat(path.join(db.dir, 'target.db'))).ino, 'the same file').toBe(before);
    expect((await readdir(db.dir)).filter((name) => name.includes('target.db.'))).toEqual([]);
  });

  it('puts a copy back, keeps the replaced database aside and audits the ledger', async () => {
    const backup = (await listBackups(path.join(db.dir, 'backups')))[0]!;
    const url = `file:${path.join(db.dir, 'restored.db')}`;
    await runMigrations({ url });
    const result = await restoreDatabase({
      url,
      backupFile: backup.path,
      now: Date.UTC(2026, 0, 1),
    });
    expect(result.setAside.map((file) => path.basename(file))).toContain(
      'restored.db.replaced-2026-01-01T00-00-00-000Z',
    );
    expect(result.ledger.sumOfAllPostings).toBe(0);
    expect(await walletIn(path.join(db.dir, 'restored.db'))).toBe(await walletIn(backup.path));
    expect((await stat(path.join(db.dir, 'restored.db'))).mode & 0o777).toBe(0o600);
  });
});
