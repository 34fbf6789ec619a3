import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loginThrottle } from '../../../db/schema';
import { recordLoginFailure } from '../../../site/server/auth/throttle';
import { newPerson, startAuthApp, type AuthApp, type Client } from './harness';

let app: AuthApp;
let person: ReturnType<typeof newPerson>;

beforeEach(async () => {
  app = await startAuthApp();
  person = newPerson();
  await app.client('10.9.9.9').post('/api/auth/signup', person);
});
afterEach(async () => {
  await app.close();
});

function wrong(client: Client, email = person.email) {
  return client.post('/api/auth/login', { email, password: 'wrong-password' });
}

describe('login throttling', () => {
  it('allows five failures, then delays 1 s, 2 s, 4 s with 429 and Retry-After', async () => {
    const attacker = app.client('10.0.0.66');
    for (let i = 0; i < 6; i++) expect((await wrong(attacker)).status).toBe(401);

    for (const seconds of [1, 2, 4]) {
      const blocked = await wrong(attacker);
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('retry-after')).toBe(String(seconds));
      expect(blocked.json).toEqual({
        error: `Too many login attempts. Please wait ${seconds} seconds and try again.`,
      });
      // Even the right password waits: the block is checked before the password.
      const right = await attacker.post('/api/auth/login', {
        email: person.email,
        password: person.password,
      });
      expect(right.status).toBe(429);
      app.advance(seconds * 1000);
      expect((await wrong(attacker)).status).toBe(401);
    }
  });

  it('counts unknown emails against the address', async () => {
    const scanner = app.client('10.0.0.77');
    for (let i = 0; i < 6; i++) {
      expect((await wrong(scanner, `nobody${i}@example.zm`)).status).toBe(401);
    }
    const blocked = await wrong(scanner, 'someone-else@example.zm');
    expect(blocked.status).toBe(429);
  });

  it('never locks the owner out beyond a minute, and success resets the account', async () => {
    for (let i = 0; i < 40; i++) {
      await recordLoginFailure(
        app.db.database,
        { email: person.email, address: '10.0.0.66' },
        app.now(),
      );
    }
    const attacker = app.client('10.0.0.66');
    const owner = app.client('10.5.5.5');
    expect((await wrong(attacker)).headers.get('retry-after')).toBe('900');

    const ownerBlocked = await owner.post('/api/auth/login', {
      email: person.email,
      password: person.password,
    });
    expect(ownerBlocked.status).toBe(429);
    expect(ownerBlocked.headers.get('retry-after')).toBe('60');

    app.advance(60_000);
    const ownerIn = await owner.post('/api/auth/login', {
      email: person.email,
      password: person.password,
    });
    expect(ownerIn.status).toBe(200);
    const keys = (await app.db.database.read.select().from(loginThrottle)).map((row) => row.key);
    expect(keys).toEqual(['ip:10.0.0.66']);
    // The attacker's address stays blocked for its own 15 minutes.
    expect((await wrong(attacker)).status).toBe(429);
  });

  it('keeps its state in the database, so a restarted process still remembers', async () => {
    const attacker = app.client('10.0.0.88');
    for (let i = 0; i < 6; i++) await wrong(attacker);
    const rows = await app.db.database.read.select().from(loginThrottle);
    expect(rows.map((row) => [row.key, row.failures]).sort()).toEqual([
      [`acct:${person.email}`, 6],
      ['ip:10.0.0.88', 6],
    ]);
  });
});
