// Proving an email: the link mailed at sign-up (and on request), single use, short-lived, stored
// only as a hash.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFile, stat } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { emailTokens } from '#db/schema/people.ts';
import { hashToken } from '#site/server/auth/tokens.ts';
import { newPerson, startAuthApp, type AuthApp } from './harness';

const HOUR = 60 * 60 * 1000;
let app: AuthApp;

beforeEach(async () => {
  app = await startAuthApp();
});
afterEach(async () => {
  await app.close();
});

async function signUp(email: string) {
  const client = app.client();
  const answer = await client.post('/api/auth/signup', newPerson({ email }));
  expect(answer.status).toBe(201);
  return { client, user: answer.json.user as Record<string, unknown> };
}

describe('email verification', () => {
  it('sign-up mails a link on PUBLIC_URL; the link verifies once', async () => {
    const { client, user } = await signUp('Verify.Me@Example.ZM');
    expect(user.emailVerified).toBe(false);

    const link = await app.mailedLink('verify.me@example.zm', '/auth/verify');
    expect(link.origin).toBe(new URL(app.publicUrl).origin);
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    const [mail] = await app.mails();
    expect(mail!.subject).toMatch(/confirm your email/i);

    // Opened anywhere (no session needed), it marks the email verified.
    const verified = await app.client('10.9.9.9').post('/api/auth/email/verify', { token });
    expect(verified.status).toBe(200);
    expect(verified.json).toEqual({ emailVerified: true });
    expect((await client.get('/api/me')).json.user).toMatchObject({ emailVerified: true });

    const again = await app.client().post('/api/auth/email/verify', { token });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ code: 'token_invalid' });
  });

  it('stores only the SHA-256 of the token, and the outbox file is private', async () => {
    await signUp('hashed@example.zm');
    const link = await app.mailedLink('hashed@example.zm', '/auth/verify');
    const token = link.searchParams.get('token')!;
    const rows = await app.db.database.read.select().from(emailTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await readFile(app.db.url.slice('file:'.length))).not.toContain(Buffer.from(token));

    const [mail] = await app.mails();
    expect((await stat(mail!.file)).mode & 0o777).toBe(0o600);
    expect((await stat(app.outboxDir)).mode & 0o777).toBe(0o700);
  });

  it('expires after 24 hours', async () => {
    const { client } = await signUp('late@example.zm');
    const token = (await app.mailedLink('late@example.zm', '/auth/verify')).searchParams.get(
      'token',
    );
    app.advance(24 * HOUR + 1);
    const late = await client.post('/api/auth/email/verify', { token });
    expect(late.status).toBe(400);
    expect(late.json).toEqual({
      error: 'This link has expired. Ask for a new one.',
      code: 'token_expired',
    });
    expect((await client.get('/api/me')).json.user).toMatchObject({ emailVerified: false });
  });

  it('refuses a forged, malformed or reset token', async () => {
    for (const token of ['a'.repeat(32), 'nope', 42, undefined]) {
      const answer = await app.client().post('/api/auth/email/verify', { token });
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ code: 'token_invalid' });
    }
    await signUp('purpose@example.zm');
    await app.client().post('/api/auth/password/forgot', { email: 'purpose@example.zm' });
    const reset = await app.mailedLink('purpose@example.zm', '/auth/reset');
    const wrongPurpose = await app
      .client()
      .post('/api/auth/email/verify', { token: reset.searchParams.get('token') });
    expect(wrongPurpose.json).toMatchObject({ code: 'token_invalid' });
  });

  it('sends the link again on request (signed in), a minute apart at most once', async () => {
    const { client } = await signUp('again@example.zm');
    await app.mailedLink('again@example.zm', '/auth/verify');
    const tooSoon = await client.post('/api/auth/email/verify-request');
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.json).toMatchObject({ code: 'too_soon' });

    app.advance(61_000);
    const requested = await client.post('/api/auth/email/verify-request');
    expect(requested.status).toBe(202);
    await app.mailIdle();
    expect((await app.mails()).filter((m) => m.to.includes('again@example.zm'))).toHaveLength(2);

    // Both links work until one is used (a person may open the older mail).
    const token = (await app.mailedLink('again@example.zm', '/auth/verify')).searchParams.get(
      'token',
    );
    expect((await client.post('/api/auth/email/verify', { token })).status).toBe(200);
    app.advance(61_000);
    const done = await client.post('/api/auth/email/verify-request');
    expect(done.status).toBe(409);
    expect(done.json).toMatchObject({ code: 'email_already_verified' });
  });

  it('needs a signed-in player to ask', async () => {
    expect((await app.client().post('/api/auth/email/verify-request')).status).toBe(401);
    const guest = app.client();
    await guest.post('/api/auth/guest');
    expect((await guest.post('/api/auth/email/verify-request')).status).toBe(403);
  });

  it('verifies only the address the link was sent to', async () => {
    await signUp('moved@example.zm');
    const token = (await app.mailedLink('moved@example.zm', '/auth/verify')).searchParams.get(
      'token',
    );
    const [row] = await app.db.database.read.select().from(emailTokens);
    await app.db.database.write((tx) =>
      tx.update(emailTokens).set({ email: 'other@example.zm' }).where(eq(emailTokens.id, row!.id)),
    );
    const answer = await app.client().post('/api/auth/email/verify', { token });
    expect(answer.json).toMatchObject({ code: 'token_invalid' });
  });
});
