// Builds the site (`react-router build`, put in place whole by scripts/build-site.ts) once, and only
// when build/ is missing or older than the sources. Test files running in parallel share one build
// through a lock folder; a build that `npm start` makes meanwhile never leaves build/ half-written.
import { execFile } from 'node:child_process';
import { mkdir, readdir, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  BUILD_DIR,
  discardBuild,
  putBuildInPlace,
  ROOT,
  siteBuildStep,
} from '#scripts/build-site.ts';

const run = promisify(execFile);

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
    await rebuildSite();
  } finally {
    await rmdir(LOCK).catch(() => {});
  }
}

/** Builds the site now, whatever build/ holds, and puts it in place whole. */
export async function rebuildSite(): Promise<void> {
  const step = await siteBuildStep();
  try {
    await run(step.command, step.args, { cwd: ROOT, env: { ...process.env, ...step.env } });
    await putBuildInPlace(step.folder);
  } catch (error) {
    await discardBuild(step.folder);
    throw error;
  }
}
