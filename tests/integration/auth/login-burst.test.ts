import type * as Argon2 from '@node-rs/argon2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginThrottle } from '../../../db/schema';
import type { Answer, HttpClient } from '../../support/http-client';
import { newPerson, startAuthApp, type AuthApp } from './harness';

// Counts every argon2 verification the real code runs (the dummy one for unknown emails included).
const argon2 = vi.hoisted(() => ({ verifications: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon2.verifications += 1;
      return real.verify(...args);
    },
  };
});

const ATTEMPTS = 100;
let apps: AuthApp[] = [];

afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
});

async function appWithPerson() {
  const app = await startAuthApp();
  apps.push(app);
  const person = newPerson();
  expect((await app.client('10.9.9.9').post('/api/auth/signup', person)).status).toBe(201);
  return { app, person };
}

function wrong(client: HttpClient, email: string) {
  return client.post('/api/auth/login', { email, password: 'wrong-password' });
}

/** What the person sees, in a form that does not depend on arrival order. */
function summary(answers: Answer[]): string[] {
  return answers
    .map((a) => `${a.status} ${a.headers.get('retry-after') ?? '-'} ${JSON.stringify(a.json)}`)
    .sort();
}

async function counted<T>(run: () => Promise<T>): Promise<{ result: T; verifications: number }> {
  const before = argon2.verifications;
  const result = await run();
  return { result, verifications: argon2.verifications - before };
}

describe('wrong passwords sent all at once', () => {
  it('check no more hashes than the same attempts one after another, with the same answers', async () => {
    const inSequence = await appWithPerson();
    const sequence = await counted(async () => {
      const answers: Answer[] = [];
      const client = inSequence.app.client('10.0.0.66');
      for (let i = 0; i < ATTEMPTS; i++) answers.push(await wrong(client, inSequence.person.email));
      return answers;
    });

    const atOnce = await appWithPerson();
    const burst = await counted(() => {
      const client = atOnce.app.client('10.0.0.66');
      return Promise.all(
        Array.from({ length: ATTEMPTS }, () => wrong(client, atOnce.person.email)),
      );
    });

    expect(sequence.verifications).toBe(6);
    expect(burst.verifications).toBeLessThanOrEqual(sequence.verifications);
    expect(summary(burst.result)).toEqual(summary(sequence.result));
  });

  it('from many addresses at once, the account still allows only its free failures', async () => {
    const { app, person } = await appWithPerson();
    const burst = await counted(() =>
      Promise.all(
        Array.from({ length: ATTEMPTS }, (_, i) => wrong(app.client(`10.1.${i}.1`), person.email)),
      ),
    );
    expect(burst.verifications).toBe(6);
    expect(burst.result.filter((a) => a.status === 401)).toHaveLength(6);
    expect(burst.result.filter((a) => a.status === 429)).toHaveLength(ATTEMPTS - 6);
  });

  it('one address trying many accounts at once gets no more than its own allowance', async () => {
    const { app } = await appWithPerson();
    const scanner = app.client('10.0.0.77');
    const burst = await counted(() =>
      Promise.all(
        Array.from({ length: ATTEMPTS }, (_, i) => wrong(scanner, `nobody${i}@example.zm`)),
      ),
    );
    const allowed = burst.result.filter((a) => a.status === 401).length;
    expect(burst.verifications).toBe(allowed);
    expect(allowed).toBeLessThanOrEqual(51);
    expect(burst.result.filter((a) => a.status === 429)).toHaveLength(ATTEMPTS - allowed);
  });
});

describe('addresses that many people share', () => {
  it('groups IPv6 by /64 and reads IPv4-mapped IPv6 as IPv4', async () => {
    const { app, person } = await appWithPerson();
    await wrong(app.client('2001:db8:1:2::a'), person.email);
    await wrong(app.client('2001:db8:1:2:ffff:1:2:3'), person.email);
    await wrong(app.client('::ffff:10.2.3.4'), person.email);
    const rows = await app.db.database.read.select().from(loginThrottle);
    expect(rows.map((row) => [row.key, row.failures]).sort()).toEqual([
      [`acct:${person.email}`, 3],
      ['ip:10.2.3.4', 1],
      ['ip:2001:db8:1:2::/64', 2],
    ]);
  });

  it('lets a crowd behind one address make typos without locking the address', async () => {
    const { app } = await appWithPerson();
    const cafe = app.client('10.0.0.99');
    // Twenty different people, one typo each: well inside the address's allowance.
    for (let i = 0; i < 20; i++) {
      expect((await wrong(cafe, `person${i}@example.zm`)).status).toBe(401);
    }
  });
});
