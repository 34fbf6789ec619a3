// What the whole site, composed as main.ts composes it, does at its edge: which proxy it believes
// about the client's address (TRUST_PROXY), and which answers a browser or a proxy may keep
// (`Cache-Control: no-store` on everything that holds personal data).
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { eq } from 'drizzle-orm';
import type { Router } from 'express';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters, users } from '#db/schema/people.ts';
import routes from '#site/app/routes.ts';
import { setLogSink } from '#site/server/logging.ts';
import { counterKey } from '#site/server/rate-limit/counters.ts';
import { ENDPOINT_LIMITS } from '#site/server/rate-limit/limits.ts';
import { BUILD_DIR } from '#scripts/build-site.ts';
import { ensureSiteBuild } from '#tests/support/build.ts';
import { startSiteApp, type SiteApp } from '#tests/support/site-app.ts';

/** Spends an address's guest visits for the hour, so its next one is refused. */
async function guestsSpent(app: SiteApp, address: string): Promise<void> {
  const rule = ENDPOINT_LIMITS.guest.rules[0]!;
  await app.database.write((tx) =>
    tx.insert(rateLimitCounters).values({
      key: counterKey(ENDPOINT_LIMITS.guest, 'address', address),
      count: rule.limit,
      windowEndsAt: Date.now() + rule.windowMs,
    }),
  );
}

/** POST /api/auth/guest from this machine (the test), naming a client in X-Forwarded-For. */
const guestVia = (app: SiteApp, forwardedFor: string) =>
  app.client(forwardedFor).post('/api/auth/guest');

beforeAll(ensureSiteBuild, 240_000);

