// What the production site server sends beside its pages, on a real build (support:
// production-site.ts): the Content-Security-Policy and its nonces, the Origin check on a page's form
// post, the security headers, the hashed assets' caching and compression, and how long an idle
// connection stays open.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { expectSecurityHeaders, productionSitePerFile } from './production-site';

describe('site server headers (production build)', () => {
  const site = productionSitePerFile();

  it('sends a Content-Security-Policy whose fresh nonce is on every script of the page', async () => {
    const first = await fetch(`${site.base}/auth`);
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

    const second = await fetch(`${site.base}/auth`);
    await second.body?.cancel();
    expect(second.headers.get('content-security-policy')).not.toBe(policy);
  });

  it("refuses a page's form post from another site, or with no Origin, before its action runs", async () => {
    // A form on another site posting to the sign-in page: refused like an API call (CSRF), and the
    // page's services (which throw in this file) are never reached.
    for (const headers of [{ origin: 'https://evil.example' }, {}] as Record<string, string>[]) {
      const response = await fetch(`${site.base}/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: 'intent=login&email=mwila%40example.zm&password=x',
        redirect: 'manual',
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'forbidden_origin' });
    }
    expect(site.errors).toHaveLength(0);
  });

  it('sends the security headers with pages', async () => {
    const response = await fetch(`${site.base}/`);
    expectSecurityHeaders(response);
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('serves hashed assets with immutable caching, compressed', async () => {
    const html = await (await fetch(`${site.base}/`)).text();
    const href = html.match(/href="(\/assets\/[^"]+\.css)"/)?.[1];
    expect(href).toBeDefined();
    const response = await fetch(`${site.base}${href}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('content-type')).toContain('text/css');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expectSecurityHeaders(response);
  });
  it('keeps an idle connection open longer than a proxy in front of it does', async () => {
    // A proxy reuses its idle connections to the site for up to 60 s (nginx's and most load
    // balancers' default). A site that closes one sooner races the proxy's next request on it:
    // the proxy gets a reset and the player a 502. Node's own default is 5 s.
    const agent = new http.Agent({ keepAlive: true });
    try {
      const keepAlive = await new Promise<string | undefined>((resolve, reject) => {
        http
          .get(`${site.base}/healthz`, { agent }, (response) => {
            response.resume();
            resolve(response.headers['keep-alive']?.toString());
          })
          .on('error', reject);
      });
      const seconds = Number(keepAlive?.match(/timeout=(\d+)/)?.[1]);
      expect(seconds, `Keep-Alive: ${keepAlive}`).toBeGreaterThan(60);
    } finally {
      agent.destroy();
    }
  });
});
