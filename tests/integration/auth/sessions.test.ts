import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '#db/schema/people.ts';
import { resolveUser } from '#site/server/auth/middleware.ts';
import { changePassword } from '#site/server/auth/password-change.ts';
import { hashToken } from '#site/server/auth/tokens.ts';
import { newPerson, startAuthApp, type AuthApp } from './harness';

const DAY = 24 * 60 * 60 * 1000;
let app: AuthApp;

afterEach(async () => {
  await app.close();
});

async function storedSessions() {
  return app.db.database.read.select().from(sessions);
}

describe('session cookie', () => {
  it('over http: `session`, HttpOnly, SameSite=Lax, Path=/, 30-day Max-Age, no Secure', async () => {
    app = await startAuthApp();
    const answer = await app.client().post('/api/auth/signup', newPerson());
    expect(answer.status).toBe(201);
    expect(answer.setCookies).toHaveLength(1);
    const cookie = answer.setCookies[0]!;
    expect(cookie).toMatch(/^session=[a-z2-7]{32}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    expect(cookie).not.toContain('Secure');
  });

  it('over https: `__Host-session` with Secure', async () => {
    app = await startAuthApp({ publicUrl: 'https://zed.example' });
    const client = app.client();
    const answer = await client.post('/api/auth/signup', newPerson());
    expect(answer.status).toBe(201);
    expect(answer.setCookies[0]).toMatch(
      /^__Host-session=[a-z2-7]{32}; HttpOnly; SameSite=Lax; Path=\/; Max-Age=2592000; Secure$/,
    );
    expect((await client.get('/api/me')).status).toBe(200);
  });
});

describe('session tokens', () => {
  it('stores only the SHA-256 of the token', async () => {
    app = await startAuthApp();
    const client = app.client();
    await client.post('/api/auth/signup', newPerson());
    const token = client.cookies.get('session')!;
    const rows = await storedSessions();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.expiresAt).toBe(app.now() + 30 * DAY);
  });

  it('a forged or unknown token is no session', async () => {
    app = await startAuthApp();
    const client = app.client();
    client.cookies.set('session', 'a'.repeat(32));
    expect((await client.get('/api/me')).json).toEqual({
      error: 'You must be logged in.',
      code: 'not_signed_in',
    });
    client.cookies.set('session', "'; drop table users; --");
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('an account gone between the guard and a password change is signed out, by the one code', async () => {
    app = await startAuthApp();
    const refused = await changePassword(
      app.deps,
      { userId: 'no-such-account', sessionId: 'no-such-session', address: '203.0.113.9' },
      { currentPassword: 'whatever-it-was', newPassword: 'a new long passphrase 42' },
    );
    expect(refused).toMatchObject({ ok: false, status: 401, code: 'not_signed_in' });
  });

  it('issues a new token at login and ends the session the request carried', async () => {
    app = await startAuthApp();
    const person = newPerson();
    const client = app.client();
    await client.post('/api/auth/signup', person);
    const first = client.cookies.get('session')!;

    const login = await client.post('/api/auth/login', {
      email: person.email,
      password: person.password,
    });
    expect(login.status).toBe(200);
    const second = client.cookies.get('session')!;
    expect(second).not.toBe(first);

    const stale = app.client();
    stale.cookies.set('session', first);
    expect((await stale.get('/api/me')).status).toBe(401);
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await storedSessions()).map((s) => s.id)).toEqual([hashToken(second)]);
  });

  it('slides: renewed to 30 days when under 15 remain, expired after 30 idle days', async () => {
    app = await startAuthApp();
    const client = app.client();
    await client.post('/api/auth/signup', newPerson());
    const token = client.cookies.get('session')!;
    const started = app.now();

    app.advance(14 * DAY);
    const early = await client.get('/api/me');
    expect(early.status).toBe(200);
    expect(early.setCookies).toEqual([]);
    expect((await storedSessions())[0]!.expiresAt).toBe(started + 30 * DAY);

    app.advance(2 * DAY);
    const renewed = await client.get('/api/me');
    expect(renewed.status).toBe(200);
    expect(renewed.setCookies).toEqual([
      `session=${token}; HttpOnly; SameSite=Lax; Path=/; Max-Age=2592000`,
    ]);
    expect((await storedSessions())[0]!.expiresAt).toBe(app.now() + 30 * DAY);

    app.advance(30 * DAY);
    expect((await client.get('/api/me')).status).toBe(401);
    expect(await storedSessions()).toEqual([]);
  });

  it('logout deletes the row and clears the cookie', async () => {
    app = await startAuthApp();
    const client = app.client();
    await client.post('/api/auth/signup', newPerson());
    const token = client.cookies.get('session')!;
    const logout = await client.post('/api/auth/logout');
    expect(logout.status).toBe(204);
    expect(logout.setCookies).toEqual(['session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0']);
    expect(
      await app.db.database.read
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token))),
    ).toEqual([]);
    const replay = app.client();
    replay.cookies.set('session', token);
    expect((await replay.get('/api/me')).status).toBe(401);
    expect((await app.client().post('/api/auth/logout')).status).toBe(204);
  });

  it("the navbar's plain-form logout ends the session and sends the browser to /auth", async () => {
    app = await startAuthApp();
    const client = app.client();
    await client.post('/api/auth/signup', newPerson());
    const logout = await client.post('/api/auth/logout', '', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(logout.status).toBe(303);
    expect(logout.headers.get('location')).toBe('/auth');
    expect(logout.setCookies).toEqual(['session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0']);
    expect((await client.get('/api/me')).status).toBe(401);
  });
});