describe('TRUST_PROXY', () => {
  let app: SiteApp | null = null;
  afterEach(async () => {
    await app?.stop();
    app = null;
  });

  it('by default trusts only a proxy on this machine: each client behind it has its own limits', async () => {
    app = await startSiteApp();
    await guestsSpent(app, '203.0.113.7');
    expect((await guestVia(app, '203.0.113.7')).status).toBe(429);
    expect((await guestVia(app, '203.0.113.8')).status).toBe(200);
  });

  it('behind a proxy it trusts by address or network, counts the client the proxy names', async () => {
    app = await startSiteApp({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' });
    expect(app.config.trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    await guestsSpent(app, '198.51.100.20');
    // The proxy appends the address it saw; whatever the client put before it is not believed.
    expect((await guestVia(app, '203.0.113.1, 198.51.100.20')).status).toBe(429);
    expect((await guestVia(app, '198.51.100.20, 198.51.100.21')).status).toBe(200);
  });

  it('with a hop count, takes the address that many proxies back', async () => {
    app = await startSiteApp({ TRUST_PROXY: '2' });
    expect(app.config.trustProxy).toBe(2);
    await guestsSpent(app, '198.51.100.30');
    // Client → load balancer (appends 198.51.100.30) → this machine's proxy (appends the balancer).
    expect((await guestVia(app, '203.0.113.66, 198.51.100.30, 10.1.1.1')).status).toBe(429);
    expect((await guestVia(app, '198.51.100.30, 198.51.100.31, 10.1.1.1')).status).toBe(200);
  });

  it('ignores X-Forwarded-For from a peer it does not trust, and warns once over https', async () => {
    const lines: string[] = [];
    const previous = setLogSink((line) => lines.push(line));
    try {
      app = await startSiteApp({
        TRUST_PROXY: '10.9.9.9',
        PUBLIC_URL: 'https://play.example.zm',
      });
      // The test talks from 127.0.0.1, which is not the trusted proxy: it is the client.
      await guestsSpent(app, '127.0.0.1');
      expect((await guestVia(app, '198.51.100.40')).status).toBe(429);
      expect((await guestVia(app, '198.51.100.41')).status).toBe(429);
      const proxyWarnings = lines.filter((line) => line.includes('TRUST_PROXY'));
      expect(proxyWarnings).toHaveLength(1);
      expect(proxyWarnings[0]).toContain('"level":"warn"');
      expect(proxyWarnings[0]).toContain('127.0.0.1');
    } finally {
      setLogSink(previous);
    }
  });
});

/** Every path of the app's routes (params filled in), from site/app/routes.ts. */
function pagePaths(entries: readonly RouteConfigEntry[], prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const here = entry.index ? prefix : entry.path ? `${prefix}/${entry.path}` : prefix;
    if (entry.path !== '*' && (entry.index || entry.path)) out.push(here || '/');
    if (entry.children) out.push(...pagePaths(entry.children, here));
  }
  return [...new Set(out.map((p) => p.replace(/:[A-Za-z]+/g, 'abcdefghij234567')))];
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every GET route of the composed /api router, walked through its sub-routers. */
function apiGetPaths(router: Router): string[] {
  const out: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route?.methods.get) out.push(`/api${layer.route.path}`);
      else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((router as unknown as { stack: Layer[] }).stack);
  return [...new Set(out.map((p) => p.replace(/:[A-Za-z]+/g, 'abcdefghij234567')))];
}

describe('answers that hold personal data are never stored', () => {
  let app: SiteApp;
  let signedIn: ReturnType<SiteApp['client']>;

  beforeAll(async () => {
    app = await startSiteApp();
    signedIn = app.client();
    const signup = await signedIn.post('/api/auth/signup', {
      firstName: 'Mwila',
      lastName: 'Banda',
      phone: '0971234567',
      email: 'mwila.cache@example.zm',
      password: 'correct-horse-battery',
      adult: true,
      terms: true,
    });
    expect(signup.status).toBe(201);
    const id = (signup.json.user as { id: string }).id;
    await app.database.write((tx) =>
      tx.update(users).set({ isAdmin: true }).where(eq(users.id, id)),
    );
  }, 240_000);

  afterAll(async () => {
    await app?.stop();
  });

  it('every API answer, signed in or not, whatever its status', async () => {
    const paths = apiGetPaths(app.services.server.apiRouter);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/me', '/api/me/export', '/api/admin/users']),
    );
    for (const url of paths) {
      for (const client of [signedIn, app.client()]) {
        const answer = await client.get(url);
        expect(answer.headers.get('cache-control') ?? '', `${url} ${answer.status}`).toContain(
          'no-store',
        );
      }
    }
    const login = await app.client().post('/api/auth/login', {
      email: 'mwila.cache@example.zm',
      password: 'correct-horse-battery',
    });
    expect(login.headers.get('cache-control') ?? '').toContain('no-store');
  });

  it('every page shown to a signed-in person (its header names them)', async () => {
    const paths = pagePaths(routes);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/rentalgame/account',
        '/rentalgame/dashboard',
        '/rentalgame/admin',
      ]),
    );
    for (const url of paths) {
      const answer = await signedIn.get(url);
      expect(answer.headers.get('cache-control') ?? '', `${url} ${answer.status}`).toContain(
        'no-store',
      );
    }
    const account = await signedIn.get('/rentalgame/account');
    expect(account.text).toContain('mwila.cache@example.zm');
  });

  it('the pages that carry a mailed token in their address, for anyone', async () => {
    for (const url of ['/auth/reset?token=abc', '/auth/verify?token=abc']) {
      const answer = await app.client().get(url);
      expect(answer.headers.get('cache-control') ?? '', url).toContain('no-store');
    }
  });

  it('but public pages for a visitor and the hashed assets keep their caching', async () => {
    for (const url of ['/', '/about', '/terms', '/privacy', '/library', '/rentalgame/howtoplay']) {
      const answer = await app.client().get(url);
      expect(answer.status, url).toBe(200);
      expect(answer.headers.get('cache-control') ?? '', url).not.toContain('no-store');
    }
    const [asset] = (await readdir(path.join(BUILD_DIR, 'client/assets'))).filter((name) =>
      name.endsWith('.css'),
    );
    const file = await app.client().get(`/assets/${asset}`);
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
