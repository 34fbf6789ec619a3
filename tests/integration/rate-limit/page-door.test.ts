// A page's form post counts against the same rate limit as the JSON call it mirrors: creating,
// joining and leaving a room, quick match and starting a practice game through the page door
// (site/server/pages/rooms.ts) are refused with the API's 429 `rate_limited` once the account's
// allowance is spent, before any stake moves. A real libSQL file and the rooms service.
import { afterEach, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '#db/schema/people.ts';
import { findUserById, loadPublicUser } from '#site/server/auth/users.ts';
import type { PageCaller } from '#site/server/pages/caller.ts';
import { roomsDoor } from '#site/server/pages/rooms.ts';
import { counterKey } from '#site/server/rate-limit/counters.ts';
import { ENDPOINT_LIMITS, type EndpointLimit } from '#site/server/rate-limit/limits.ts';
import { authDepsOf } from '#site/server/rooms/deps.ts';
import { startRoomsApp, type RoomsApp } from '#tests/support/rooms-app.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function doorFor(app: RoomsApp, userId: string) {
  const row = await findUserById(app.db.database.read, userId);
  const user = await loadPublicUser(app.db.database.read, row!, app.deps.auth, app.now());
  const caller: PageCaller = {
    user,
    sessionId: 'page-session',
    sessionToken: null,
    address: '10.9.0.1',
    userAgent: 'page-door.test',
  };
  return roomsDoor({ rooms: app.deps, auth: authDepsOf(app.deps) }, caller);
}

/** The account's counter one below its limit, as if that many posts had come already. */
async function nearlySpent(app: RoomsApp, endpoint: EndpointLimit, userId: string) {
  const rule = endpoint.rules.find((r) => r.per === 'account')!;
  await app.db.database.write((tx) =>
    tx.insert(rateLimitCounters).values({
      key: counterKey(endpoint, 'account', userId),
      count: rule.limit - 1,
      windowEndsAt: app.now() + rule.windowMs,
    }),
  );
}

type Door = Awaited<ReturnType<typeof doorFor>>;

describe.each([
  [
    'create',
    ENDPOINT_LIMITS.roomCreate,
    'Too many rooms created.',
    (door: Door) => door.create({}),
  ],
  [
    'join',
    ENDPOINT_LIMITS.roomJoin,
    'Too many attempts to join a room.',
    (door: Door) => door.join('nosuchroom'),
  ],
  [
    'quick match',
    ENDPOINT_LIMITS.quickMatch,
    'Too many quick matches.',
    (door: Door) => door.quick({ amount: 'ten' }),
  ],
  [
    'leave',
    ENDPOINT_LIMITS.roomLeave,
    'Too many room exits.',
    (door: Door) => door.leave('nosuchroom'),
  ],
  [
    'practice',
    ENDPOINT_LIMITS.practice,
    'Too many practice games started.',
    (door: Door) => door.practice({ time: 0, bots: 0 }),
  ],
] as const)('the page door: %s', (_name, endpoint, sentence, post) => {
  it('is refused like the JSON call once the account is over its limit, and nothing moves', async () => {
    const app = await startRoomsApp();
    closers.push(() => app.close());
    const player = await app.player({ fundZmw: 20 });
    const door = await doorFor(app, player.id);
    await nearlySpent(app, endpoint, player.id);
    const balance = await app.wallet(player.id);

    // The last allowed post reaches the service (which refuses these settings or this room).
    expect(await post(door)).toMatchObject({ ok: false });
    expect(await post(door)).toMatchObject({
      ok: false,
      status: 429,
      error: `${sentence} Please wait 10 minutes and try again.`,
      code: 'rate_limited',
      retryAfterSeconds: 600,
    });
    expect(await app.wallet(player.id)).toBe(balance);
  });
});
