// Pre-hijack through Google sign-in: an account registered with someone else's address must never
// be joined by that address's Google sign-in until the address is proved; linking Google from a
// signed-in session needs the password and ends every other session.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { OAuth2Server } from 'oauth2-mock-server';
import { users } from '#db/schema/people.ts';
import {
  callbackPath,
  googleConfigOf,
  googleSays,
  goToGoogle,
  startIdp,
  throughProvider,
} from './google-idp';
import type { HttpClient } from '#tests/support/http-client.ts';
import { newPerson, startAuthApp, type AuthApp } from './harness';

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

async function userRow(email: string) {
  const [row] = await app.db.database.read.select().from(users).where(eq(users.email, email));
  return row!;
}

async function googleSignIn(client: HttpClient, claims: Record<string, unknown>) {
  const flow = await goToGoogle(idp, client);
  googleSays(idp, claims);
  return client.get(callbackPath(flow.callbackUrl));
}

const OWNER_GOOGLE = {
  sub: 'google-owner',
  email: 'victim@gmail.com',
  email_verified: true,
  given_name: 'Thandiwe',
  family_name: 'Zulu',
};

describe('Google sign-in and an unproved email (pre-hijack)', () => {
  it('never joins the squatter; the owner proves the address by reset, then Google joins', async () => {
    const squatter = app.client('10.0.0.66');
    const squat = newPerson({ email: 'victim@gmail.com' });
    expect((await squatter.post('/api/auth/signup', squat)).status).toBe(201);
    const squatterId = ((await squatter.get('/api/me')).json.user as { id: string }).id;
    // The squatter knows the password, so they can link their own Google account to it.
    const linkStart = await squatter.post('/api/auth/google/link', { password: squat.password });
    const linkFlow = await throughProvider(idp, linkStart);
    googleSays(idp, { sub: 'google-squatter', email: 'squatter@gmail.com', email_verified: true });
    await squatter.get(callbackPath(linkFlow.callbackUrl));
    expect((await userRow('victim@gmail.com')).googleSub).toBe('google-squatter');

    // The owner signs in with Google: refused, told how to link, no session, nothing linked.
    const owner = app.client('10.0.0.7');
    const refused = await googleSignIn(owner, OWNER_GOOGLE);
    expect(refused.status).toBe(302);
    const location = new URL(refused.headers.get('location')!, app.publicUrl);
    expect(location.pathname).toBe('/auth');
    expect(location.searchParams.get('code')).toBe('google_link_required');
    expect(location.searchParams.get('error')).toMatch(/sign in with its password/i);
    expect(owner.cookies.has('session')).toBe(false);
    expect((await userRow('victim@gmail.com')).googleSub).toBe('google-squatter');
    // Nor was a second account made with the address.
    expect(await app.db.database.read.select().from(users)).toHaveLength(1);
    // The squatter's session is untouched (it is not ours to end: the address is not proved).
    expect((await squatter.get('/api/me')).status).toBe(200);

    // The owner reads their inbox: a reset link proves the address and ends every session.
    expect(
      (await owner.post('/api/auth/password/forgot', { email: 'victim@gmail.com' })).status,
    ).toBe(202);
    const link = await app.mailedLink('victim@gmail.com', '/auth/reset');
    const reset = await owner.post('/api/auth/password/reset', {
      token: link.searchParams.get('token'),
      password: 'owner-takes-it-back',
    });
    expect(reset.status).toBe(200);
    expect((await squatter.get('/api/me')).status).toBe(401);
    const oldPassword = await app
      .client('10.0.0.67')
      .post('/api/auth/login', { email: 'victim@gmail.com', password: squat.password });
    expect(oldPassword.status).toBe(401);
    // …and the squatter's Google no longer leads into the account.
    expect((await userRow('victim@gmail.com')).googleSub).toBeNull();
    const squatterAgain = app.client('10.0.0.68');
    await googleSignIn(squatterAgain, {
      sub: 'google-squatter',
      email: 'squatter@gmail.com',
      email_verified: true,
    });
    const elsewhere = (await squatterAgain.get('/api/me')).json.user as { id: string };
    expect(elsewhere.id).not.toBe(squatterId);

    // Now Google joins the proved account.
    const joined = await googleSignIn(owner, OWNER_GOOGLE);
    expect(joined.status).toBe(302);
    expect(joined.headers.get('location')).toBe('/rentalgame/dashboard');
    const me = (await owner.get('/api/me')).json.user as { id: string; emailVerified: boolean };
    expect(me).toMatchObject({ id: squatterId, emailVerified: true });
    expect((await userRow('victim@gmail.com')).googleSub).toBe('google-owner');
  });

  it('joins an account whose email was verified by the mail link, and ends its other sessions', async () => {
    const person = newPerson({ email: 'proved@gmail.com' });
    const first = app.client();
    await first.post('/api/auth/signup', person);
    const verify = await app.mailedLink('proved@gmail.com', '/auth/verify');
    expect(
      (await first.post('/api/auth/email/verify', { token: verify.searchParams.get('token') }))
        .status,
    ).toBe(200);

    const phone = app.client('10.0.0.8');
    const back = await googleSignIn(phone, { ...OWNER_GOOGLE, email: 'proved@gmail.com' });
    expect(back.headers.get('location')).toBe('/rentalgame/dashboard');
    expect((await phone.get('/api/me')).status).toBe(200);
    expect((await first.get('/api/me')).status).toBe(401);
  });

  it('a Google sign-up with a verified address counts as proved', async () => {
    const client = app.client();
    await googleSignIn(client, { ...OWNER_GOOGLE, email: 'new@gmail.com' });
    expect((await client.get('/api/me')).json.user).toMatchObject({
      email: 'new@gmail.com',
      emailVerified: true,
    });
  });
});

