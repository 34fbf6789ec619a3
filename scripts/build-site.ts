// The production build of the site, put in place in one step. `react-router build` empties its
// output folder first and writes it for several seconds; a site process starting meanwhile (a second
// site on one checkout with `--no-build`, a test's server) would find no build/server/index.js. So
// each build goes to a folder of its own, and build/ is a link that one rename points at the new one.
import { spawn } from 'node:child_process';
import { lstat, mkdtemp, readdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const BUILD_DIR = path.join(ROOT, 'build');
/** Read by react-router.config.ts: where this build writes instead of build/. */
export const BUILD_DIRECTORY_VARIABLE = 'SITE_BUILD_DIRECTORY';

const PREFIX = 'build.';
// Folders of earlier builds are kept a while: a running site loads its server chunks from the build
// it started with (by their real path) until it stops.
const KEEP_EARLIER_BUILDS_MS = 30 * 60_000;

export interface SiteBuildStep {
  command: string;
  args: string[];
  env: Record<string, string>;
  /** The build's own folder; `putBuildInPlace(folder)` once the command exits with 0. */
  folder: string;
}

/** The command that builds the site into a new folder of its own beside build/. */
export async function siteBuildStep(): Promise<SiteBuildStep> {
  await removeEarlierBuilds();
  const folder = await mkdtemp(path.join(ROOT, PREFIX));
  return {
    command: path.join(ROOT, 'node_modules/.bin/react-router'),
    args: ['build'],
    env: { NODE_ENV: 'production', [BUILD_DIRECTORY_VARIABLE]: path.relative(ROOT, folder) },
    folder,
  };
}

/** Points build/ at a finished build in one rename: build/ is never missing or half-written. */
export async function putBuildInPlace(folder: string): Promise<void> {
  const link = `${folder}.link`;
  await symlink(path.basename(folder), link);
  const current = await lstat(BUILD_DIR).catch(() => null);
  // A checkout from before the link holds build/ as a folder: moved aside once.
  if (current?.isDirectory()) {
    await rename(BUILD_DIR, `${folder}.replaced`).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error; // another build moved it first
    });
  }
  await rename(link, BUILD_DIR);
}

/** Drops a build that did not finish. */
export async function discardBuild(folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true });
  await rm(`${folder}.link`, { force: true });
}

async function currentBuild(): Promise<string | null> {
  const target = await readlink(BUILD_DIR).catch(() => null);
  return target === null ? null : path.resolve(ROOT, target);
}

async function removeEarlierBuilds(): Promise<void> {
  const current = await currentBuild();
  for (const name of await readdir(ROOT)) {
    const entry = path.join(ROOT, name);
    if (!name.startsWith(PREFIX) || entry === current) continue;
    const info = await lstat(entry).catch(() => null);
    if (info && Date.now() - info.mtimeMs > KEEP_EARLIER_BUILDS_MS) {
      await rm(entry, { recursive: true, force: true });
    }
  }
}

/** `npm run build`: the same build `npm start` makes, put in place the same way. */
async function main(): Promise<void> {
  const step = await siteBuildStep();
  const child = spawn(step.command, step.args, {
    cwd: ROOT,
    env: { ...process.env, ...step.env },
    stdio: 'inherit',
  });
  const code = await new Promise<number>((resolve) =>
    child.once('exit', (exitCode) => resolve(exitCode ?? 1)),
  );
  if (code !== 0) {
    await discardBuild(step.folder);
    process.exit(code);
  }
  await putBuildInPlace(step.folder);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await main();
