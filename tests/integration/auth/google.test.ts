import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import type { MutableResponse, OAuth2Server } from 'oauth2-mock-server';
import { eq } from 'drizzle-orm';
import { users } from '#db/schema/people.ts';
import { expectConsoleError } from '#tests/support/console-errors.ts';
import { callbackPath, googleConfigOf, googleSays, goToGoogle, startIdp } from './google-idp';
import { captureConsole, newPerson, startAuthApp, type AuthApp } from './harness';

let idp: OAuth2Server;
let app: AuthApp;

beforeAll(async () => {
  idp = await startIdp();
});
afterAll(async () => {
  await idp.stop();
});

beforeEach(async () => {
  app = await startAuthApp({ google: googleConfigOf(idp) });
});
afterEach(async () => {
  idp.service.removeAllListeners();
  await app.close();
});

describe('Google sign-in', () => {
  it('is offered only when configured', async () => {
    expect((await app.client().get('/api/auth/providers')).json).toEqual({ google: true });
    const plain = await startAuthApp();
    expect((await plain.client().get('/api/auth/providers')).json).toEqual({ google: false });
    expect((await plain.client().get('/api/auth/google')).status).toBe(404);
    await plain.close();
  });

  it('new user end to end: PKCE, session, return path, then completes the profile', async () => {
    const browser = app.client();
    const flow = await goToGoogle(idp, browser, '/rentalgame/createnewgame');

    expect(flow.authorizeUrl.searchParams.get('client_id')).toBe('zed-web');
    expect(flow.authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(flow.authorizeUrl.searchParams.get('redirect_uri')).toBe(
      `${app.publicUrl}/api/auth/google/callback`,
    );
    expect(flow.authorizeUrl.searchParams.get('scope')).toBe('openid email profile');
    const state = flow.authorizeUrl.searchParams.get('state')!;
    expect(browser.cookies.get('google_oauth_state')).toBe(state);
    for (const header of flow.start.setCookies) {
      expect(header).toMatch(/; HttpOnly; SameSite=Lax; Path=\/; Max-Age=600$/);
    }

    googleSays(idp, {
      sub: 'google-sub-1',
      email: 'Ada.Phiri@gmail.com',
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Phiri',
    });
    const back = await browser.get(callbackPath(flow.callbackUrl));
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/rentalgame/createnewgame');
    expect(browser.cookies.get('session')).toMatch(/^[a-z2-7]{32}$/);
    expect(browser.cookies.has('google_oauth_state')).toBe(false);
    expect(browser.cookies.has('google_code_verifier')).toBe(false);

    // The verifier really went to the token endpoint, and it answers the challenge.
    const verifier = flow.tokenRequest?.code_verifier;
    expect(typeof verifier).toBe('string');
    expect(createHash('sha256').update(String(verifier)).digest('base64url')).toBe(
      flow.authorizeUrl.searchParams.get('code_challenge'),
    );

    const me = await browser.get('/api/me');
    expect(me.json.user).toMatchObject({
      firstName: 'Ada',
      lastName: 'Phiri',
      email: 'ada.phiri@gmail.com',
      phone: '',
      isGuest: false,
    });

    expect(
      (await browser.patch('/api/me', { firstName: 'Ada', lastName: 'Phiri', phone: '123' })).json,
    ).toEqual({
      error: 'Please enter a valid Zambian phone number (e.g., 096...).',
      code: 'invalid_phone',
    });
    const completed = await browser.patch('/api/me', {
      firstName: ' Ada ',
      lastName: 'Phiri',
      phone: '0771234567',
    });
    expect(completed.status).toBe(200);
    expect(completed.json.user).toMatchObject({ firstName: 'Ada', phone: '0771234567' });
    expect((await browser.get('/api/me')).json.user).toEqual(completed.json.user);

    // Signing in again finds the same person by subject.
    const again = app.client('10.0.0.2');
    const second = await goToGoogle(idp, again);
    googleSays(idp, { sub: 'google-sub-1', email: 'ada.phiri@gmail.com', email_verified: true });
    const back2 = await again.get(callbackPath(second.callbackUrl));
    expect(back2.headers.get('location')).toBe('/rentalgame/dashboard');
    expect((await again.get('/api/me')).json.user).toEqual(completed.json.user);
  });

  it('refuses a state that does not match the cookie, and starts no session', async () => {
    const browser = app.client();
    const flow = await goToGoogle(idp, browser);
    const forged = new URL(flow.callbackUrl);
    forged.searchParams.set('state', 'attacker-state');
    const answer = await browser.get(callbackPath(forged));
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(
      `/auth?error=${encodeURIComponent('Google sign-in failed. Please try again.')}&code=google_failed`,
    );
    expect(browser.cookies.has('session')).toBe(false);
    expect(flow.tokenRequest).toBeNull();

    // A callback without the cookies (another browser) is refused too.
    const stranger = app.client('10.0.0.3');
    const other = await stranger.get(callbackPath(flow.callbackUrl));
    expect(other.status).toBe(302);
    expect(stranger.cookies.has('session')).toBe(false);
    expect((await app.db.database.read.select().from(users)).length).toBe(0);
  });

  it('links an existing account only when Google verified the email', async () => {
    const person = newPerson({ email: 'linked@example.zm' });
    const owner = app.client();
    const created = await owner.post('/api/auth/signup', person);

    const impostor = app.client('10.0.0.4');
    const first = await goToGoogle(idp, impostor);
    googleSays(idp, { sub: 'google-sub-x', email: 'linked@example.zm', email_verified: false });
    await impostor.get(callbackPath(first.callbackUrl));
    const impostorUser = (await impostor.get('/api/me')).json.user as Record<string, unknown>;
    expect(impostorUser.id).not.toBe((created.json.user as { id: string }).id);
    expect(impostorUser.email).toBe('');

    // The account's own address is proved by its mail link (see account-takeover.test.ts for one
    // that is not).
    const link = await app.mailedLink('linked@example.zm', '/auth/verify');
    await owner.post('/api/auth/email/verify', { token: link.searchParams.get('token') });
    const verified = (await owner.get('/api/me')).json.user;

    const real = app.client('10.0.0.5');
    const second = await goToGoogle(idp, real);
    googleSays(idp, { sub: 'google-sub-y', email: 'LINKED@example.zm', email_verified: true });
    await real.get(callbackPath(second.callbackUrl));
    expect((await real.get('/api/me')).json.user).toEqual(verified);
    expect((created.json.user as { id: string }).id).toBe((verified as { id: string }).id);
    const [row] = await app.db.database.read
      .select()
      .from(users)
      .where(eq(users.email, 'linked@example.zm'));
    expect(row!.googleSub).toBe('google-sub-y');
  });

  it('stores no email from Google that is not one plain address, verified or not', async () => {
    const browser = app.client('10.0.0.6');
    const flow = await goToGoogle(idp, browser);
    googleSays(idp, {
      sub: 'google-sub-list',
      email: 'victim@x,evil.example',
      email_verified: true,
    });
    await browser.get(callbackPath(flow.callbackUrl));
    const user = (await browser.get('/api/me')).json.user as {
      email: string;
      emailVerified: boolean;
    };
    expect(user).toMatchObject({ email: '', emailVerified: false });
  });

  it('never redirects off the site, and reports a provider failure without a session', async () => {
    expectConsoleError(/"scope":"auth".*invalid_grant.*"msg":"google sign-in failed"/);
    const browser = app.client();
    const flow = await goToGoogle(idp, browser, 'https://evil.example/steal');
    googleSays(idp, { sub: 'google-sub-2', email: 'b@gmail.com', email_verified: true });
    const back = await browser.get(callbackPath(flow.callbackUrl));
    expect(back.headers.get('location')).toBe('/rentalgame/dashboard');

    const sneakyPaths = [
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/.//evil.example',
      '/%2e//evil.example',
      '/a/..//evil.example',
    ];
    for (const sneaky of sneakyPaths) {
      const f = await goToGoogle(idp, app.client('10.0.0.9'), sneaky);
      const returnCookie = f.start.setCookies.find((c) => c.startsWith('google_return_to='));
      expect(returnCookie).toMatch(/^google_return_to=%2Frentalgame%2Fdashboard;/);
    }

    const logs = captureConsole();
    try {
      const unlucky = app.client('10.0.0.10');
      const failing = await goToGoogle(idp, unlucky);
      idp.service.once('beforeResponse', (response: MutableResponse) => {
        response.statusCode = 400;
        response.body = { error: 'invalid_grant' };
      });
      const answer = await unlucky.get(callbackPath(failing.callbackUrl));
      expect(answer.headers.get('location')).toMatch(/^\/auth\?error=/);
      expect(unlucky.cookies.has('session')).toBe(false);
    } finally {
      logs.restore();
    }
    expect(logs.lines.join('\n')).toMatch(/google sign-in failed/);
  });
});