describe('resolveUser for the page server', () => {
  it('reads a Fetch Request or a Node request, and is null without a valid session', async () => {
    app = await startAuthApp();
    const client = app.client();
    const signup = await client.post('/api/auth/signup', newPerson());
    const deps = { database: app.db.database, config: app.config, clock: app.now };
    const cookie = client.cookieHeader();
    const fetchRequest = new Request(`${app.url}/rentalgame/dashboard`, { headers: { cookie } });
    expect(await resolveUser(deps, fetchRequest)).toEqual(signup.json.user);
    const nodeRequest = { headers: { cookie } } as unknown as IncomingMessage;
    expect(await resolveUser(deps, nodeRequest)).toEqual(signup.json.user);
    expect(await resolveUser(deps, new Request(app.url))).toBeNull();
    const forged = new Request(app.url, { headers: { cookie: `session=${'b'.repeat(32)}` } });
    expect(await resolveUser(deps, forged)).toBeNull();
  });
});

describe('guests', () => {
  it('get an anonymous session that can watch but not pay', async () => {
    app = await startAuthApp();
    const guest = app.client();
    const answer = await guest.post('/api/auth/guest');
    expect(answer.status).toBe(200);
    expect(answer.json.user).toMatchObject({
      firstName: 'Guest',
      email: '',
      phone: '',
      accountBalance: 0,
      isGuest: true,
      isAdmin: false,
    });
    expect((await guest.get('/api/me')).status).toBe(200);
    expect(await guest.post('/api/test/stake')).toMatchObject({
      status: 403,
      json: { error: 'Guests can only watch. Please sign up to play.' },
    });
    expect(
      await guest.patch('/api/me', { firstName: 'A', lastName: 'B', phone: '0961234567' }),
    ).toMatchObject({ status: 403 });

    const player = app.client('10.0.0.2');
    await player.post('/api/auth/signup', newPerson());
    expect(await player.post('/api/test/stake')).toMatchObject({
      status: 200,
      json: { staked: true },
    });
    expect(await app.client().post('/api/test/stake')).toMatchObject({
      status: 401,
      json: { error: 'You must be logged in.' },
    });
  });
});
