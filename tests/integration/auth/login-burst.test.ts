// Bursts of password checks: wrong logins sent at once meet the answers of a sequence and check no
// more hashes; every password check (log-in, password change, Google link, DELETE /api/me) shares
// the account's lock, so a stolen session cannot guess through the erasure either; and one
// address's burst does not make another address's sign-in wait behind it (docs/decisions/015, 068).
import type * as Argon2 from '@node-rs/argon2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginThrottle } from '#db/schema/people.ts';
import { fundWallet } from '#tests/support/db.ts';
import type { Answer, HttpClient } from '#tests/support/http-client.ts';
import { newPerson, startAuthApp, type AuthApp } from './harness';

// Counts every argon2 verification the real code runs (the dummy one for unknown emails included).
const argon2 = vi.hoisted(() => ({ verifications: 0, onVerify: () => {} }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon2.verifications += 1;
      argon2.onVerify();
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

/** A signed-up person with money in the wallet (so the right password answers balance_not_zero). */
async function personWithMoney(address = '10.7.0.1') {
  const app = await startAuthApp();
  apps.push(app);
  const person = newPerson();
  const owner = app.client(address);
  const signedUp = await owner.post('/api/auth/signup', person);
  expect(signedUp.status).toBe(201);
  await fundWallet(app.db.database, (signedUp.json.user as { id: string }).id, 1000, {
    now: app.now(),
  });
  return { app, person, owner };
}

describe('DELETE /api/me with a stolen session', () => {
  it('refuses a burst of 40 wrong guesses by the throttle long before 40 checks', async () => {
    const { app, owner } = await personWithMoney();
    const thief = app.client('10.7.0.66');
    thief.cookie = owner.cookie;
    const before = argon2.verifications;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        thief.request('DELETE', '/api/me', { password: `wrong-guess-${i}` }),
      ),
    );
    const checked = argon2.verifications - before;
    const codes = answers.map((a) => a.json.code);
    // The account's five free failures and the one that earns the first delay: no more.
    expect(checked).toBeLessThanOrEqual(6);
    expect(codes.filter((c) => c === 'wrong_password')).toHaveLength(checked);
    expect(codes.filter((c) => c === 'rate_limited')).toHaveLength(40 - checked);
    const limited = answers.find((a) => a.status === 429)!;
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('does not confirm the right password while the account is locked; the lock is the login one', async () => {
    const { app, person, owner } = await personWithMoney();
    const thief = app.client('10.7.0.67');
    thief.cookie = owner.cookie;
    for (let i = 0; i < 6; i++) {
      const answer = await thief.request('DELETE', '/api/me', { password: `guess-${i}` });
      expect(answer.json.code).toBe('wrong_password');
    }
    const right = await thief.request('DELETE', '/api/me', { password: person.password });
    expect(right.status).toBe(429);
    expect(right.json.code).toBe('rate_limited');
    // One lock for every check of this account: its log-in and its password change wait too.
    const login = await app
      .client('10.7.0.68')
      .post('/api/auth/login', { email: person.email, password: person.password });
    expect(login.status).toBe(429);
    const change = await owner.post('/api/me/password', {
      currentPassword: person.password,
      newPassword: 'a-brand-new-passphrase',
    });
    expect(change.status).toBe(429);

    app.advance(2_000);
    const confirmed = await thief.request('DELETE', '/api/me', { password: person.password });
    expect(confirmed.json.code).toBe('balance_not_zero');
  });

  it('counts a wrong login against the same account lock', async () => {
    const { app, person, owner } = await personWithMoney();
    const guesser = app.client('10.7.0.69');
    for (let i = 0; i < 6; i++) {
      await guesser.post('/api/auth/login', { email: person.email, password: `guess-${i}` });
    }
    const erase = await owner.request('DELETE', '/api/me', { password: person.password });
    expect(erase.status).toBe(429);
  });
});

describe('argon2 work is bounded per address and overall', () => {
  it("a burst of guesses from one address does not make another address's log-in wait behind it", async () => {
    const { app, owner } = await personWithMoney('10.7.1.1');
    const other = newPerson();
    expect((await app.client('10.7.3.3').post('/api/auth/signup', other)).status).toBe(201);
    const thief = app.client('10.7.2.2');
    thief.cookie = owner.cookie;
    const finished: string[] = [];
    const BURST = 40;
    const started = argon2.verifications;
    // Resolves the moment every guess of the burst has reached its check or was refused without one.
    let atChecks!: () => void;
    const allAtChecks = new Promise<void>((resolve) => (atChecks = resolve));
    const progress = () => {
      const refused = finished.filter((f) => f === 'refused').length;
      if (argon2.verifications - started + refused >= BURST) atChecks();
    };
    argon2.onVerify = progress;
    const bursting = Array.from({ length: BURST }, (_, i) =>
      thief.request('DELETE', '/api/me', { password: `wrong-guess-${i}` }).then((answer) => {
        finished.push(answer.status === 429 ? 'refused' : 'checked');
        progress();
        return answer;
      }),
    );
    await allAtChecks;
    argon2.onVerify = () => {};
    const checkedAtSend = finished.filter((f) => f === 'checked').length;
    const login = await app
      .client('10.7.3.3')
      .post('/api/auth/login', { email: other.email, password: other.password });
    const checkedBeforeLogin = finished.filter((f) => f === 'checked').length;
    expect(login.status).toBe(200);
    await Promise.all(bursting);
    // That sign-in waited for at most the checks already running, not for the burst's queue.
    expect(checkedBeforeLogin - checkedAtSend).toBeLessThanOrEqual(3);
  });
});
