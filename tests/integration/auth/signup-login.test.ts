import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '#db/schema/people.ts';
import { publicUser } from '#tests/support/public-user.ts';
import { newPerson, startAuthApp, type AuthApp } from './harness';

let app: AuthApp;

beforeAll(async () => {
  app = await startAuthApp();
});
afterAll(async () => {
  await app.close();
});

describe('sign-up through the API', () => {
  it('creates the user and answers 201 {user} with the documented fields only (docs/api.md)', async () => {
    const person = newPerson({ email: 'Chanda.Mulenga@Example.ZM' });
    const answer = await app.client().post('/api/auth/signup', person);
    expect(answer.status).toBe(201);
    expect(answer.json).toEqual({
      user: publicUser({
        id: expect.any(String),
        phone: '0961234567',
        email: 'chanda.mulenga@example.zm',
        emailVerified: false,
      }),
    });
    const [row] = await app.db.database.read
      .select()
      .from(users)
      .where(eq(users.email, 'chanda.mulenga@example.zm'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it.each([
    [{ firstName: '' }, 'First name is required.'],
    [{ lastName: '' }, 'Surname is required.'],
    [{ phone: '' }, 'Phone number is required.'],
    [{ email: '' }, 'Email is required.'],
    [{ password: '' }, 'Password is required.'],
    [{ email: 'mwila@' }, 'Please enter a valid email address.'],
    [{ password: 'abc1234' }, 'Password should be at least 8 characters long.'],
    [{ phone: '0881234567' }, 'Please enter a valid Zambian phone number (e.g., 096...).'],
    [{ firstName: 'N'.repeat(61) }, 'First name must be at most 60 characters.'],
    [{ password: 'p'.repeat(257) }, 'Password must be at most 256 characters long.'],
  ])('refuses %o with 400 and the exact message', async (change, message) => {
    const answer = await app.client().post('/api/auth/signup', newPerson(change));
    expect(answer.status).toBe(400);
    expect(answer.json.error).toBe(message);
    expect(answer.setCookies).toEqual([]);
  });

  it('refuses an email already registered in another case', async () => {
    const person = newPerson({ email: 'twice@example.zm' });
    expect((await app.client().post('/api/auth/signup', person)).status).toBe(201);
    const again = await app
      .client()
      .post('/api/auth/signup', { ...person, email: 'TWICE@Example.zm', firstName: 'Other' });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ error: 'This email is already registered.', code: 'email_taken' });
  });

  it('lets exactly one of many simultaneous sign-ups with one email through', async () => {
    const person = newPerson();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        app.client(`10.1.0.${i}`).post('/api/auth/signup', {
          ...person,
          email: i % 2 ? person.email.toUpperCase() : person.email,
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
  });

  it('refuses an address list as an email: sign-up, login and forgot password', async () => {
    const invalid = { error: 'Please enter a valid email address.', code: 'invalid_email' };
    for (const email of ['victim@x,evil.example', 'victim@example.zm, evil@example.zm']) {
      const signup = await app.client().post('/api/auth/signup', newPerson({ email }));
      expect(signup.status).toBe(400);
      expect(signup.json).toEqual(invalid);
      const login = await app
        .client()
        .post('/api/auth/login', { email, password: 'some-password' });
      expect(login.json).toEqual(invalid);
      const forgot = await app.client().post('/api/auth/password/forgot', { email });
      expect(forgot.json).toEqual(invalid);
    }
    const stored = await app.db.database.read
      .select({ email: users.email })
      .from(users)
      .where(eq(users.email, 'victim@x,evil.example'));
    expect(stored).toEqual([]);
    expect((await app.mails()).filter((mail) => /victim|evil/.test(mail.to))).toEqual([]);
  });

  it('answers 400 with a clear message for a body that is not JSON', async () => {
    const answer = await app.client().post('/api/auth/signup', '{"firstName": ');
    expect(answer).toMatchObject({
      status: 400,
      json: { error: 'The request body is not valid JSON.' },
    });
    const huge = await app.client().post('/api/auth/signup', { pad: 'x'.repeat(20_000) });
    expect(huge.status).toBe(413);
    expect(huge.json.error).toEqual(expect.any(String));
  });
});

describe('login through the API', () => {
  it('answers 200 {user} for the right password, whatever the email case', async () => {
    const person = newPerson();
    const created = await app.client().post('/api/auth/signup', person);
    const answer = await app
      .client()
      .post('/api/auth/login', { email: person.email.toUpperCase(), password: person.password });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ user: created.json.user });
    expect(answer.setCookies[0]).toMatch(/^session=/);
  });

  it('names an unknown email and a wrong password with the spec messages', async () => {
    const person = newPerson();
    await app.client().post('/api/auth/signup', person);
    const unknown = await app
      .client('10.2.0.1')
      .post('/api/auth/login', { email: 'nobody@example.zm', password: 'whatever' });
    expect(unknown).toMatchObject({
      status: 401,
      json: { error: 'no account found with this email' },
    });
    const wrong = await app
      .client('10.2.0.2')
      .post('/api/auth/login', { email: person.email, password: 'not-it' });
    expect(wrong).toMatchObject({
      status: 401,
      json: { error: 'Incorrect password. Please try again.' },
    });
    expect(wrong.setCookies).toEqual([]);
    const invalid = await app.client().post('/api/auth/login', { email: 'x', password: 'y' });
    expect(invalid.json).toEqual({
      error: 'Please enter a valid email address.',
      code: 'invalid_email',
    });
  });
});
