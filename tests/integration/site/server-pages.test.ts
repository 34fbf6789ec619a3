// The pages the production site server renders on a real build (support: production-site.ts):
// the home page's content and its lack of JavaScript, the board page's preloads and early ticket
// call, the navbar signed out and signed in, the /login redirect and the 404 page.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PILLARS, SERVICES } from '#site/app/content/brand.ts';
import { INERT_PRELOAD_REL } from '#site/app/scripts-after-first-paint.ts';
import { BUILD_DIR } from '#scripts/build-site.ts';
import { productionSitePerFile, textOf } from './production-site';

describe('site server pages (production build)', () => {
  const site = productionSitePerFile();

  it('renders the home page on the server with all of its content', async () => {
    const response = await fetch(`${site.base}/`);
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
    // The years run to this one: a footer that stops at the brand's second year looks abandoned.
    expect(html).toContain(`© 2024–${new Date().getFullYear()} Zed Truck Company`);
    expect(html).toContain('<link rel="canonical" href="https://play.example.zm/"/>');
  });

  it('ships no JavaScript with the home page (islands)', async () => {
    const html = await (await fetch(`${site.base}/`)).text();
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).not.toMatch(/<script\b/);
  });

  it("names the board canvas's lazy files in the board page's HTML, and serves no build manifest", async () => {
    const html = await (
      await fetch(`${site.base}/rentalgame/boardgame/room-preload`, {
        headers: { 'x-test-user': 'signed-in' },
      })
    ).text();
    // Named inert until the first paint (decision 129): the release gives each its `modulepreload`.
    expect(html).not.toContain('rel="modulepreload"');
    const preloaded = [
      ...html.matchAll(new RegExp(`<link rel="${INERT_PRELOAD_REL}"[^>]*href="([^"]+)"`, 'g')),
    ].map((match) => match[1] as string);
    const canvas = preloaded.find((href) => /^\/assets\/board-canvas-[\w-]+\.js$/.test(href));
    expect(canvas, preloaded.join(' ')).toBeDefined();
    expect(preloaded.some((href) => href.includes('/WebGLRenderer-'))).toBe(true);
    // Behind the page's own code: the page hydrates and opens its socket first.
    expect(html).toMatch(
      new RegExp(`<link rel="${INERT_PRELOAD_REL}" href="${canvas}" fetchPriority="low"`, 'i'),
    );
    // Every named file exists in the build.
    const assets = await readdir(path.join(BUILD_DIR, 'client/assets'));
    for (const href of preloaded) expect(assets).toContain(href.replace('/assets/', ''));
    // Only the board page asks for the canvas.
    const howToPlay = await (
      await fetch(`${site.base}/rentalgame/howtoplay`, { headers: { 'x-test-user': 'signed-in' } })
    ).text();
    expect(howToPlay).toContain('</html>');
    expect(howToPlay).not.toContain('board-canvas-');

    const manifest = await fetch(`${site.base}/.vite/manifest.json`);
    await manifest.body?.cancel();
    expect(manifest.status).toBe(404);
  });

  it("starts the board's ticket call from its first HTML, under the page's nonce, and never for a signed-out visitor", async () => {
    const response = await fetch(`${site.base}/rentalgame/boardgame/room-early`, {
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

    const signedOut = await (await fetch(`${site.base}/rentalgame/boardgame/room-early`)).text();
    expect(signedOut).not.toContain('__earlyTicket');
  });

  it('keeps a hostile room id inside the early ticket script', async () => {
    const hostile = '</script><script>alert(1)</script>\u2028';
    const html = await (
      await fetch(`${site.base}/rentalgame/boardgame/${encodeURIComponent(hostile)}`, {
        headers: { 'x-test-user': 'signed-in' },
      })
    ).text();
    expect(html).toContain('__earlyTicket');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('roomId:"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>\\u2028"');
  });

  it('has the navbar with a mobile toggle that needs no script', async () => {
    const html = await (await fetch(`${site.base}/`)).text();
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
      await fetch(`${site.base}/`, { headers: { 'x-test-user': 'signed-in' } })
    ).text();
    expect(html).toContain('Mwila Banda');
    const form = html.match(/<form[^>]*>[\s\S]*?<\/form>/)?.[0] ?? '';
    expect(form).toContain('action="/api/auth/logout"');
    expect(form).toContain('method="post"');
    expect(form).toMatch(/<button type="submit"[^>]*>Logout<\/button>/);
    expect(html).not.toMatch(/>Login<\/a>/);
  });

  it('redirects /login to /auth, keeping the query', async () => {
    const response = await fetch(`${site.base}/login?next=%2Frentalgame%2Fdashboard`, {
      redirect: 'manual',
    });
    expect([301, 302, 303, 307, 308]).toContain(response.status);
    expect(response.headers.get('location')).toBe('/auth?next=%2Frentalgame%2Fdashboard');
  });

  it('answers a page that does not exist with a 404 page', async () => {
    const response = await fetch(`${site.base}/no/such/page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('We could not find that page');
    expect(html).toContain('<footer');
  });
});
