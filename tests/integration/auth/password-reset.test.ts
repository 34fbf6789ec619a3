// Forgotten and changed passwords: a reset never tells whether an address has an account, its link
// works once for a short while, and it ends every session; a change ends every other session.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newPerson, startAuthApp, type AuthApp } from './harness';

const MINUTE = 60 * 1000;
let app: AuthApp;

beforeEach(async () => {
  app = await startAuthApp();
});
afterEach(async () => {
  await app.close();
});

async function signUp(email: string, address = '10.0.0.1') {
  const person = newPerson({ email });
  const client = app.client(address);
  expect((await client.post('/api/auth/signup', person)).status).toBe(201);
  return { person, client };
}

async function resetToken(email: string): Promise<string> {
  const link = await app.mailedLink(email, '/auth/reset');
  expect(link.origin).toBe(new URL(app.publicUrl).origin);
  return link.searchParams.get('token')!;
}

describe('forgot password', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    await signUp('known@example.zm');
    const known = await app
      .client()
      .post('/api/auth/password/forgot', { email: 'KNOWN@example.zm' });
    const unknown = await app
      .client()
      .post('/api/auth/password/forgot', { email: 'ghost@example.zm' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.text).toBe(unknown.text);
    expect(known.json).toEqual({
      message: 'If an account exists for that address, we sent a link to reset its password.',
    });
    const mails = (await app.mails()).filter((m) => m.subject.match(/reset/i));
    expect(mails.map((m) => m.to)).toEqual(['known@example.zm']);
  });

  it('refuses a malformed address (that reveals nothing)', async () => {
    const answer = await app.client().post('/api/auth/password/forgot', { email: 'nope' });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ error: 'Please enter a valid email address.' });
  });
});

describe('reset password', () => {
  it('sets the password, ends every session, and the link works once', async () => {
    const { person, client } = await signUp('reset.me@example.zm');
    const phone = app.client('10.0.0.2');
    await phone.post('/api/auth/login', { email: person.email, password: person.password });

    await app.client().post('/api/auth/password/forgot', { email: person.email });
    const token = await resetToken(person.email);
    const reset = await app
      .client('10.0.0.3')
      .post('/api/auth/password/reset', { token, password: 'brand-new-secret' });
    expect(reset.status).toBe(200);
    expect(reset.setCookies).toEqual([]);

    expect((await client.get('/api/me')).status).toBe(401);
    expect((await phone.get('/api/me')).status).toBe(401);
    const old = await app
      .client('10.0.0.4')
      .post('/api/auth/login', { email: person.email, password: person.password });
    expect(old.status).toBe(401);
    const fresh = app.client('10.0.0.5');
    const login = await fresh.post('/api/auth/login', {
      email: person.email,
      password: 'brand-new-secret',
    });
    expect(login.status).toBe(200);
    // The link came to the inbox: the address is proved too.
    expect(login.json.user).toMatchObject({ emailVerified: true });

    const replay = await app
      .client()
      .post('/api/auth/password/reset', { token, password: 'another-new-secret' });
    expect(replay.status).toBe(400);
    expect(replay.json).toEqual({
      error: 'This link is not valid any more. Ask for a new one.',
      code: 'token_invalid',
    });
  });

  it('keeps the token when the new password is refused', async () => {
    const { person } = await signUp('picky@example.zm');
    await app.client().post('/api/auth/password/forgot', { email: person.email });
    const token = await resetToken(person.email);
    const weak = await app.client().post('/api/auth/password/reset', { token, password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.json).toEqual({
      error: 'Password should be at least 8 characters long.',
      code: 'weak_password',
    });
    const common = await app
      .client()
      .post('/api/auth/password/reset', { token, password: 'Password123' });
    expect(common.json).toMatchObject({ code: 'common_password' });
    const ok = await app
      .client()
      .post('/api/auth/password/reset', { token, password: 'a-much-better-one' });
    expect(ok.status).toBe(200);
  });

  it('expires after an hour, and a newer request voids the older link', async () => {
    const { person } = await signUp('slow@example.zm');
    await app.client().post('/api/auth/password/forgot', { email: person.email });
    const first = await resetToken(person.email);
    app.advance(61 * MINUTE);
    const late = await app
      .client()
      .post('/api/auth/password/reset', { token: first, password: 'too-late-now-1' });
    expect(late.status).toBe(400);
    expect(late.json).toMatchObject({ code: 'token_expired' });

    await app.client().post('/api/auth/password/forgot', { email: person.email });
    const second = await resetToken(person.email);
    app.advance(2 * MINUTE);
    await app.client().post('/api/auth/password/forgot', { email: person.email });
    await app.mailIdle();
    const third = await resetToken(person.email);
    expect(third).not.toBe(second);
    const voided = await app
      .client()
      .post('/api/auth/password/reset', { token: second, password: 'voided-attempt-1' });
    expect(voided.json).toMatchObject({ code: 'token_invalid' });
    const used = await app
      .client()
      .post('/api/auth/password/reset', { token: third, password: 'latest-link-wins' });
    expect(used.status).toBe(200);
  });

  it('two uses of one link at once: exactly one wins', async () => {
    const { person } = await signUp('race@example.zm');
    await app.client().post('/api/auth/password/forgot', { email: person.email });
    const token = await resetToken(person.email);
    const answers = await Promise.all(
      ['first-racer-pass', 'second-racer-pass'].map((password) =>
        app.client().post('/api/auth/password/reset', { token, password }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });
});

describe('change password (signed in)', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const { person, client } = await signUp('changer@example.zm');
    const tablet = app.client('10.0.0.2');
    await tablet.post('/api/auth/login', { email: person.email, password: person.password });

    const wrong = await client.post('/api/me/password', {
      currentPassword: 'not-the-password',
      newPassword: 'next-secret-word',
    });
    expect(wrong.status).toBe(403);
    expect(wrong.json).toEqual({
      error: 'Incorrect password. Please try again.',
      code: 'wrong_password',
    });
    const weak = await client.post('/api/me/password', {
      currentPassword: person.password,
      newPassword: '1234567',
    });
    expect(weak.json).toMatchObject({ code: 'weak_password' });

    const changed = await client.post('/api/me/password', {
      currentPassword: person.password,
      newPassword: 'next-secret-word',
    });
    expect(changed.status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await tablet.get('/api/me')).status).toBe(401);
    const login = await app
      .client('10.0.0.9')
      .post('/api/auth/login', { email: person.email, password: 'next-secret-word' });
    expect(login.status).toBe(200);
  });

  it('is throttled like a login after repeated wrong passwords', async () => {
    const { person, client } = await signUp('guesser@example.zm');
    let last = await client.post('/api/me/password', {
      currentPassword: 'guess-0000',
      newPassword: 'whatever-new-1',
    });
    for (let i = 1; i < 12 && last.status !== 429; i += 1) {
      last = await client.post('/api/me/password', {
        currentPassword: `guess-${i}`,
        newPassword: 'whatever-new-1',
      });
    }
    expect(last.status).toBe(429);
    expect(last.headers.get('retry-after')).toMatch(/^\d+$/);
    // Even the right password waits now.
    const right = await client.post('/api/me/password', {
      currentPassword: person.password,
      newPassword: 'whatever-new-1',
    });
    expect(right.status).toBe(429);
  });
});
