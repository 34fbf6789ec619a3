// The whole product started the way `npm start` does (scripts/start.ts: migrate, `react-router
// build`, the site server and `partykit dev`) on free ports, with its own temp data folder and
// database, for the browser tests and the web benchmark. It runs in its own process group, so that
// stopping it leaves nothing behind.
import { spawn } from 'node:child_process';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { typescriptCommand } from '#scripts/typescript-process.ts';
import { freePort } from './partykit';
import { identify, signalEach, stillRunning, treeOf, type ProcessId } from './process-tree';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ProductOptions {
  /** Temp folder name prefix. */
  prefix: string;
  /** Settings on top of the defaults below (e.g. GAME_TIME_SCALE, ADMIN_EMAILS). */
  env?: Record<string, string>;
  /** Give up if `Ready:` has not been printed by then (the build alone takes a while). */
  readyTimeoutMs?: number;
}

export interface Product {
  baseUrl: string;
  /** Where the room servers answer (`partykit dev` on PARTY_PORT). */
  partyUrl: string;
  /** The start script's process (its pid is also its process group's id). */
  process: ProcessId;
  dataDir: string;
  logFile: string;
  /** Seconds from spawn to `Ready:` (migrate + build + both servers answering). */
  startSeconds: number;
  /** Stops the product and removes its data folder (unless `keepData`). */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SIGTERM to the start script (it stops its servers itself), then SIGKILL to every process of its
 * tree that still runs: the tree is taken before the stop and again before the kill, since each
 * server runs in a group of its own and a start script killed half-way through its stop leaves a
 * server's workers (workerd under `partykit dev`) alive with their parent gone. Only the processes
 * named are signalled, each by its pid and start time: a pid given to another process since (a
 * script that had already exited, a pid reused) is never hit.
 */
export async function stopProductProcess(script: ProcessId, graceMs = 15_000): Promise<void> {
  const before = await treeOf(script);
  if (before.length === 0) return;
  await signalEach([script], 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while ((await stillRunning(script)) && Date.now() < deadline) await sleep(100);
  await signalEach([...before, ...(await treeOf(script))], 'SIGKILL');
}

export async function startProduct(options: ProductOptions): Promise<Product> {
  const readyTimeoutMs = options.readyTimeoutMs ?? 240_000;
  const [port, partyPort] = [await freePort(), await freePort()];
  const dataDir = await mkdtemp(path.join(tmpdir(), options.prefix));
  const logFile = path.join(dataDir, 'product.log');
  const baseUrl = `http://localhost:${port}`;
  const log = await open(logFile, 'a');
  const started = Date.now();
  const child = spawn(...typescriptCommand(path.join(ROOT, 'scripts/start.ts')), {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', log.fd, log.fd],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      PARTY_PORT: String(partyPort),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${path.join(dataDir, 'app.db')}`,
      PAYMENTS_PROVIDER: 'sandbox',
      ...options.env,
    },
  });
  await log.close();
  const script = child.pid === undefined ? null : await identify(child.pid);
  if (!script) throw new Error('the product did not start');
  let exitCode: number | null = null;
  child.once('exit', (code) => {
    exitCode = code ?? 1;
  });

  let stopped = false;
  const stop = async ({ keepData = false } = {}) => {
    if (stopped) return;
    stopped = true;
    await stopProductProcess(script);
    if (!keepData) await rm(dataDir, { recursive: true, force: true }).catch(() => {});
  };
  const tail = async () =>
    (await readFile(logFile, 'utf8').catch(() => '')).split('\n').slice(-40).join('\n');

  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (exitCode !== null) {
      const text = await tail();
      await stop({ keepData: true });
      throw new Error(`the product exited (code ${exitCode}) before it was ready:\n${text}`);
    }
    if ((await readFile(logFile, 'utf8').catch(() => '')).includes('Ready: ')) break;
    if (Date.now() > deadline) {
      const text = await tail();
      await stop({ keepData: true });
      throw new Error(`the product was not ready within ${readyTimeoutMs / 1000} s:\n${text}`);
    }
    await sleep(250);
  }
  return {
    baseUrl,
    partyUrl: `http://127.0.0.1:${partyPort}`,
    process: script,
    dataDir,
    logFile,
    startSeconds: (Date.now() - started) / 1000,
    stop,
  };
}
