// Copies of the database, taken online: `VACUUM INTO` writes a consistent copy of what was committed
// when it began, while the site goes on reading and writing (WAL readers never block the writer).
// libSQL runs it synchronously, so it runs on a worker thread of its own: the site's event loop
// never waits for the copy (measured: 0.5 s for 53 MB, all of it a stalled event loop otherwise).
// libSQL's Node binding has no backup API (`Database#backup` throws "not implemented").
import { createRequire } from 'node:module';
import { chmod, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { localFilePath } from './client';
import { ensurePrivateDir, PRIVATE_FILE_MODE, type Warn } from './private-files';

export type BackupReason = 'scheduled' | 'manual' | 'pre-migrate';

export interface BackupFile {
  path: string;
  /** When the copy began (ms epoch): everything committed before it is in the copy. */
  takenAt: number;
  bytes: number;
}

/** A database served over the network: its server keeps the copies (docs/operations.md). */
export class RemoteDatabaseError extends Error {
  override name = 'RemoteDatabaseError';
  constructor(url: string) {
    super(
      `${url.replace(/\/\/[^@/]*@/, '//')} is not a local file: a remote libSQL database is copied by its server (Turso's point-in-time restore, or sqld's own snapshots), not by npm run backup`,
    );
  }
}

const PREFIX = 'app-';
const SUFFIX = '.db';
// app-2026-11-26T10-15-00-000Z-scheduled.db: sorts by time, says why it was taken.
const NAME =
  /^app-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)-(scheduled|manual|pre-migrate)\.db$/;

export function backupFileName(takenAt: number, reason: BackupReason): string {
  const stamp = new Date(takenAt).toISOString().replace(/[:.]/g, '-');
  return `${PREFIX}${stamp}-${reason}${SUFFIX}`;
}

function takenAtOf(name: string): number | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [date, time] = match[1]!.split('T') as [string, string];
  const [h, m, s, ms] = time.replace('Z', '').split('-');
  return Date.parse(`${date}T${h}:${m}:${s}.${ms}Z`);
}

/** The database file behind `url`, or RemoteDatabaseError. */
export function databaseFileOf(url: string): string {
  const file = localFilePath(url);
  if (!file) throw new RemoteDatabaseError(url);
  return file;
}

// Runs on the worker: the copy, then SQLite's own check of the copy. CommonJS, so that it needs no
// TypeScript loader in the worker; the client's path is resolved here, beside this module.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createClient } = require(workerData.clientPath);
(async () => {
  const source = createClient({ url: workerData.sourceUrl });
  try {
    await source.execute('PRAGMA busy_timeout = 5000');
    await source.execute({ sql: 'VACUUM INTO ?', args: [workerData.target] });
  } finally {
    source.close();
  }
  const copy = createClient({ url: workerData.targetUrl });
  try {
    const check = await copy.execute('PRAGMA quick_check');
    const verdict = String(check.rows[0]?.[0] ?? '');
    if (verdict !== 'ok') throw new Error('the copy fails its check: ' + verdict.slice(0, 200));
  } finally {
    copy.close();
  }
})().then(
  () => parentPort.postMessage({ ok: true }),
  (error) => parentPort.postMessage({ ok: false, error: String(error && error.message || error) }),
);
`;

function copyOnWorker(sourceFile: string, target: string): Promise<void> {
  const clientPath = createRequire(import.meta.url).resolve('@libsql/client');
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        clientPath,
        sourceUrl: `file:${sourceFile}`,
        target,
        targetUrl: `file:${target}`,
      },
    });
    worker.once('message', (answer: { ok: boolean; error?: string }) =>
      answer.ok ? resolve() : reject(new Error(`backup failed: ${answer.error}`)),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`backup worker exited with code ${code}`));
    });
  });
}

/**
 * Writes a consistent copy of the database at `url` into `dir` (created 0700; the copy 0600),
 * checked by SQLite before it gets its final name: a copy under that name is whole.
 */
export async function backupDatabase(options: {
  url: string;
  dir: string;
  reason: BackupReason;
  now?: number;
  /** Told when the folder was open to others (it is made private). */
  warn?: Warn;
}): Promise<BackupFile> {
  const source = databaseFileOf(options.url);
  await stat(source); // a missing database is an error, not an empty copy
  await ensurePrivateDir(options.dir, options.warn);
  const takenAt = options.now ?? Date.now();
  const final = path.join(options.dir, backupFileName(takenAt, options.reason));
  const partial = path.join(options.dir, `.${path.basename(final)}.partial`);
  await rm(partial, { force: true });
  try {
    await copyOnWorker(source, partial);
    await chmod(partial, PRIVATE_FILE_MODE);
    await rename(partial, final);
  } finally {
    await rm(partial, { force: true });
  }
  return { path: final, takenAt, bytes: (await stat(final)).size };
}

/** The copies in `dir`, newest first (an unreadable or missing folder holds none). */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const found: BackupFile[] = [];
  for (const name of names) {
    const takenAt = takenAtOf(name);
    if (takenAt === null) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile()) found.push({ path: file, takenAt, bytes: info.size });
  }
  return found.sort((a, b) => b.takenAt - a.takenAt);
}

/** Every copy of the last day is kept; older ones thin out to one a day. */
const KEEP_ALL_MS = 24 * 60 * 60_000;

/**
 * Deletes copies: those older than `keepDays`, and of those older than a day all but the newest of
 * each (UTC) day, so that a copy every 15 minutes for 14 days is about 110 files, not 1,344. The
 * newest copy is never deleted. Returns what it deleted.
 */
export async function pruneBackups(dir: string, keepDays: number, now: number): Promise<string[]> {
  const [newest, ...older] = await listBackups(dir);
  if (!newest) return [];
  const cutoff = now - keepDays * 24 * 60 * 60_000;
  const daysKept = new Set<string>();
  const deleted: string[] = [];
  for (const backup of older) {
    const day = new Date(backup.takenAt).toISOString().slice(0, 10);
    const keep =
      backup.takenAt >= cutoff && (backup.takenAt >= now - KEEP_ALL_MS || !daysKept.has(day));
    if (backup.takenAt < now - KEEP_ALL_MS) daysKept.add(day);
    if (keep) continue;
    await rm(backup.path, { force: true });
    deleted.push(backup.path);
  }
  return deleted;
}