describe('linking Google from a signed-in session', () => {
  async function signedIn(email: string, address = '10.0.1.1') {
    const person = newPerson({ email });
    const client = app.client(address);
    await client.post('/api/auth/signup', person);
    return { person, client };
  }

  it('needs the password, links THAT account and ends every other session', async () => {
    const { person, client } = await signedIn('linker@example.zm');
    const laptop = app.client('10.0.1.2');
    await laptop.post('/api/auth/login', { email: person.email, password: person.password });
    expect((await laptop.get('/api/me')).status).toBe(200);

    expect((await client.get('/api/me/security')).json).toEqual({
      emailVerified: false,
      hasPassword: true,
      googleLinked: false,
      googleAvailable: true,
    });
    const wrong = await client.post('/api/auth/google/link', { password: 'not-my-password' });
    expect(wrong.status).toBe(403);
    expect(wrong.json).toEqual({
      error: 'Incorrect password. Please try again.',
      code: 'wrong_password',
    });

    const start = await client.post('/api/auth/google/link', { password: person.password });
    expect(start.status).toBe(200);
    const flow = await throughProvider(idp, start);
    googleSays(idp, {
      sub: 'google-linker',
      email: 'someone.else@gmail.com',
      email_verified: true,
    });
    const back = await client.get(callbackPath(flow.callbackUrl));
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/rentalgame/account?linked=google');

    expect((await userRow('linker@example.zm')).googleSub).toBe('google-linker');
    expect((await client.get('/api/me/security')).json).toMatchObject({ googleLinked: true });
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await laptop.get('/api/me')).status).toBe(401);

    // From now on Google signs this person in.
    const phone = app.client('10.0.1.3');
    await googleSignIn(phone, { sub: 'google-linker', email: 'someone.else@gmail.com' });
    expect((await phone.get('/api/me')).json.user).toMatchObject({ email: 'linker@example.zm' });
  });

  it('is bound to the user who entered the password', async () => {
    const a = await signedIn('first.person@example.zm');
    const start = await a.client.post('/api/auth/google/link', { password: a.person.password });
    expect(start.status).toBe(200);
    const flow = await throughProvider(idp, start);

    // Someone else signs in on the same browser before the return from Google.
    const b = newPerson({ email: 'second.person@example.zm' });
    await app.client('10.0.1.9').post('/api/auth/signup', b);
    await a.client.post('/api/auth/login', { email: b.email, password: b.password });

    googleSays(idp, { sub: 'google-bound', email: 'x@gmail.com', email_verified: true });
    const back = await a.client.get(callbackPath(flow.callbackUrl));
    expect(back.status).toBe(302);
    expect(new URL(back.headers.get('location')!, app.publicUrl).searchParams.get('code')).toBe(
      'google_link_failed',
    );
    expect((await userRow('first.person@example.zm')).googleSub).toBeNull();
    expect((await userRow('second.person@example.zm')).googleSub).toBeNull();
  });

  it('refuses a Google account already linked to another account', async () => {
    const other = app.client('10.0.2.1');
    await googleSignIn(other, {
      sub: 'google-taken',
      email: 'taken@gmail.com',
      email_verified: true,
    });

    const { person, client } = await signedIn('wants.it@example.zm', '10.0.2.2');
    const start = await client.post('/api/auth/google/link', { password: person.password });
    const flow = await throughProvider(idp, start);
    googleSays(idp, { sub: 'google-taken', email: 'taken@gmail.com', email_verified: true });
    const back = await client.get(callbackPath(flow.callbackUrl));
    expect(new URL(back.headers.get('location')!, app.publicUrl).searchParams.get('code')).toBe(
      'google_already_linked',
    );
    expect((await userRow('wants.it@example.zm')).googleSub).toBeNull();
  });

  it('guests and signed-out visitors cannot start it', async () => {
    expect((await app.client().post('/api/auth/google/link', { password: 'x' })).status).toBe(401);
    const guest = app.client();
    await guest.post('/api/auth/guest');
    expect((await guest.post('/api/auth/google/link', { password: 'x' })).status).toBe(403);
  });
});
