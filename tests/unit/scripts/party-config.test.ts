// What `npm start` hands the room server: a private config file with the derived keys only, and an
// environment without the site's secrets (docs/decisions/022).
import { CONFIG_VARIABLES } from '#site/server/settings/environment.ts';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { purposeKey, roomKeys } from '#wire/signing.ts';
import {
  PARTY_CONFIG_FILE,
  partyEnvironment,
  removePartyConfig,
  writePartyConfig,
} from '#scripts/party-config.ts';
import { removeDir, tempDir } from '#tests/support/partykit.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SECRET = 'internal-secret-for-the-party-config-test';
let dir = '';

afterEach(async () => {
  if (dir) await removeDir(dir);
});

describe('the room server’s config file', () => {
  it('holds the project config with absolute paths, the derived keys and no secret, mode 0600', async () => {
    dir = await tempDir('zt-party-config-');
    // A file left by a crash, readable by all: replaced, not reused.
    await writeFile(path.join(dir, PARTY_CONFIG_FILE), '{}', { mode: 0o644 });
    const file = await writePartyConfig({
      projectConfig: path.join(ROOT, 'partykit.json'),
      dataDir: dir,
      siteUrl: 'http://127.0.0.1:3000',
      internalSecret: SECRET,
      gameTimeScale: 0.5,
      testClock: false,
    });
    expect(file).toBe(path.join(dir, PARTY_CONFIG_FILE));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(SECRET);
    const config = JSON.parse(text) as Record<string, unknown>;
    const keys = roomKeys(SECRET);
    expect(config).toMatchObject({
      name: 'zed-truck-company',
      main: path.join(ROOT, 'party/room.ts'),
      parties: { lobby: path.join(ROOT, 'party/lobby-server.ts') },
      vars: {
        SITE_URL: 'http://127.0.0.1:3000',
        GAME_TIME_SCALE: '0.5',
        TICKET_KEY: keys.tickets,
        SITE_TO_ROOM_KEY: keys.siteToRoom,
        ROOM_TO_SITE_KEY: keys.roomToSite,
      },
    });
    expect(text).not.toContain('TEST_CLOCK_KEY');
    expect(text).not.toContain(purposeKey(SECRET, 'test-clock'));
    await removePartyConfig(file);
    await expect(stat(file)).rejects.toThrow();
    await rm(file, { force: true });
  });

  it('gives the room server the test clock’s key only with TEST_CLOCK=1', async () => {
    dir = await tempDir('zt-party-config-');
    const file = await writePartyConfig({
      projectConfig: path.join(ROOT, 'partykit.json'),
      dataDir: dir,
      siteUrl: 'http://127.0.0.1:3000',
      internalSecret: SECRET,
      gameTimeScale: 0.05,
      testClock: true,
    });
    const config = JSON.parse(await readFile(file, 'utf8')) as { vars: Record<string, unknown> };
    expect(config.vars.TEST_CLOCK_KEY).toBe(purposeKey(SECRET, 'test-clock'));
    await removePartyConfig(file);
  });

  it('leaves every site setting, its secrets among them, out of the room server’s environment', () => {
    const env = partyEnvironment({
      PATH: '/usr/bin',
      INTERNAL_SECRET: 'a',
      PAWAPAY_API_TOKEN: 'c',
      GOOGLE_CLIENT_SECRET: 'd',
      DATABASE_AUTH_TOKEN: 'e',
      SMS_API_KEY: 'f',
      SMTP_URL: 'smtps://user:password@mail.example.zm:465',
      METRICS_TOKEN: 'm'.repeat(20),
      ...Object.fromEntries(CONFIG_VARIABLES.map((name) => [name, 'x'])),
    });
    expect(env).toEqual({ PATH: '/usr/bin' });
  });
});
