// The production site server on a real build, then `npm start` end to end (the command's helpers:
// support/npm-start.ts). Both live in one file on purpose: `npm start` rebuilds build/, which must
// not happen under the in-process server's feet.
import { chmod, mkdir, readdir, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import express, { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicUser } from '#site/server/auth/users.ts';
import { createSiteServer, type SiteServer } from '#site/server/create-site-server.ts';
import type { PageServices } from '#site/server/pages/services.ts';
import { refuse } from '#site/server/api/refusals.ts';
import { PILLARS, SERVICES } from '#site/app/content/brand.ts';
import { BUILD_DIR, ensureSiteBuild } from '#tests/support/build.ts';
import { HttpClient } from '#tests/support/http-client.ts';
import { modesUnder, portIsFree, siteServerPid, startScript } from '#tests/support/npm-start.ts';
import { expectSecretsOutOfProcessList } from '#tests/support/process-list.ts';
import { freePort, removeDir, tempDir } from '#tests/support/partykit.ts';
import { publicUser } from '#tests/support/public-user.ts';

const SIGNED_IN: PublicUser = publicUser({ accountBalance: 120.5 });

// The site under test is https (PUBLIC_URL below), so HSTS comes with every answer.
const SECURITY_HEADERS = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

function expectSecurityHeaders(response: Response): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    expect(response.headers.get(name), name).toBe(value);
  }
  expect(response.headers.get('permissions-policy')).toContain('camera=()');
}

/** HTML without React's text separators and with entities that matter here decoded. */
function textOf(html: string): string {
  return html.replaceAll('<!-- -->', '').replaceAll('&amp;', '&').replaceAll('&#x27;', "'");
}

