import { afterEach, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { auditLog } from '#site/server/admin/audit.ts';
import { newPerson, startAuthApp, type AuthApp } from './harness';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
let app: AuthApp;

afterEach(async () => {
  await app.close();
});

async function adminScript(...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      path.join(root, 'node_modules/.bin/tsx'),
      ['scripts/admin.ts', ...args],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: app.db.url },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('admin claim', () => {
  it('comes from ADMIN_EMAILS, case-insensitively, only once the email is verified', async () => {
    app = await startAuthApp({ adminEmails: ['boss@example.zm'] });
    const boss = app.client();
    const signup = await boss.post('/api/auth/signup', newPerson({ email: 'Boss@Example.ZM' }));
    // Anyone could type the address at sign-up: no claim until the inbox proves it.
    expect(signup.json.user).toMatchObject({ isAdmin: false, emailVerified: false });
    expect((await boss.get('/api/test/admin')).status).toBe(403);
    const link = await app.mailedLink('boss@example.zm', '/auth/verify');
    await boss.post('/api/auth/email/verify', { token: link.searchParams.get('token') });
    expect((await boss.get('/api/me')).json.user).toMatchObject({ isAdmin: true });
    expect(await boss.get('/api/test/admin')).toMatchObject({ status: 200, json: { admin: true } });

    const player = app.client('10.0.0.2');
    await player.post('/api/auth/signup', newPerson());
    expect((await player.get('/api/me')).json.user).toMatchObject({ isAdmin: false });
    expect(await player.get('/api/test/admin')).toMatchObject({
      status: 403,
      json: { error: 'Unauthorized access' },
    });
    expect(await app.client().get('/api/test/admin')).toMatchObject({
      status: 401,
      json: { error: 'You must be logged in.' },
    });
    const guest = app.client('10.0.0.3');
    await guest.post('/api/auth/guest');
    expect((await guest.get('/api/test/admin')).status).toBe(403);
  });

  // Six runs of the script, each a child process that starts tsx: well over the default 20 s on
  // a busy 2-core machine.
  it('is granted and revoked by `npm run admin`', { timeout: 120_000 }, async () => {
    app = await startAuthApp();
    const person = newPerson({ email: 'grant.me@example.zm' });
    const client = app.client();
    await client.post('/api/auth/signup', person);
    expect((await client.get('/api/test/admin')).status).toBe(403);

    // Unverified: the script shows who it is and refuses without --force.
    const refused = await adminScript('grant', 'GRANT.me@example.zm');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('Name:     Mwila Banda');
    expect(refused.stdout).toContain('Phone:    0961234567');
    expect(refused.stdout).toContain('Created:  2025-01-01 00:00 UTC');
    expect(refused.stdout).toContain('Email:    grant.me@example.zm (NOT verified)');
    expect(refused.stderr).toContain('not verified');
    expect((await client.get('/api/me')).json.user).toMatchObject({ isAdmin: false });

    const link = await app.mailedLink('grant.me@example.zm', '/auth/verify');
    await client.post('/api/auth/email/verify', { token: link.searchParams.get('token') });
    const granted = await adminScript('grant', 'GRANT.me@example.zm');
    expect(granted.code).toBe(0);
    expect(granted.stdout).toContain('Email:    grant.me@example.zm (verified)');
    expect(granted.stdout).toMatch(/grant\.me@example\.zm is now an admin\.\n$/);
    expect((await client.get('/api/me')).json.user).toMatchObject({ isAdmin: true });
    expect((await client.get('/api/test/admin')).status).toBe(200);
    expect((await adminScript('list')).stdout).toBe('grant.me@example.zm\n');

    const revoked = await adminScript('revoke', 'grant.me@example.zm');
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toMatch(/no longer an admin/);
    expect((await client.get('/api/test/admin')).status).toBe(403);

    // Both changes are in the console's audit log, by the machine's user; the refusal is not.
    const userId = ((await client.get('/api/me')).json.user as { id: string }).id;
    const entries = (await auditLog(app.db.database.read)).filter((e) => e.target === userId);
    expect(entries.map((e) => e.action)).toEqual(['admin.revoke', 'admin.grant']);
    expect(entries[1]!.detail).toEqual({
      by: 'npm run admin',
      osUser: userInfo().username,
      email: 'grant.me@example.zm',
      force: false,
    });

    expect(await adminScript('grant', 'nobody@example.zm')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No account found for nobody@example.zm.'),
    });
    expect(await adminScript('promote')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage: npm run admin -- grant <email>'),
    });
  });

  it('grants an unverified account only with --force', async () => {
    app = await startAuthApp();
    const client = app.client();
    await client.post('/api/auth/signup', newPerson({ email: 'forced@example.zm' }));
    const forced = await adminScript('grant', 'forced@example.zm', '--force');
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('(NOT verified)');
    expect(forced.stdout).toMatch(/forced@example\.zm is now an admin\./);
    expect((await client.get('/api/me')).json.user).toMatchObject({ isAdmin: true });
    const [entry] = await auditLog(app.db.database.read);
    expect(entry).toMatchObject({ action: 'admin.grant', detail: { force: true } });
  });

  it('refuses an address list, naming it, and grants nobody', async () => {
    app = await startAuthApp();
    const refused = await adminScript('grant', 'victim@x,evil.example', '--force');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('"victim@x,evil.example" is not one email address.');
  });
});
