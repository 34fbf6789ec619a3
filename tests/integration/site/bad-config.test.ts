// A wrong setting stops the process at start, before anything listens, with a line naming each
// wrong variable: `npm start` and the site process alone read the one schema (site/server/config.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../support/build';
import { freePort, removeDir, tempDir } from '../../support/partykit';

/** Runs `tsx <script>` to its end and collects what it printed. */
function run(
  script: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [script], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, INTERNAL_SECRET: '', PUBLIC_URL: '', PARTY_URL: '', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('a wrong setting at start', () => {
  let dataDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await tempDir('zt-bad-config-');
    env = {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      PARTY_PORT: String(await freePort()),
    };
  });

  afterAll(async () => {
    await removeDir(dataDir);
  });

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
  });

  it('the site alone stops when Google sign-in is half configured', async () => {
    const result = await run('site/server/main.ts', { ...env, GOOGLE_CLIENT_ID: 'client-id' });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/GOOGLE_CLIENT_SECRET: is required with GOOGLE_CLIENT_ID/);
    expect(result.output).not.toContain('Site listening');
  });

  it('the site alone stops on pawaPay without its API token', async () => {
    const result = await run('site/server/main.ts', { ...env, PAYMENTS_PROVIDER: 'pawapay' });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/PAWAPAY_API_TOKEN: is required with PAYMENTS_PROVIDER=pawapay/);
  });
});
