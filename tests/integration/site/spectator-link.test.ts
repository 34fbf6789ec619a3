// A shared board link opens the board watching in one tap (contract section 8): a signed-out
// visitor's GET starts a guest session on the server (counted per address with every other guest
// visit), never stored by a cache, and lands on the board with it; a room that does not exist, an
// address past its guest allowance, or a browser that keeps no cookie gets the board's signed-out
// page and no session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_LIMITS } from '#site/server/rate-limit/limits.ts';
import { roomPaths } from '#site/shared/paths.ts';
import { fundWallet } from '#tests/support/db.ts';
import { startSiteApp, type SiteApp } from '#tests/support/site-app.ts';

let app: SiteApp;
let roomId: string;

beforeAll(async () => {
  app = await startSiteApp();
  const host = app.client();
  const signup = await host.post('/api/auth/signup', {
    firstName: 'Chanda',
    lastName: 'Mulenga',
    phone: '0971234568',
    email: 'chanda.watch@example.zm',
    password: 'correct-horse-battery',
    adult: true,
    terms: true,
  });
  expect(signup.status).toBe(201);
  await fundWallet(app.database, (signup.json.user as { id: string }).id, 1000, {
    now: Date.now(),
  });
  const created = await host.post('/api/rooms', {
    amount: 10,
    time: 10,
    maxPlayers: 4,
    privacy: 'Public',
  });
  expect(created.status).toBe(201);
  roomId = (created.json.room as { roomId: string }).roomId;
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

const SIGNED_OUT_PAGE = 'Watch or play';

describe('a shared board link', () => {
  it('starts a guest session on the GET and lands on the board watching', async () => {
    const visitor = app.client('203.0.113.10');
    const first = await visitor.get(roomPaths.board(roomId));
    expect(first.status).toBe(302);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.setCookies.join('\n')).toMatch(/session=/);
    const next = new URL(first.headers.get('location')!, app.url);
    expect(next.pathname).toBe(roomPaths.board(roomId));

    const board = await visitor.get(`${next.pathname}${next.search}`);
    expect(board.status).toBe(200);
    expect(board.headers.get('cache-control')).toBe('no-store');
    expect(board.text).not.toContain(SIGNED_OUT_PAGE);
    const me = await visitor.get('/api/me');
    expect(me.json.user).toMatchObject({ isGuest: true });
    // The guest may watch: a spectator's ticket for this room.
    const ticket = await visitor.post(`/api/rooms/${roomId}/ticket`);
    expect(ticket.status).toBe(200);

    // Already signed in: no second session.
    const again = await visitor.get(roomPaths.board(roomId));
    expect(again.status).toBe(200);
    expect(again.setCookies).toEqual([]);
  });

  it('starts no session for a room that does not exist', async () => {
    const visitor = app.client('203.0.113.11');
    const page = await visitor.get(roomPaths.board('no-such-room'));
    expect(page.status).toBe(200);
    expect(page.setCookies).toEqual([]);
    expect(page.text).toContain(SIGNED_OUT_PAGE);
  });

  it('starts none for a browser that came back from that step without the cookie', async () => {
    const visitor = app.client('203.0.113.12');
    const first = await visitor.get(roomPaths.board(roomId));
    const next = new URL(first.headers.get('location')!, app.url);
    visitor.cookies.clear();
    const back = await visitor.get(`${next.pathname}${next.search}`);
    expect(back.status).toBe(200);
    expect(back.setCookies).toEqual([]);
    expect(back.text).toContain(SIGNED_OUT_PAGE);
  });

  it('counts the step with the other guest visits of its address', async () => {
    const address = '203.0.113.13';
    const [rule] = ENDPOINT_LIMITS.guest.rules;
    for (let i = 0; i < rule!.limit; i++) {
      const guest = await app.client(address).post('/api/auth/guest');
      expect(guest.status).toBe(200);
    }
    const page = await app.client(address).get(roomPaths.board(roomId));
    expect(page.status).toBe(200);
    expect(page.setCookies).toEqual([]);
    expect(page.text).toContain(SIGNED_OUT_PAGE);
    expect(page.text).toContain(ENDPOINT_LIMITS.guest.tooMany);
  });
});
