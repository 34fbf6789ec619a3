// The production site server's answers outside the pages, on a real build (support:
// production-site.ts): /healthz, the JSON 404 and 500 of /api, malformed JSON, and the friendly 500
// page when the user lookup fails. Nothing secret leaks and each failure is logged once.
import { describe, expect, it } from 'vitest';
import { expectSecurityHeaders, productionSitePerFile } from './production-site';

describe('site server errors (production build)', () => {
  const site = productionSitePerFile();

  it('answers /healthz', async () => {
    const response = await fetch(`${site.base}/healthz`);
    expect(response.status).toBe(200);
    expectSecurityHeaders(response);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await fetch(`${site.base}/api/x`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ error: 'Not found', code: 'not_found' });
    expectSecurityHeaders(response);
  });

  it('answers a failing API route with a JSON 500 that leaks nothing', async () => {
    const response = await fetch(`${site.base}/api/boom`);
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({
      error: 'Something went wrong. Please try again.',
      code: 'unknown_error',
    });
    expect(body).not.toContain('secret detail');
    expect(site.errors).toHaveLength(1);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await fetch(`${site.base}/api/echo`, {
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
    const before = site.errors.length;
    const response = await fetch(`${site.base}/`, { headers: { 'x-test-user': 'broken' } });
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('Something went wrong');
    expect(html).toContain('href="/"');
    expect(html).not.toContain('secret detail');
    expect(html).not.toMatch(/at .*\.ts:\d+/);
    expect(site.errors.length).toBe(before + 1);
    expectSecurityHeaders(response);
  });
});
