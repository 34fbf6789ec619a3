// Builds the site (`react-router build` into build/) once, and only when build/ is missing or older
// than the sources. Test files running in parallel share one build through a lock folder.
import { execFile } from 'node:child_process';
import { mkdir, readdir, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const BUILD_DIR = path.join(ROOT, 'build');

// Everything the client and server bundles take code from: a change to the rules in game/ must rebuild.
const SOURCES = ['site', 'game', 'wire', 'db', 'react-router.config.ts', 'vite.config.ts'];
const BUILD_MARKER = path.join(BUILD_DIR, 'server/index.js');
const LOCK = path.join(ROOT, 'node_modules/.cache/site-build.lock');
const LOCK_STALE_MS = 120_000;

async function newestMtime(entry: string): Promise<number> {
  const info = await stat(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  const children = await readdir(entry);
  const times = await Promise.all(children.map((child) => newestMtime(path.join(entry, child))));
  return Math.max(info.mtimeMs, ...times);
}

async function isFresh(): Promise<boolean> {
  const built = await stat(BUILD_MARKER).catch(() => null);
  if (!built) return false;
  const sources = await Promise.all(SOURCES.map((source) => newestMtime(path.join(ROOT, source))));
  return built.mtimeMs >= Math.max(...sources);
}

async function acquireLock(): Promise<void> {
  await mkdir(path.dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      await mkdir(LOCK);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const held = await stat(LOCK).catch(() => null);
      if (held && Date.now() - held.mtimeMs > LOCK_STALE_MS) await rmdir(LOCK).catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** Makes sure build/ holds a production build of the current sources. */
export async function ensureSiteBuild(): Promise<void> {
  if (await isFresh()) return;
  await acquireLock();
  try {
    if (await isFresh()) return; // another worker built it while we waited
    await run(path.join(ROOT, 'node_modules/.bin/react-router'), ['build'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
    });
  } finally {
    await rmdir(LOCK).catch(() => {});
  }
}
