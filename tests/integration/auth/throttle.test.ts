import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loginThrottle } from '#db/schema/people.ts';
import {
  accountPolicy,
  addressPolicy,
  afterFailure,
  type ThrottlePolicy,
  type ThrottleState,
} from '#site/server/auth/throttle-policy.ts';
import type { HttpClient } from '#tests/support/http-client.ts';
import { newPerson, startAuthApp, type AuthApp } from './harness';

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

async function seedFailures(key: string, policy: ThrottlePolicy, failures: number) {
  let state: ThrottleState | null = null;
  for (let i = 0; i < failures; i++) state = afterFailure(policy, state, app.now());
  await app.db.database.write((tx) => tx.insert(loginThrottle).values({ key, ...state! }));
}

function wrong(client: HttpClient, email = person.email) {
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
      const wait = seconds === 1 ? '1 second' : `${seconds} seconds`;
      expect(blocked.json).toEqual({
        error: `Too many login attempts. Please wait ${wait} and try again.`,
        code: 'rate_limited',
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

  it('counts unknown emails against the address, with room for the many people behind it', async () => {
    const scanner = app.client('10.0.0.77');
    for (let i = 0; i < 51; i++) {
      expect((await wrong(scanner, `nobody${i}@example.zm`)).status).toBe(401);
    }
    const blocked = await wrong(scanner, 'someone-else@example.zm');
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('1');
  });

  it('forgives the address one failure every 20 seconds', async () => {
    const scanner = app.client('10.0.0.78');
    for (let i = 0; i < 51; i++) await wrong(scanner, `nobody${i}@example.zm`);
    // A slow, steady trickle (one failure per 20 s) never meets a block.
    for (let i = 0; i < 5; i++) {
      app.advance(20_000);
      expect((await wrong(scanner, `later${i}@example.zm`)).status).toBe(401);
    }
  });

  it('never locks the owner out beyond a minute, and success resets the account', async () => {
    // A long history of failures from one address against this account, all just now.
    await seedFailures(`acct:${person.email}`, accountPolicy, 80);
    await seedFailures('ip:10.0.0.66', addressPolicy, 80);
    const attacker = app.client('10.0.0.66');
    const owner = app.client('10.5.5.5');
    expect((await wrong(attacker)).headers.get('retry-after')).toBe('300');

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
    // The owner's address got its reserved failure back: nothing is held against it.
    expect(keys).toEqual(['ip:10.0.0.66']);
    // The attacker's address stays blocked for its own 5 minutes.
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
