// Starts the whole product once for the browser suite: `scripts/start.ts` (migrate, build, site,
// room server) on free ports, with its own temp data folder and database. Settings reach the tests
// as environment variables (Playwright hands the runner's environment to its workers).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, open, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** The build alone takes a while on a small machine. */
const START_TIMEOUT_MS = 240_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function tail(file: string, lines = 40): Promise<string> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text.split('\n').slice(-lines).join('\n');
}

export default async function globalSetup(): Promise<void> {
  if (process.env.E2E_BASE_URL) return; // a product that is already running

  const [port, partyPort] = [await freePort(), await freePort()];
  const dataDir = await mkdtemp(path.join(tmpdir(), 'zed-browser-'));
  const logFile = path.join(dataDir, 'product.log');
  const adminEmail = `admin.${randomUUID().slice(0, 8)}@example.zm`;
  const baseUrl = `http://localhost:${port}`;

  const log = await open(logFile, 'a');
  const child = spawn(
    path.join(ROOT, 'node_modules/.bin/tsx'),
    [path.join(ROOT, 'scripts/start.ts')],
    {
      cwd: ROOT,
      // Its own process group, so the teardown can make sure nothing of it is left behind.
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
        SANDBOX_DELAY_MS: '300',
        GAME_TIME_SCALE: '0.05',
        ADMIN_EMAILS: adminEmail,
      },
    },
  );
  await log.close();
  let exitCode: number | null = null;
  child.once('exit', (code) => {
    exitCode = code ?? 1;
  });

  process.env.E2E_SERVER_PID = String(child.pid);
  process.env.E2E_DATA_DIR = dataDir;

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (exitCode !== null) {
      throw new Error(
        `the product exited (code ${exitCode}) before it was ready:\n${await tail(logFile)}`,
      );
    }
    if ((await readFile(logFile, 'utf8').catch(() => '')).includes('Ready: ')) break;
    if (Date.now() > deadline) {
      throw new Error(
        `the product was not ready within ${START_TIMEOUT_MS / 1000} s:\n${await tail(logFile)}`,
      );
    }
    await sleep(250);
  }

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_ADMIN_EMAIL = adminEmail;
  console.log(`[browser] product ready at ${baseUrl} (log: ${logFile})`);
}
