// Every password check (log-in, password change, account erasure, Google linking) goes through one
// throttle, shared with the account's login lock, and through one bounded queue for argon2: a stolen
// session cannot guess the password through DELETE /api/me, and one address's burst of checks does
// not make another address's sign-in wait behind it.
import type * as Argon2 from '@node-rs/argon2';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fundWallet } from '../../support/db';
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

let app: AuthApp;
beforeEach(async () => {
  app = await startAuthApp();
});
afterEach(async () => {
  await app.close();
});

/** A signed-up person with money in the wallet (so the right password answers balance_not_zero). */
async function personWithMoney(address = '10.7.0.1') {
  const person = newPerson();
  const owner = app.client(address);
  const signedUp = await owner.post('/api/auth/signup', person);
  expect(signedUp.status).toBe(201);
  await fundWallet(app.db.database, (signedUp.json.user as { id: string }).id, 1000, {
    now: app.now(),
  });
  return { person, owner };
}

describe('DELETE /api/me with a stolen session', () => {
  it('refuses a burst of 40 wrong guesses by the throttle long before 40 checks', async () => {
    const { owner } = await personWithMoney();
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
    const { person, owner } = await personWithMoney();
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
    const { person, owner } = await personWithMoney();
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
    const { owner } = await personWithMoney('10.7.1.1');
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
