// Each expensive endpoint answers 429 {error, code: 'rate_limited'} with Retry-After once over its
// limit, per account and per address, and one abuser does not lock out the others behind the same
// address. The site's own routers over real HTTP and a real libSQL file.
import type * as Argon2 from '@node-rs/argon2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rateLimitCounters } from '#db/schema/people.ts';
import { counterKey } from '#site/server/rate-limit/counters.ts';
import { ENDPOINT_LIMITS, type EndpointLimit } from '#site/server/rate-limit/limits.ts';
import { newPerson, startAuthApp, type AuthApp } from '../auth/harness';
import type { HttpClient } from '#tests/support/http-client.ts';
import { openRoom, startRoomsApp, type RoomsApp, type TestUser } from '#tests/support/rooms-app.ts';
import { startWalletApp, type WalletApp } from '#tests/support/wallet-app.ts';

// Counts every argon2 hash the real code makes (a sign-up hashes its password).
const argon2 = vi.hoisted(() => ({ hashes: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return {
    ...real,
    hash: (...args: Parameters<typeof real.hash>) => {
      argon2.hashes += 1;
      return real.hash(...args);
    },
  };
});

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

interface Refused {
  status: number;
  headers: Headers;
  json: Record<string, unknown>;
}

/** `retryAfter`: seconds, or the range they may fall in when the app runs on the real clock. */
function expectRateLimited(
  answer: Refused,
  sentence: string,
  wait: string,
  retryAfter: number | { atLeast: number; atMost: number },
) {
  expect(answer.status).toBe(429);
  if (typeof retryAfter === 'number') {
    expect(answer.headers.get('retry-after')).toBe(String(retryAfter));
  } else {
    const seconds = Number(answer.headers.get('retry-after'));
    expect(seconds).toBeGreaterThanOrEqual(retryAfter.atLeast);
    expect(seconds).toBeLessThanOrEqual(retryAfter.atMost);
  }
  expect(answer.json).toEqual({
    error: `${sentence} Please wait ${wait} and try again.`,
    code: 'rate_limited',
  });
}

/** Fills a counter to one below its limit, as if that many requests had come already. */
async function nearlySpent(
  database: AuthApp['db']['database'],
  endpoint: EndpointLimit,
  per: 'account' | 'address',
  subject: string,
  now: number,
) {
  const rule = endpoint.rules.find((r) => r.per === per)!;
  await database.write((tx) =>
    tx.insert(rateLimitCounters).values({
      key: counterKey(endpoint, per, subject),
      count: rule.limit - 1,
      windowEndsAt: now + rule.windowMs,
    }),
  );
}

async function authApp(): Promise<AuthApp> {
  const app = await startAuthApp();
  closers.push(() => app.close());
  return app;
}

describe('POST /api/auth/signup', () => {
  const sentence = 'Too many sign-up attempts.';

  it('limits one email to 10 tries an hour, without stopping others at the same address', async () => {
    const app = await authApp();
    const person = newPerson();
    const client = app.client('10.7.0.1');
    expect((await client.post('/api/auth/signup', person)).status).toBe(201);
    for (let i = 1; i < 10; i++) {
      expect((await client.post('/api/auth/signup', person)).status).toBe(409);
    }
    const refused = await client.post('/api/auth/signup', person);
    expectRateLimited(refused, sentence, '60 minutes', 3600);

    expect((await client.post('/api/auth/signup', newPerson())).status).toBe(201);
    app.advance(3600_000);
    expect((await client.post('/api/auth/signup', person)).status).toBe(409);
  });

  it('allows an address dozens of sign-ups an hour, then refuses it alone', async () => {
    const app = await authApp();
    const crowd = app.client('10.7.0.2');
    // Sixty attempts (half-filled forms: cheap to refuse, still counted).
    for (let i = 0; i < 60; i++) {
      const answer = await crowd.post('/api/auth/signup', { email: `p${i}@example.zm` });
      expect(answer.status).toBe(400);
    }
    app.advance(30 * 60_000);
    expectRateLimited(
      await crowd.post('/api/auth/signup', newPerson()),
      sentence,
      '30 minutes',
      1800,
    );
    expect((await app.client('10.7.0.3').post('/api/auth/signup', newPerson())).status).toBe(201);
  });

  it('answers "already registered" no sooner than it creates an account', async () => {
    const app = await authApp();
    const person = newPerson();
    expect((await app.client('10.7.0.4').post('/api/auth/signup', person)).status).toBe(201);
    // Both hash the password (argon2, tens of ms) before they answer: the taken email is not
    // answered early. Counted, not timed: a busy machine makes any timing noisy.
    const hashesFor = async (body: unknown, status: number) => {
      const before = argon2.hashes;
      expect((await app.client('10.7.1.5').post('/api/auth/signup', body)).status).toBe(status);
      return argon2.hashes - before;
    };
    expect(await hashesFor({ ...person, email: person.email.toUpperCase() }, 409)).toBe(1);
    expect(await hashesFor(newPerson(), 201)).toBe(1);
  });
});

describe('POST /api/auth/guest', () => {
  it('allows an address 120 guest visits an hour', async () => {
    const app = await authApp();
    await nearlySpent(app.db.database, ENDPOINT_LIMITS.guest, 'address', '10.7.2.1', app.now());
    const cafe = app.client('10.7.2.1');
    expect((await cafe.post('/api/auth/guest')).status).toBe(200);
    expectRateLimited(
      await cafe.post('/api/auth/guest'),
      'Too many guest visits started.',
      '60 minutes',
      3600,
    );
    expect((await app.client('10.7.2.2').post('/api/auth/guest')).status).toBe(200);
  });

  it('counts a whole IPv6 /64 as one address', async () => {
    const app = await authApp();
    await nearlySpent(
      app.db.database,
      ENDPOINT_LIMITS.guest,
      'address',
      '2001:db8:7:7::/64',
      app.now(),
    );
    expect((await app.client('2001:db8:7:7::1').post('/api/auth/guest')).status).toBe(200);
    expect((await app.client('2001:db8:7:7:abcd::2').post('/api/auth/guest')).status).toBe(429);
  });
});

/**
 * The wallet's routers on a clock that stands still at `walletNow`: a Retry-After is counted from the
 * window's start, and twenty requests on a busy machine can take longer than the second it is
 * counted in.
 */
let walletNow = 0;
async function walletApp(): Promise<WalletApp> {
  walletNow = Date.now();
  const app = await startWalletApp({ clock: () => walletNow });
  closers.push(() => app.close());
  return app;
}

describe.each([
  ['deposit', ENDPOINT_LIMITS.deposit, 'Too many deposit requests.'],
  ['withdraw', ENDPOINT_LIMITS.withdraw, 'Too many withdrawal requests.'],
] as const)('POST /api/wallet/%s', (path, endpoint, sentence) => {
  const accountLimit = endpoint.rules.find((r) => r.per === 'account')!.limit;
  // Refused by the wallet's own check (amount), yet counted: the limiter runs first.
  const request = { phone: '0961234567', amount: 0, operator: 'mtn' };

  it(`limits one account to ${accountLimit} an hour, not its neighbours`, async () => {
    const app = await walletApp();
    const abuser = await app.player();
    const neighbour = await app.player();
    // The wallet app runs on the real clock: the window opens with the first request.
    const opened = Date.now();
    for (let i = 0; i < accountLimit; i++) {
      expect((await abuser.client.post(`/api/wallet/${path}`, request)).status).toBe(400);
    }
    const refused = await abuser.client.post(`/api/wallet/${path}`, request);
    expectRateLimited(refused, sentence, '60 minutes', {
      atLeast: 3600 - Math.ceil((Date.now() - opened) / 1000),
      atMost: 3600,
    });
    // Same address (every test client speaks from 127.0.0.1), another account: not locked out.
    expect((await neighbour.client.post(`/api/wallet/${path}`, request)).status).toBe(400);
  });

  it('limits the address too, generously', async () => {
    const app = await walletApp();
    const player = await app.player();
    await nearlySpent(app.database, endpoint, 'address', '127.0.0.1', walletNow);
    expect((await player.client.post(`/api/wallet/${path}`, request)).status).toBe(400);
    const refused = await player.client.post(`/api/wallet/${path}`, request);
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBe(3600);
  });
});

/** A ticket request, with the answer's headers. */
function ticket(client: HttpClient, roomId: string): Promise<Refused> {
  return client.post(`/api/rooms/${roomId}/ticket`);
}

describe('POST /api/rooms/:roomId/ticket', () => {
  const endpoint = ENDPOINT_LIMITS.ticket;
  const sentence = 'Too many requests to connect to the game.';
  let app: RoomsApp;

  async function roomsApp() {
    app = await startRoomsApp();
    closers.push(() => app.close());
    const host = await app.player({ fundZmw: 20 });
    return { host, roomId: await openRoom(host) };
  }

  it('limits one account, not another behind the same address', async () => {
    const { host, roomId } = await roomsApp();
    await nearlySpent(app.db.database, endpoint, 'account', host.id, app.now());
    expect((await ticket(host.client, roomId)).status).toBe(200);
    expectRateLimited(await ticket(host.client, roomId), sentence, '10 minutes', 600);
    const watcher = await app.guest();
    const sameAddress = app.client(host.client.address);
    sameAddress.cookie = watcher.client.cookie;
    expect((await ticket(sameAddress, roomId)).status).toBe(200);
  });

  it('limits the address', async () => {
    const { host, roomId } = await roomsApp();
    await nearlySpent(app.db.database, endpoint, 'address', host.client.address!, app.now());
    expect((await ticket(host.client, roomId)).status).toBe(200);
    expectRateLimited(await ticket(host.client, roomId), sentence, '10 minutes', 600);
  });
});

describe('a create / leave loop from one account', () => {
  it('is refused once over the limit: no stake taken, nothing pushed', async () => {
    const app = await startRoomsApp();
    closers.push(() => app.close());
    const host = await app.player({ fundZmw: 20 });
    const creates = ENDPOINT_LIMITS.roomCreate.rules.find((r) => r.per === 'account')!.limit;
    for (let i = 0; i < creates; i++) {
      const roomId = await openRoom(host);
      expect((await host.client.post(`/api/rooms/${roomId}/leave`)).status).toBe(204);
    }
    await app.rooms.publisher.idle();
    const pushes = { rooms: app.party!.rooms.length, lobbies: app.party!.lobbies.length };
    const balance = await app.wallet(host.id);

    const refused = await host.client.post('/api/rooms', {
      amount: 10,
      time: 10,
      maxPlayers: 2,
      privacy: 'Public',
    });
    expectRateLimited(refused, 'Too many rooms created.', '10 minutes', 600);
    await app.rooms.publisher.idle();
    expect(await app.wallet(host.id)).toBe(balance);
    expect({ rooms: app.party!.rooms.length, lobbies: app.party!.lobbies.length }).toEqual(pushes);

    // Another account behind the same address is not locked out.
    const neighbour = await app.player({ fundZmw: 20 });
    const sameAddress = app.client(host.client.address);
    sameAddress.cookie = neighbour.client.cookie;
    expect(
      (
        await sameAddress.post('/api/rooms', {
          amount: 10,
          time: 10,
          maxPlayers: 2,
          privacy: 'Public',
        })
      ).status,
    ).toBe(201);
  });
});

describe.each([
  ['POST /api/rooms', ENDPOINT_LIMITS.roomCreate, 'Too many rooms created.', '/api/rooms', 400],
  [
    'POST /api/rooms/:roomId/join',
    ENDPOINT_LIMITS.roomJoin,
    'Too many attempts to join a room.',
    '/api/rooms/nosuchroom/join',
    404,
  ],
  [
    'POST /api/rooms/:roomId/leave',
    ENDPOINT_LIMITS.roomLeave,
    'Too many room exits.',
    '/api/rooms/nosuchroom/leave',
    404,
  ],
  [
    'POST /api/rooms/:roomId/rematch',
    ENDPOINT_LIMITS.rematch,
    'Too many rematch requests.',
    '/api/rooms/nosuchroom/rematch',
    404,
  ],
  [
    'POST /api/rooms/quick',
    ENDPOINT_LIMITS.quickMatch,
    'Too many quick matches.',
    '/api/rooms/quick',
    400,
  ],
  [
    'POST /api/practice',
    ENDPOINT_LIMITS.practice,
    'Too many practice games started.',
    '/api/practice',
    400,
  ],
  [
    'POST /api/lobby/ticket',
    ENDPOINT_LIMITS.lobbyTicket,
    'Too many requests for the live room list.',
    '/api/lobby/ticket',
    200,
  ],
] as const)('%s', (_name, endpoint, sentence, path, counted) => {
  // Requests the route itself refuses (bad settings, an unknown room) count too: the limiter runs first.
  let app: RoomsApp;

  async function player(): Promise<TestUser> {
    app = await startRoomsApp();
    closers.push(() => app.close());
    return app.player({ fundZmw: 20 });
  }

  it('limits one account, not another behind the same address', async () => {
    const abuser = await player();
    await nearlySpent(app.db.database, endpoint, 'account', abuser.id, app.now());
    expect((await abuser.client.post(path, {})).status).toBe(counted);
    expectRateLimited(await abuser.client.post(path, {}), sentence, '10 minutes', 600);
    const neighbour = await app.player({ fundZmw: 20 });
    const sameAddress = app.client(abuser.client.address);
    sameAddress.cookie = neighbour.client.cookie;
    expect((await sameAddress.post(path, {})).status).toBe(counted);
  });

  it('limits the address', async () => {
    const abuser = await player();
    await nearlySpent(app.db.database, endpoint, 'address', abuser.client.address!, app.now());
    expect((await abuser.client.post(path, {})).status).toBe(counted);
    expectRateLimited(await abuser.client.post(path, {}), sentence, '10 minutes', 600);
  });
});
