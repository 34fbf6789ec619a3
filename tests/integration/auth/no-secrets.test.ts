import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '#db/schema/people.ts';
import { hashToken } from '#site/server/auth/tokens.ts';
import { expectConsoleError } from '#tests/support/console-errors.ts';
import { captureConsole, newPerson, startAuthApp, type AuthApp } from './harness';

let app: AuthApp;

beforeAll(async () => {
  app = await startAuthApp();
});
afterAll(async () => {
  await app.close();
});

describe('secrets', () => {
  it('no answer and no log line carries a password, a hash or a token', async () => {
    // The two database failures the test provokes are logged.
    expectConsoleError(/"msg":"auth route failed"/, /"msg":"profile update failed"/);
    const logs = captureConsole();
    const person = newPerson();
    const late = newPerson();
    const client = app.client();
    const tokens: string[] = [];
    try {
      await client.post('/api/auth/signup', person);
      tokens.push(client.cookies.get('session')!);
      await client.post('/api/auth/signup', person); // duplicate
      await client.post('/api/auth/login', {
        email: person.email,
        password: `${person.password}x`,
      });
      await client.post('/api/auth/login', { email: person.email, password: person.password });
      tokens.push(client.cookies.get('session')!);
      await client.get('/api/me');
      await client.patch('/api/me', { firstName: 'A', lastName: 'B', phone: 'bad' });
      await client.patch('/api/me', { firstName: 'A', lastName: 'B', phone: '0951234567' });
      await client.post('/api/auth/login', '{"email":');
      for (let i = 0; i < 8; i++) {
        await client.post('/api/auth/login', { email: person.email, password: 'guess' });
      }
      // Database failures on the way: the logged errors must not quote the queries' parameters
      // (the insert's parameters hold the new password hash).
      await app.db.database.client.execute(
        "CREATE TRIGGER refuse_signup BEFORE INSERT ON users BEGIN SELECT RAISE(ABORT, 'refused'); END",
      );
      expect(await client.post('/api/auth/signup', late)).toMatchObject({
        status: 500,
        json: { error: 'Something went wrong. Please try again.' },
      });
      await app.db.database.client.execute(
        "CREATE TRIGGER refuse_users BEFORE UPDATE ON users BEGIN SELECT RAISE(ABORT, 'refused'); END",
      );
      const failed = await client.patch('/api/me', {
        firstName: 'C',
        lastName: 'D',
        phone: '0951234567',
      });
      expect(failed).toMatchObject({
        status: 500,
        json: { error: 'Failed to complete profile. Please try again.' },
      });
      await client.post('/api/auth/logout');
    } finally {
      logs.restore();
    }

    const [row] = await app.db.database.read.select().from(users);
    const secrets = [
      person.password,
      late.password,
      row!.passwordHash!,
      ...tokens,
      ...tokens.map(hashToken),
      ...(await app.db.database.read.select().from(sessions)).map((s) => s.id),
    ];
    const seen = [...client.bodies, ...logs.lines].join('\n');
    expect(logs.lines.some((line) => line.includes('"msg":"profile update failed"'))).toBe(true);
    expect(
      logs.lines.some(
        (line) =>
          line.includes('"error":"Error: Failed query: insert') &&
          line.includes('"msg":"auth route failed"'),
      ),
    ).toBe(true);
    for (const secret of secrets) expect(seen).not.toContain(secret);
    expect(seen).not.toMatch(/argon2/);
  });
});
