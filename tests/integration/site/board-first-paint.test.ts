// The board page's server render (contract section 8, decision 103) when the room server cannot
// help: a room the site does not know, and a room server that accepts the connection and never
// answers. The page still comes, with the board drawn empty, within the call's short wait; a room
// id made of markup is drawn as text.
import { createServer, type Server, type Socket } from 'node:net';
import { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicUser } from '#site/server/auth/users.ts';
import { createSiteServer, type SiteServer } from '#site/server/create-site-server.ts';
import type { PageServices } from '#site/server/pages/services.ts';
import { FIRST_VIEW_TIMEOUT_MS, firstViewOf } from '#site/server/rooms/first-view.ts';
import { httpPartyClient } from '#site/server/rooms/party-client.ts';
import { BUILD_DIR } from '#scripts/build-site.ts';
import { ensureSiteBuild } from '#tests/support/build.ts';
import { createTestDatabase, seedRoom, seedUser, type TestDatabase } from '#tests/support/db.ts';
import { publicUser } from '#tests/support/public-user.ts';

const HOSTILE_ROOM_ID = `</script><svg onload=alert(1)>"'x`;

const VIEWER: PublicUser = publicUser({ id: 'u-viewer' });

let db: TestDatabase;
let silent: Server;
const held: Socket[] = [];
let site: SiteServer;
let base: string;
let knownRoom: string;

beforeAll(async () => {
  await ensureSiteBuild();
  db = await createTestDatabase();
  const host = await seedUser(db.database);
  knownRoom = await seedRoom(db.database, { hostId: host, amount: 1000 });
  await seedRoom(db.database, { hostId: host, amount: 1000, roomId: HOSTILE_ROOM_ID });
  // A room server that takes the connection and never says a word.
  silent = createServer((socket) => held.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const address = silent.address();
  if (typeof address !== 'object' || !address) throw new Error('no address');
  const client = httpPartyClient({
    partyUrl: `http://127.0.0.1:${address.port}`,
    internalSecret: 'board-first-paint-secret',
    clock: Date.now,
  });
  site = await createSiteServer({
    apiRouter: Router(),
    resolveUser: () => VIEWER,
    // The board page reads no page service (the header's notification list aside): a call to
    // another fails the test.
    pageServices: () =>
      new Proxy({} as PageServices, {
        get(_target, area) {
          if (area === 'play') return { notices: () => Promise.resolve(null) };
          throw new Error(`the board page asked for page services (${String(area)})`);
        },
      }),
    context: {
      publicUrl: 'http://localhost',
      partyPublicUrl: 'ws://localhost:1999',
      support: { email: null, phone: null },
      challenge: {
        page: () => Promise.reject(new Error('no challenge service in this suite')),
        start: () => Promise.reject(new Error('no challenge service in this suite')),
      },
      share: { roomPreview: () => Promise.resolve(null), gameResult: () => Promise.resolve(null) },
      boardFirstView: firstViewOf({ database: db.database, client }),
    },
    buildDirectory: BUILD_DIR,
    log: () => undefined,
  });
  await site.listen(0, '127.0.0.1');
  const served = site.server.address();
  if (typeof served !== 'object' || !served) throw new Error('no address');
  base = `http://127.0.0.1:${served.port}`;
}, 180_000);

afterAll(async () => {
  await site?.close();
  for (const socket of held) socket.destroy();
  await new Promise<void>((resolve) => (silent ? silent.close(() => resolve()) : resolve()));
  db?.cleanup();
});

async function boardPage(roomId: string): Promise<{ html: string; ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(`${base}/rentalgame/boardgame/${encodeURIComponent(roomId)}`);
  const html = await response.text();
  return { html, ms: performance.now() - started, status: response.status };
}

function marks(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`data-${name}="([^"]*)"`, 'g'))].map((m) => m[1] ?? '');
}

function expectEmptyBoard(html: string): void {
  expect(marks(html, 'board')).toHaveLength(1);
  expect(marks(html, 'tile')).toHaveLength(20);
  expect(marks(html, 'seat')).toEqual([]);
  expect(marks(html, 'die-face')).toEqual(['']);
}

describe('the board page without the room server', () => {
  it('draws the empty board for a room the site does not know, without asking the room server', async () => {
    const before = held.length;
    const { html, status } = await boardPage(`no-such-room-${Date.now()}`);
    expect(status).toBe(200);
    expectEmptyBoard(html);
    expect(held.length).toBe(before);
  });

  it('draws the empty board when the room server takes the call and never answers', async () => {
    const before = held.length;
    const { html, ms, status } = await boardPage(knownRoom);
    expect(status).toBe(200);
    expectEmptyBoard(html);
    expect(held.length).toBeGreaterThan(before);
    // It gave up after its short wait, not the party client's ordinary 10 s.
    expect(ms).toBeGreaterThanOrEqual(FIRST_VIEW_TIMEOUT_MS - 5);
    expect(ms).toBeLessThan(5_000);
  });

  it('writes a room id made of markup as text', async () => {
    const { html, status } = await boardPage(HOSTILE_ROOM_ID);
    expect(status).toBe(200);
    expectEmptyBoard(html);
    expect(html).not.toContain('<svg onload');
    // The only closing script tags are the page's own, one per script element.
    const opened = html.match(/<script\b/gi)?.length ?? 0;
    expect(html.match(/<\/script>/gi)?.length ?? 0).toBe(opened);
  });
});
