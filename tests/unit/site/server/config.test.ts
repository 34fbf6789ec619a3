import { ConfigError } from '#site/server/settings/fields.ts';
import { chmod, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '#site/server/config.ts';
import { databaseFile } from '#site/server/settings/database.ts';
import { createPaymentProvider } from '#site/server/payments/create-provider.ts';
import { createMemorySandboxStore } from '#site/server/payments/sandbox-store.ts';
import { removeDir, tempDir } from '#tests/support/partykit.ts';

let cwd: string;

beforeEach(async () => {
  cwd = await tempDir('zt-config-');
});

afterEach(async () => {
  await removeDir(cwd);
});

describe('loadConfig', () => {
  it('has the documented defaults', async () => {
    const config = await loadConfig({}, cwd);
    expect(config).toMatchObject({
      port: 3000,
      partyPort: 1999,
      dataDir: path.join(cwd, 'data'),
      databaseUrl: 'file:./data/app.db',
      databaseAuthToken: undefined,
      auth: { publicUrl: 'http://localhost:3000', adminEmails: [] },
      payments: {
        provider: 'sandbox',
        publicUrl: 'http://localhost:3000',
        sandboxDelayMs: 1500,
        pawapay: { baseUrl: 'https://api.sandbox.pawapay.io', apiToken: '' },
      },
      allowSandboxPayments: false,
      gameTimeScale: 1,
      testClock: false,
      publicUrl: 'http://localhost:3000',
      partyUrl: 'http://127.0.0.1:1999',
      siteUrl: 'http://127.0.0.1:3000',
      partyPublicUrl: 'ws://localhost:1999',
      support: { email: null, phone: null },
    });
    expect(config.auth.google).toBeUndefined();
    expect(databaseFile(config, cwd)).toBe(path.join(cwd, 'data/app.db'));
  });

  it('reads every variable', async () => {
    const config = await loadConfig(
      {
        PORT: '8080',
        PARTY_PORT: '8999',
        DATABASE_URL: 'libsql://db.example.zm',
        DATABASE_AUTH_TOKEN: 'token',
        PAYMENTS_PROVIDER: 'pawapay',
        PAWAPAY_BASE_URL: 'https://api.pawapay.io/',
        PAWAPAY_API_TOKEN: ' tok ',
        SANDBOX_DELAY_MS: '10',
        ALLOW_SANDBOX_PAYMENTS: '1',
        GAME_TIME_SCALE: '0.01',
        ADMIN_EMAILS: ' Boss@Example.zm , ops@example.zm,',
        INTERNAL_SECRET: 'i'.repeat(32),
        PUBLIC_URL: 'https://play.example.zm/',
        PARTY_URL: 'http://party.internal:1999',
        GOOGLE_CLIENT_ID: ' client ',
        GOOGLE_CLIENT_SECRET: 'shh',
        GOOGLE_TOKEN_URL: 'http://127.0.0.1:9/token',
      },
      cwd,
    );
    expect(config).toMatchObject({
      port: 8080,
      partyPort: 8999,
      databaseUrl: 'libsql://db.example.zm',
      databaseAuthToken: 'token',
      auth: {
        publicUrl: 'https://play.example.zm',
        adminEmails: ['boss@example.zm', 'ops@example.zm'],
        google: {
          clientId: 'client',
          clientSecret: 'shh',
          authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
          tokenUrl: 'http://127.0.0.1:9/token',
          userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
        },
      },
      payments: {
        provider: 'pawapay',
        publicUrl: 'https://play.example.zm',
        internalSecret: 'i'.repeat(32),
        sandboxDelayMs: 10,
        pawapay: { baseUrl: 'https://api.pawapay.io', apiToken: 'tok' },
      },
      allowSandboxPayments: true,
      gameTimeScale: 0.01,
      internalSecret: 'i'.repeat(32),
      publicUrl: 'https://play.example.zm',
      partyUrl: 'http://party.internal:1999',
      siteUrl: 'http://127.0.0.1:8080',
      partyPublicUrl: 'wss://play.example.zm:8999',
    });
    expect(databaseFile(config)).toBeNull();
    const party = await loadConfig({ PARTY_PUBLIC_URL: 'wss://party.example.zm/' }, cwd);
    expect(party.partyPublicUrl).toBe('wss://party.example.zm');
  });

  it('refuses wrong values, naming each variable', async () => {
    const attempt = loadConfig(
      {
        PORT: 'eighty',
        PAYMENTS_PROVIDER: 'cash',
        GAME_TIME_SCALE: '0',
        INTERNAL_SECRET: 'short',
        ALLOW_SANDBOX_PAYMENTS: 'yes',
        SANDBOX_DELAY_MS: 'soon',
        PAWAPAY_BASE_URL: 'api.pawapay.io',
        PARTY_PUBLIC_URL: 'party.example.zm',
        GOOGLE_AUTH_URL: 'accounts.google.com',
      },
      cwd,
    );
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    const message = await attempt.catch((error: Error) => error.message);
    for (const name of [
      'PORT',
      'PAYMENTS_PROVIDER',
      'GAME_TIME_SCALE',
      'INTERNAL_SECRET',
      'ALLOW_SANDBOX_PAYMENTS',
      'SANDBOX_DELAY_MS',
      'PAWAPAY_BASE_URL',
      'PARTY_PUBLIC_URL',
      'GOOGLE_AUTH_URL',
    ]) {
      expect(message).toContain(`  ${name}: `);
    }
  });

  it('hands payments the slice that builds the provider it names', async () => {
    const deps = { sandboxStore: createMemorySandboxStore() };
    const sandbox = await loadConfig({}, cwd);
    expect(createPaymentProvider(sandbox.payments, deps).name).toBe('sandbox');
    const pawapay = await loadConfig({ PAYMENTS_PROVIDER: 'pawapay', PAWAPAY_API_TOKEN: 't' }, cwd);
    expect(createPaymentProvider(pawapay.payments, deps).name).toBe('pawapay');
  });

  it('refuses a variable without the one it needs, naming the missing one', async () => {
    const refusals: [Record<string, string>, string][] = [
      [{ PAYMENTS_PROVIDER: 'pawapay' }, 'PAWAPAY_API_TOKEN: is required with PAYMENTS_PROVIDER'],
      [{ GOOGLE_CLIENT_ID: 'client' }, 'GOOGLE_CLIENT_SECRET: is required with GOOGLE_CLIENT_ID'],
      [{ GOOGLE_CLIENT_SECRET: 'shh' }, 'GOOGLE_CLIENT_ID: is required with GOOGLE_CLIENT_SECRET'],
    ];
    for (const [env, line] of refusals) {
      await expect(loadConfig(env, cwd), JSON.stringify(env)).rejects.toThrow(line);
    }
  });

  it('takes TEST_CLOCK=1 only for a product used from this machine alone', async () => {
    for (const env of [
      { TEST_CLOCK: '1' },
      { TEST_CLOCK: '1', PUBLIC_URL: 'http://127.0.0.1:4000', PARTY_PUBLIC_URL: 'ws://[::1]:4001' },
    ]) {
      expect((await loadConfig(env, cwd)).testClock).toBe(true);
    }
    for (const env of [
      { TEST_CLOCK: '1', PUBLIC_URL: 'https://play.example.zm' },
      { TEST_CLOCK: '1', PUBLIC_URL: 'http://192.168.1.20:3000' },
      { TEST_CLOCK: '1', PUBLIC_URL: 'http://localhost.example.zm:3000' },
      { TEST_CLOCK: '1', PARTY_PUBLIC_URL: 'wss://party.example.zm' },
      { TEST_CLOCK: '1', START: 'party' },
      { TEST_CLOCK: '1', START: 'site' },
      { TEST_CLOCK: 'yes' },
    ]) {
      await expect(loadConfig(env, cwd), JSON.stringify(env)).rejects.toThrow(/TEST_CLOCK/);
    }
  });

  it('reads TRUST_PROXY as a hop count or a list of addresses and networks; loopback by default', async () => {
    expect((await loadConfig({}, cwd)).trustProxy).toEqual(['loopback']);
    expect((await loadConfig({ TRUST_PROXY: ' 1 ' }, cwd)).trustProxy).toBe(1);
    expect(
      (await loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8, loopback' }, cwd))
        .trustProxy,
    ).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8', 'loopback']);
    for (const wrong of ['true', '*', '10.0.0.0/33', '10.0.0/8', 'proxy.example.zm', '1.5', '-1']) {
      const message = await loadConfig({ TRUST_PROXY: wrong }, cwd).catch(
        (error: Error) => error.message,
      );
      expect(message, wrong).toContain('TRUST_PROXY');
    }
  });

  it('takes only plain addresses in ADMIN_EMAILS and SUPPORT_EMAIL (the one email rule)', async () => {
    for (const env of [
      { ADMIN_EMAILS: 'boss@example.zm, victim@x;evil@example.zm' },
      { ADMIN_EMAILS: 'Boss <boss@example.zm>' },
      { SUPPORT_EMAIL: 'help@example.zm,evil@example.zm' },
      { SUPPORT_EMAIL: 'help@example' },
    ]) {
      const message = await loadConfig(env, cwd).catch((error: Error) => error.message);
      expect(message, JSON.stringify(env)).toContain(Object.keys(env)[0]);
    }
    const config = await loadConfig({ SUPPORT_EMAIL: ' Help@Example.zm ' }, cwd);
    expect(config.support.email).toBe('help@example.zm');
  });

  it('generates the secret once, readable only by the owner, and keeps it', async () => {
    const first = await loadConfig({ DATA_DIR: 'var' }, cwd);
    const file = path.join(cwd, 'var/secrets.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(first.internalSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(first.payments.internalSecret).toBe(first.internalSecret);

    const again = await loadConfig({ DATA_DIR: 'var' }, cwd);
    expect(again.internalSecret).toBe(first.internalSecret);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      internalSecret: first.internalSecret,
    });
  });

  it('keeps the key of a secrets file that also holds the session key it once had', async () => {
    const file = path.join(cwd, 'data/secrets.json');
    await loadConfig({}, cwd);
    const internalSecret = 'k'.repeat(64);
    await writeFile(file, JSON.stringify({ sessionSecret: 's'.repeat(64), internalSecret }));
    expect((await loadConfig({}, cwd)).internalSecret).toBe(internalSecret);
  });

  it('creates the data folder private to the user, whatever the umask', async () => {
    const previous = process.umask(0);
    try {
      await loadConfig({ DATA_DIR: 'var' }, cwd);
    } finally {
      process.umask(previous);
    }
    expect((await stat(path.join(cwd, 'var'))).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(cwd, 'var/secrets.json'))).mode & 0o777).toBe(0o600);
  });

  it('makes a secrets file that others could read private again, with a warning', async () => {
    await loadConfig({}, cwd);
    const file = path.join(cwd, 'data/secrets.json');
    await chmod(file, 0o644);
    await chmod(path.join(cwd, 'data'), 0o755);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await loadConfig({}, cwd);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await stat(path.join(cwd, 'data'))).mode & 0o777).toBe(0o700);
      expect(warn.mock.calls.map((call) => String(call[0])).join('\n')).toContain(file);
    } finally {
      warn.mockRestore();
    }
  });

  it('prefers the secret from the environment', async () => {
    const config = await loadConfig({ INTERNAL_SECRET: 'b'.repeat(40) }, cwd);
    expect(config.internalSecret).toBe('b'.repeat(40));
    await expect(stat(path.join(cwd, 'data/secrets.json'))).rejects.toThrow();
  });

  it('sends mail by SMTP only when SMTP_URL is set, from MAIL_FROM', async () => {
    const defaults = await loadConfig({}, cwd);
    expect(defaults.mail).toEqual({
      smtpUrl: undefined,
      from: 'Zed Truck Company <no-reply@localhost>',
    });
    const smtp = await loadConfig(
      { SMTP_URL: 'smtps://u:p@mail.example.zm:465', MAIL_FROM: 'Zed <no-reply@example.zm>' },
      cwd,
    );
    expect(smtp.mail).toEqual({
      smtpUrl: 'smtps://u:p@mail.example.zm:465',
      from: 'Zed <no-reply@example.zm>',
    });
    await expect(loadConfig({ SMTP_URL: 'mail.example.zm' }, cwd)).rejects.toThrow(/SMTP_URL/);
  });

  it('sends SMS through the gateway only when SMS_URL is set, with its account, over https', async () => {
    expect((await loadConfig({}, cwd)).sms).toBeNull();
    const gateway = await loadConfig(
      {
        SMS_URL: 'https://api.africastalking.com/version1/messaging',
        SMS_USERNAME: ' zed ',
        SMS_API_KEY: 'atsk_key',
        SMS_FROM: 'ZEDTRUCK',
      },
      cwd,
    );
    expect(gateway.sms).toEqual({
      url: 'https://api.africastalking.com/version1/messaging',
      username: 'zed',
      apiKey: 'atsk_key',
      from: 'ZEDTRUCK',
    });
    const local = await loadConfig(
      { SMS_URL: 'http://127.0.0.1:9/version1/messaging', SMS_USERNAME: 'u', SMS_API_KEY: 'k' },
      cwd,
    );
    expect(local.sms).toMatchObject({
      url: 'http://127.0.0.1:9/version1/messaging',
      from: undefined,
    });
    const refusals: [Record<string, string>, string[]][] = [
      [{ SMS_URL: 'https://sms.example.zm' }, ['SMS_USERNAME', 'SMS_API_KEY']],
      [{ SMS_URL: 'http://sms.example.zm', SMS_USERNAME: 'u', SMS_API_KEY: 'k' }, ['SMS_URL']],
      [{ SMS_URL: 'api.africastalking.com' }, ['SMS_URL']],
      [{ SMS_FROM: 'Zed <script>' }, ['SMS_FROM']],
    ];
    for (const [env, names] of refusals) {
      const message = await loadConfig(env, cwd).catch((error: Error) => error.message);
      for (const name of names) expect(message, JSON.stringify(env)).toContain(name);
    }
  });

  it('stops on a damaged secrets file instead of replacing the keys', async () => {
    await loadConfig({}, cwd);
    await writeFile(path.join(cwd, 'data/secrets.json'), '{not json');
    await expect(loadConfig({}, cwd)).rejects.toThrow(/secrets\.json is not valid/);
  });

  it('puts the database beside the data folder when DATA_DIR is elsewhere', async () => {
    const elsewhere = await tempDir('zt-data-');
    try {
      const config = await loadConfig({ DATA_DIR: elsewhere }, cwd);
      expect(config.databaseUrl).toBe(`file:${path.join(elsewhere, 'app.db')}`);
    } finally {
      await removeDir(elsewhere);
    }
  });
});
