// The site refuses to start where payments would be free money (docs/decisions/018): a public
// (https) site on the payment sandbox without ALLOW_SANDBOX_PAYMENTS=1, or a real provider on a
// database that ever held sandbox money; and on a wrong setting, with a line naming each wrong
// variable (the one schema, docs/decisions/117). Both `npm start` and the site process alone stop
// with the reason, before anything listens.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '#db/client.ts';
import { runMigrations } from '#db/migrate.ts';
import { paymentRequests } from '#db/schema/payments.ts';
import { users } from '#db/schema/people.ts';
import { ROOT } from '#scripts/build-site.ts';
import { freePort, removeDir, tempDir } from '#tests/support/partykit.ts';

interface Run {
  code: number | null;
  output: string;
}

/** Runs `tsx <script>` to its end (or kills it after `timeoutMs`) and collects what it printed. */
function run(script: string, env: Record<string, string>, timeoutMs = 45_000): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [script], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        INTERNAL_SECRET: '',
        PARTY_URL: '',
        PAYMENTS_PROVIDER: '',
        PAWAPAY_BASE_URL: '',
        PAWAPAY_API_TOKEN: '',
        ALLOW_SANDBOX_PAYMENTS: '',
        ...env,
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

async function portAnswers(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    return false;
  }
}

let dataDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = await tempDir('zt-payments-deploy-');
  env = {
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    PARTY_PORT: String(await freePort()),
  };
});

afterAll(async () => {
  await removeDir(dataDir);
});

describe('a wrong setting at start', () => {
  it('npm start stops with a line naming each wrong variable', async () => {
    const result = await run('scripts/start.ts', {
      ...env,
      PAYMENTS_PROVIDER: 'pawapay',
      PAWAPAY_BASE_URL: 'api.pawapay.io',
      PARTY_PUBLIC_URL: 'party.example.zm',
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain('Invalid configuration');
    expect(result.output).toMatch(/PAWAPAY_BASE_URL: must be an http/);
    expect(result.output).toMatch(/PARTY_PUBLIC_URL: must be a ws/);
    expect(result.output).not.toContain('building the site');
  }, 60_000);

  it('the site alone stops when Google sign-in is half configured', async () => {
    const result = await run('site/server/main.ts', { ...env, GOOGLE_CLIENT_ID: 'client-id' });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/GOOGLE_CLIENT_SECRET: is required with GOOGLE_CLIENT_ID/);
    expect(await portAnswers(Number(env.PORT))).toBe(false);
  }, 60_000);
});

describe('payments at start-up', () => {
  it('the site alone refuses a public (https) deployment on the sandbox, saying why', async () => {
    const result = await run('site/server/main.ts', {
      ...env,
      PUBLIC_URL: 'https://play.example.zm',
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain('PUBLIC_URL is https');
    expect(result.output).toContain('ALLOW_SANDBOX_PAYMENTS=1');
    expect(await portAnswers(Number(env.PORT))).toBe(false);
  }, 60_000);

  it("npm start refuses pawaPay's sandbox URL on a public deployment before building anything", async () => {
    const result = await run('scripts/start.ts', {
      ...env,
      PUBLIC_URL: 'https://play.example.zm',
      PAYMENTS_PROVIDER: 'pawapay',
      PAWAPAY_API_TOKEN: 'sandbox-token',
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain('cannot start');
    expect(result.output).toContain('api.sandbox.pawapay.io');
    expect(result.output).toContain('ALLOW_SANDBOX_PAYMENTS=1');
    expect(result.output).not.toContain('building the site');
  }, 60_000);

  it('a real provider on a database that held sandbox money refuses to start', async () => {
    const url = `file:${path.join(dataDir, 'app.db')}`;
    await runMigrations({ url });
    const database = createDatabase({ url });
    const userId = randomUUID();
    await database.write(async (tx) => {
      await tx.insert(users).values({
        id: userId,
        firstName: 'Demo',
        lastName: 'Player',
        phone: '0961234567',
        email: `${userId}@example.zm`,
      });
      await tx.insert(paymentRequests).values({
        userId,
        kind: 'deposit',
        provider: 'sandbox',
        phone: '0961234567',
        operator: 'mtn',
        amount: 10_000,
        status: 'completed',
      });
    });
    database.close();

    const result = await run('site/server/main.ts', {
      ...env,
      PUBLIC_URL: 'https://play.example.zm',
      PAYMENTS_PROVIDER: 'pawapay',
      PAWAPAY_BASE_URL: 'https://api.pawapay.io',
      PAWAPAY_API_TOKEN: 'live-token',
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain('clean database');
    expect(await portAnswers(Number(env.PORT))).toBe(false);
  }, 60_000);
});