describe('site server (production build)', () => {
  let site: SiteServer;
  let base: string;
  const errors: unknown[] = [];

  beforeAll(async () => {
    await ensureSiteBuild();
    const apiRouter = Router();
    apiRouter.use(express.json());
    apiRouter.get('/boom', () => {
      throw new Error('secret detail that must not leak');
    });
    apiRouter.post('/echo', (req, res) => {
      res.json(req.body);
    });
    site = await createSiteServer({
      apiRouter,
      resolveUser: (req) => {
        const who = req.get('x-test-user');
        if (who === 'broken') throw new Error('session store down: secret detail');
        return who === 'signed-in' ? SIGNED_IN : null;
      },
      // The pages this file opens read nothing beyond the signed-in user, except the sign-in page,
      // which asks whether Google is offered, every page's header (its notification list), and a
      // board opened signed out (its guest step, for a room this suite does not have).
      pageServices: () =>
        new Proxy({} as PageServices, {
          get(_target, area) {
            if (area === 'account') return { providers: () => ({ google: false }) };
            if (area === 'play') return { notices: () => Promise.resolve(null) };
            if (area === 'rooms') {
              const unknown = refuse(404, 'room_not_found', 'Invalid room ID.');
              return { watchAsGuest: () => Promise.resolve(unknown) };
            }
            throw new Error(`this test has no page services (${String(area)})`);
          },
        }),
      context: {
        publicUrl: 'https://play.example.zm',
        partyPublicUrl: 'wss://party.example.zm',
        support: { email: 'help@example.zm', phone: '+260 97 000 0000' },
        // This suite serves no challenge page (tests/integration/challenge does).
        challenge: {
          page: () => Promise.reject(new Error('no challenge service in this suite')),
          start: () => Promise.reject(new Error('no challenge service in this suite')),
        },
        // No room server in this suite: every board is drawn empty.
        boardFirstView: () => Promise.resolve(null),
        share: { roomPreview: () => Promise.resolve(null) },
      },
      buildDirectory: BUILD_DIR,
      log: (message, error) => errors.push({ message, error }),
    });
    await site.listen(0, '127.0.0.1');
    const address = site.server.address();
    if (typeof address !== 'object' || !address) throw new Error('server has no address');
    base = `http://127.0.0.1:${address.port}`;
  }, 120_000);

  afterAll(async () => {
    await site?.close();
  });

  it('renders the home page on the server with all of its content', async () => {
    const response = await fetch(`${base}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = textOf(await response.text());

    // The game first: its board drawn on the server, practice one tap away; then the promise.
    expect(html).toMatch(/<h1[^>]*>Run a truck company\. Beat your friends\.<\/h1>/);
    expect(html).toMatch(/<svg[^>]*data-board=""/);
    const practise = html.match(/<form[^>]*>/g)?.find((form) => form.includes('hero__actions'));
    expect(practise).toContain('method="post"');
    expect(practise).toContain('action="/rentalgame/practice"');
    expect(html).toContain('<input type="hidden" name="time" value="5"/>');
    expect(html).toMatch(/<h2[^>]*>Build a business that keeps moving\.<\/h2>/);
    expect(html).toContain('Our objective');
    for (const pillar of PILLARS) {
      expect(html).toContain(`>${pillar.name}</h3>`);
      expect(html).toContain(pillar.theme);
    }
    expect(PILLARS.map((pillar) => pillar.name)).toEqual(['Brain', 'Land', 'Air', 'Water']);
    for (const service of SERVICES) {
      expect(html).toContain(`>${service.name}</h3>`);
      expect(html).toContain(service.description);
    }
    expect(SERVICES).toHaveLength(6);
    expect(html).toContain('href="/rentalgame/dashboard"');
    // The contact the operator configured (SUPPORT_EMAIL / SUPPORT_PHONE), and always the form.
    expect(html).toMatch(
      /<footer[\s\S]*href="\/rentalgame\/support"[\s\S]*mailto:help@example\.zm[\s\S]*tel:\+260970000000[\s\S]*<\/footer>/,
    );
    expect(html).toContain('© 2024–2025');
    expect(html).toContain('<link rel="canonical" href="https://play.example.zm/"/>');
  });

  it('ships no JavaScript with the home page (islands)', async () => {
    const html = await (await fetch(`${base}/`)).text();
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).not.toMatch(/<script\b/);
  });

  it("names the board canvas's lazy files in the board page's HTML, and serves no build manifest", async () => {
    const html = await (
      await fetch(`${base}/rentalgame/boardgame/room-preload`, {
        headers: { 'x-test-user': 'signed-in' },
      })
    ).text();
    const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
      (match) => match[1] as string,
    );
    const canvas = preloaded.find((href) => /^\/assets\/board-canvas-[\w-]+\.js$/.test(href));
    expect(canvas, preloaded.join(' ')).toBeDefined();
    expect(preloaded.some((href) => href.includes('/WebGLRenderer-'))).toBe(true);
    // Behind the page's own code: the page hydrates and opens its socket first.
    expect(html).toMatch(
      new RegExp(`<link rel="modulepreload" href="${canvas}" fetchPriority="low"`, 'i'),
    );
    // Every named file exists in the build.
    const assets = await readdir(path.join(BUILD_DIR, 'client/assets'));
    for (const href of preloaded) expect(assets).toContain(href.replace('/assets/', ''));
    // Only the board page asks for the canvas.
    const howToPlay = await (
      await fetch(`${base}/rentalgame/howtoplay`, { headers: { 'x-test-user': 'signed-in' } })
    ).text();
    expect(howToPlay).toContain('</html>');
    expect(howToPlay).not.toContain('board-canvas-');

    const manifest = await fetch(`${base}/.vite/manifest.json`);
    await manifest.body?.cancel();
    expect(manifest.status).toBe(404);
  });

  it("starts the board's ticket call from its first HTML, under the page's nonce, and never for a signed-out visitor", async () => {
    const response = await fetch(`${base}/rentalgame/boardgame/room-early`, {
      headers: { 'x-test-user': 'signed-in' },
    });
    const nonce = response.headers.get('content-security-policy')?.match(/'nonce-([^']+)'/)?.[1];
    const html = await response.text();
    const early = html.match(
      /<script nonce="([^"]*)">(\(function\(\)\{var a=fetch[^<]*)<\/script>/,
    );
    expect(early?.[1]).toBe(nonce);
    expect(early?.[2]).toContain('fetch("/api/rooms/room-early/ticket",{method:\'POST\'');
    expect(early?.[2]).toContain('window.__earlyTicket={roomId:"room-early"');

    const signedOut = await (await fetch(`${base}/rentalgame/boardgame/room-early`)).text();
    expect(signedOut).not.toContain('__earlyTicket');
  });

  it('keeps a hostile room id inside the early ticket script', async () => {
    const hostile = '</script><script>alert(1)</script>\u2028';
    const html = await (
      await fetch(`${base}/rentalgame/boardgame/${encodeURIComponent(hostile)}`, {
        headers: { 'x-test-user': 'signed-in' },
      })
    ).text();
    expect(html).toContain('__earlyTicket');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('roomId:"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>\\u2028"');
  });

  it('sends a Content-Security-Policy whose fresh nonce is on every script of the page', async () => {
    const first = await fetch(`${base}/auth`);
    const policy = first.headers.get('content-security-policy') ?? '';
    const html = await first.text();
    const nonce = policy.match(/'nonce-([A-Za-z0-9+/=]+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("connect-src 'self' wss://party.example.zm https://party.example.zm");
    expect(policy).not.toContain('unsafe-eval');
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

    const second = await fetch(`${base}/auth`);
    await second.body?.cancel();
    expect(second.headers.get('content-security-policy')).not.toBe(policy);
  });

  it('has the navbar with a mobile toggle that needs no script', async () => {
    const html = await (await fetch(`${base}/`)).text();
    const nav = html.match(/<nav id="site-nav"[\s\S]*?<\/nav>/)?.[0] ?? '';
    for (const [href, label] of [
      ['/', 'Home'],
      ['/rentalgame/dashboard', 'Games'],
      ['/library', 'Library'],
      ['/about', 'About Us'],
    ]) {
      expect(nav).toMatch(new RegExp(`href="${href}"[^>]*>${label}</a>`));
    }
    expect(nav).toMatch(/href="\/auth"[^>]*>Login<\/a>/);
    expect(html).toMatch(/<input type="checkbox" id="nav-toggle"/);
    expect(html).toMatch(/<label for="nav-toggle"/);
  });

  it('shows a signed-in user their name and a Logout form instead of Login', async () => {
    const html = await (
      await fetch(`${base}/`, { headers: { 'x-test-user': 'signed-in' } })
    ).text();
    expect(html).toContain('Mwila Banda');
    const form = html.match(/<form[^>]*>[\s\S]*?<\/form>/)?.[0] ?? '';
    expect(form).toContain('action="/api/auth/logout"');
    expect(form).toContain('method="post"');
    expect(form).toMatch(/<button type="submit"[^>]*>Logout<\/button>/);
    expect(html).not.toMatch(/>Login<\/a>/);
  });

  it('redirects /login to /auth, keeping the query', async () => {
    const response = await fetch(`${base}/login?next=%2Frentalgame%2Fdashboard`, {
      redirect: 'manual',
    });
    expect([301, 302, 303, 307, 308]).toContain(response.status);
    expect(response.headers.get('location')).toBe('/auth?next=%2Frentalgame%2Fdashboard');
  });

  it('answers a page that does not exist with a 404 page', async () => {
    const response = await fetch(`${base}/no/such/page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('We could not find that page');
    expect(html).toContain('<footer');
  });

  it("refuses a page's form post from another site, or with no Origin, before its action runs", async () => {
    // A form on another site posting to the sign-in page: refused like an API call (CSRF), and the
    // page's services (which throw in this file) are never reached.
    for (const headers of [{ origin: 'https://evil.example' }, {}] as Record<string, string>[]) {
      const response = await fetch(`${base}/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: 'intent=login&email=mwila%40example.zm&password=x',
        redirect: 'manual',
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'forbidden_origin' });
    }
    expect(errors).toHaveLength(0);
  });

  it('answers /healthz', async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expectSecurityHeaders(response);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await fetch(`${base}/api/x`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ error: 'Not found', code: 'not_found' });
    expectSecurityHeaders(response);
  });

  it('answers a failing API route with a JSON 500 that leaks nothing', async () => {
    const response = await fetch(`${base}/api/boom`);
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({
      error: 'Something went wrong. Please try again.',
      code: 'unknown_error',
    });
    expect(body).not.toContain('secret detail');
    expect(errors).toHaveLength(1);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await fetch(`${base}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"broken":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'The request body is not valid JSON.',
      code: 'invalid_json',
    });
  });

  it('answers a page whose user lookup fails with a friendly 500 page', async () => {
    const before = errors.length;
    const response = await fetch(`${base}/`, { headers: { 'x-test-user': 'broken' } });
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('Something went wrong');
    expect(html).toContain('href="/"');
    expect(html).not.toContain('secret detail');
    expect(html).not.toMatch(/at .*\.ts:\d+/);
    expect(errors.length).toBe(before + 1);
    expectSecurityHeaders(response);
  });

  it('sends the security headers with pages', async () => {
    const response = await fetch(`${base}/`);
    expectSecurityHeaders(response);
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('serves hashed assets with immutable caching, compressed', async () => {
    const html = await (await fetch(`${base}/`)).text();
    const href = html.match(/href="(\/assets\/[^"]+\.css)"/)?.[1];
    expect(href).toBeDefined();
    const response = await fetch(`${base}${href}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('content-type')).toContain('text/css');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expectSecurityHeaders(response);
  });
});

describe('npm start', () => {
  it('starts the site and the room server, then stops both on SIGTERM', async () => {
    const [port, partyPort] = [await freePort(), await freePort()];
    const dataDir = await tempDir('zt-start-');
    const script = startScript({
      PORT: String(port),
      PARTY_PORT: String(partyPort),
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${path.join(dataDir, 'test.db')}`,
    });
    try {
      await script.ready(80_000);
      expect(script.output()).toContain(`Ready: http://localhost:${port}`);

      const home = await fetch(`http://127.0.0.1:${port}/`);
      expect(home.status).toBe(200);
      // PUBLIC_URL is http here: HSTS would lock the browser out of localhost.
      expect(home.headers.get('strict-transport-security')).toBeNull();
      expect(await home.text()).toContain('Build a business that keeps moving.');

      const party = await fetch(`http://127.0.0.1:${partyPort}/parties/main/health-check`);
      expect(party.status).toBe(200);
      expect(await party.json()).toMatchObject({ roomId: 'health-check', players: 0 });

      // The API is wired to the database: a sign-up from the site's own origin gets a session.
      const browser = new HttpClient(`http://127.0.0.1:${port}`, `http://localhost:${port}`);
      const signup = await browser.post('/api/auth/signup', {
        firstName: 'Mwila',
        lastName: 'Tembo',
        phone: '0971234567',
        email: 'mwila.start@example.zm',
        password: 'correct-horse-battery',
        adult: true,
        terms: true,
      });
      expect(signup.status).toBe(201);
      expect(browser.cookies.size).toBeGreaterThan(0);
      const me = await browser.get('/api/me');
      expect(me.status).toBe(200);
      const rooms = await fetch(`http://127.0.0.1:${port}/api/rooms`);
      expect(await rooms.json()).toEqual({ rooms: [] });

      expect((await stat(path.join(dataDir, 'test.db'))).isFile()).toBe(true);
      expect((await stat(path.join(dataDir, 'secrets.json'))).mode & 0o777).toBe(0o600);
      await expectSecretsOutOfProcessList(dataDir, partyPort);
      // One JSON object per line, each naming the process that wrote it.
      const lines = script.output().trim().split('\n');
      const parsed = lines.map((line) => JSON.parse(line) as { process?: string; level?: string });
      const processes = new Set(parsed.map((entry) => entry.process));
      expect([...processes]).toEqual(expect.arrayContaining(['start', 'site', 'party']));
      expect(parsed.every((entry) => typeof entry.level === 'string')).toBe(true);

      await script.stop();
      expect(await script.exited).toBe(0);
      expect(await portIsFree(port)).toBe(true);
      expect(await portIsFree(partyPort)).toBe(true);
    } finally {
      await script.stop();
      await removeDir(dataDir);
    }
  }, 120_000);

  it.runIf(process.platform === 'linux')(
    'stops the room server and fails when the site server dies',
    async () => {
      const [port, partyPort] = [await freePort(), await freePort()];
      const dataDir = await tempDir('zt-start-');
      const script = startScript({
        PORT: String(port),
        PARTY_PORT: String(partyPort),
        DATA_DIR: dataDir,
      });
      try {
        await script.ready(80_000);
        const pid = await siteServerPid(port);
        expect(pid).not.toBeNull();
        process.kill(pid as number, 'SIGKILL');

        expect(await script.exited).not.toBe(0);
        expect(script.output()).toContain('site exited unexpectedly');
        expect(await portIsFree(port)).toBe(true);
        expect(await portIsFree(partyPort)).toBe(true);
      } finally {
        await script.stop();
        await removeDir(dataDir);
      }
    },
    120_000,
  );

  it('keeps the data folder and everything in it private to the user, whatever the umask', async () => {
    const [port, partyPort] = [await freePort(), await freePort()];
    const dataDir = await tempDir('zt-start-');
    // Left open by someone: made private again, with a warning. The rest is created fresh.
    await chmod(dataDir, 0o755);
    await mkdir(path.join(dataDir, 'party'), { mode: 0o777 });
    await chmod(path.join(dataDir, 'party'), 0o777);
    const script = startScript(
      { PORT: String(port), PARTY_PORT: String(partyPort), DATA_DIR: dataDir },
      { umask: 0 },
    );
    try {
      await script.ready(80_000);
      // A sign-up writes to the database and a room stores its state under party/.
      const browser = new HttpClient(`http://127.0.0.1:${port}`, `http://localhost:${port}`);
      const signup = await browser.post('/api/auth/signup', {
        firstName: 'Mwila',
        lastName: 'Tembo',
        phone: '0971234567',
        email: 'mwila.private@example.zm',
        password: 'correct-horse-battery',
        adult: true,
        terms: true,
      });
      expect(signup.status).toBe(201);
      await fetch(`http://127.0.0.1:${partyPort}/parties/main/health-check`);

      const modes = await modesUnder(dataDir);
      for (const name of ['app.db', 'app.db-wal', 'app.db-shm', 'secrets.json']) {
        expect(modes[name], name).toBe(0o600);
      }
      expect(modes['party'], 'party').toBe(0o700);
      expect(modes['.'], 'the data folder').toBe(0o700);
      const open = Object.entries(modes).filter(([, mode]) => (mode & 0o077) !== 0);
      expect(open, 'files or folders others may read').toEqual([]);
      expect(script.output()).toContain(`${dataDir} was open to other users`);
      expect(script.output()).toContain(`${path.join(dataDir, 'party')} was open to other users`);
    } finally {
      await script.stop();
      await removeDir(dataDir);
    }
  }, 120_000);

  it('refuses to start on a port that is taken, saying which', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, resolve));
    const address = blocker.address();
    const taken = typeof address === 'object' && address ? address.port : 0;
    const dataDir = await tempDir('zt-start-');
    const script = startScript({
      PORT: String(taken),
      PARTY_PORT: String(await freePort()),
      DATA_DIR: dataDir,
    });
    try {
      expect(await script.exited).toBe(1);
      expect(script.output()).toContain(`port ${taken} is already in use`);
      expect(script.output()).toContain('PORT');
    } finally {
      await script.stop();
      blocker.close();
      await removeDir(dataDir);
    }
  }, 60_000);
});
