// Puts a copy made by db/backup.ts back in place of the database, with the site stopped: the copy
// is checked (SQLite's integrity check and the ledger audit) before anything is replaced, the file
// it replaces is kept aside, never deleted, and the restored database is audited again.
import { chmod, copyFile, mkdir, readdir, readlink, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { createDatabase } from './client';
import { databaseFileOf } from './backup';
import { checkLedger, isLedgerClean, type LedgerReport } from './ledger';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-files';

/** SQLite's database file and the two it keeps beside it in WAL mode. */
const DATABASE_FILES = ['', '-wal', '-shm'];

export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
  constructor(
    readonly file: string,
    readonly pids: number[],
  ) {
    super(
      `${file} is open in process ${pids.join(', ')}: stop the site first (a restore replaces the file under it)`,
    );
  }
}

export class BackupCheckError extends Error {
  override name = 'BackupCheckError';
}

/**
 * The processes that hold `file` (or its -wal) open, read from /proc (Linux): the running site,
 * `npm start`'s children, a sqlite3 shell. Processes of other users are not readable and not listed.
 */
export async function processesUsing(file: string): Promise<number[]> {
  const targets = new Set(DATABASE_FILES.slice(0, 2).map((suffix) => `${file}${suffix}`));
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return []; // no /proc: nothing to ask
  }
  const users: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const fdDir = `/proc/${entry}/fd`;
    const fds = await readdir(fdDir).catch(() => [] as string[]);
    for (const fd of fds) {
      const target = await readlink(path.join(fdDir, fd)).catch(() => null);
      if (target !== null && targets.has(target)) {
        users.push(Number(entry));
        break;
      }
    }
  }
  return users;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Opens `file`, runs SQLite's integrity check and the ledger audit, and closes it again. */
export async function auditDatabaseFile(file: string): Promise<{
  integrity: string;
  ledger: LedgerReport;
}> {
  const database = createDatabase({ url: `file:${file}` });
  try {
    await database.ready;
    const check = await database.client.execute('PRAGMA integrity_check');
    const integrity = String(check.rows[0]?.[0] ?? '');
    const ledger = await checkLedger(database.read);
    // Leaves one file behind, with nothing in a -wal beside it.
    await database.client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
    return { integrity, ledger };
  } finally {
    database.close();
  }
}

export interface RestoreResult {
  restored: string;
  /** Where the files it replaced went (none when there was no database). */
  setAside: string[];
  ledger: LedgerReport;
}

/**
 * Replaces the database at `url` with `backupFile`. Refuses while a process holds the database
 * open, and refuses a copy that fails its integrity check or whose ledger does not balance (then
 * nothing is replaced). Throws when the restored database fails the same checks.
 */
export async function restoreDatabase(options: {
  url: string;
  backupFile: string;
  now?: number;
}): Promise<RestoreResult> {
  const target = databaseFileOf(options.url);
  const backupFile = path.resolve(options.backupFile);
  if (!(await exists(backupFile))) throw new BackupCheckError(`${backupFile} does not exist`);
  const users = await processesUsing(target);
  if (users.length > 0) throw new DatabaseInUseError(target, users);

  // The copy is checked beside the database (same disk, so the final rename is atomic); its folder
  // may be gone with the disk it was on.
  await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
  const staged = `${target}.restoring`;
  for (const suffix of DATABASE_FILES) await rm(`${staged}${suffix}`, { force: true });
  await copyFile(backupFile, staged);
  await chmod(staged, PRIVATE_FILE_MODE);
  try {
    const copy = await auditDatabaseFile(staged);
    if (copy.integrity !== 'ok') {
      throw new BackupCheckError(`${backupFile} fails SQLite's integrity check: ${copy.integrity}`);
    }
    if (!isLedgerClean(copy.ledger)) {
      throw new BackupCheckError(
        `${backupFile} holds a ledger that does not balance: ${JSON.stringify(copy.ledger).slice(0, 500)}`,
      );
    }
  } catch (error) {
    for (const suffix of DATABASE_FILES) await rm(`${staged}${suffix}`, { force: true });
    throw error;
  }

  const stamp = new Date(options.now ?? Date.now()).toISOString().replace(/[:.]/g, '-');
  const setAside: string[] = [];
  for (const suffix of DATABASE_FILES) {
    const current = `${target}${suffix}`;
    if (!(await exists(current))) continue;
    const aside = `${target}.replaced-${stamp}${suffix}`;
    await rename(current, aside);
    setAside.push(aside);
  }
  await rename(staged, target);

  const restored = await auditDatabaseFile(target);
  if (restored.integrity !== 'ok' || !isLedgerClean(restored.ledger)) {
    throw new BackupCheckError(
      `the restored ${target} fails its checks (integrity: ${restored.integrity}); the replaced files are ${setAside.join(', ') || 'none'}`,
    );
  }
  return { restored: target, setAside, ledger: restored.ledger };
}
