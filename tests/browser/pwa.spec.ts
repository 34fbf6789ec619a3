// Installable, and cheap the second time (decision 055): the web app manifest and its icons, the
// service worker's registration, a second visit whose JavaScript comes from the worker's cache, the
// offline page for navigations, and API answers that are never kept. The worker is allowed here;
// the other spec files run without it (playwright.config.ts).
import type { BrowserContext, Page, Response } from '@playwright/test';
import { TransferMeter } from '#tests/support/transfer-meter.ts';
import { expect, signUpViaApi, test } from './support/fixtures';

test.use({ serviceWorkers: 'allow' });

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(data: Buffer): { width: number; height: number } {
  expect(data.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/** Waits until the worker of this build controls the page and has stored `count` assets. */
async function workerReady(page: Page, atLeast: number): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const cache = await caches.open('ztc-assets');
        return (await cache.keys()).length;
      }),
    )
    .toBeGreaterThanOrEqual(atLeast);
}

/**
 * The /assets/ JavaScript a load of `path` asked for: what the page got from the worker and what it
 * got from the network itself (each path once).
 */
async function loadAndWatch(context: BrowserContext, page: Page, path: string) {
  const fromWorker = new Set<string>();
  const fromNetwork = new Set<string>();
  const onResponse = (response: Response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.startsWith('/assets/') || !pathname.endsWith('.js')) return;
    if (response.fromServiceWorker()) fromWorker.add(pathname);
    else fromNetwork.add(pathname);
  };
  context.on('response', onResponse);
  await page.goto(path, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  context.off('response', onResponse);
  return { fromWorker: [...fromWorker].sort(), fromNetwork: [...fromNetwork].sort() };
}

test('the web app manifest is linked, complete, and its icons are the sizes it says', async ({
  page,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const answer = await page.request.get(href!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await answer.json()) as Manifest;
  expect(manifest).toMatchObject({
    name: 'Zed Truck Company',
    display: 'standalone',
    scope: '/',
    theme_color: '#14532d',
  });
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  expect((await page.request.get(manifest.start_url)).status()).toBe(200);
  // Chromium's installability wants a 192 and a 512 icon; Android's launcher a maskable one.
  const sizes = manifest.icons.map((icon) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const { width, height } = pngSize(await image.body());
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
  }
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#14532d');

  // Chromium's own reading of the manifest: no parse errors, nothing that stops installing.
  const cdp = await page.context().newCDPSession(page);
  const parsed = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[] };
  expect(parsed.errors).toEqual([]);
  const installability = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installability.installabilityErrors.map((error) => error.errorId)).toEqual([]);
});

test('the worker registers under the page CSP, and a second visit takes its JavaScript from the worker', async ({
  browser,
  page,
  context,
}) => {
  await signUpViaApi(page.request);
  const first = await loadAndWatch(context, page, '/rentalgame/dashboard');
  expect(first.fromNetwork.length).toBeGreaterThan(0);
  expect(first.fromWorker).toEqual([]);
  // The page's policy lets the worker and the manifest load from our origin.
  const policy = (await page.request.get('/rentalgame/dashboard')).headers()[
    'content-security-policy'
  ];
  expect(policy).toContain("worker-src 'self'");
  expect(policy).toContain("manifest-src 'self'");
  await workerReady(page, first.fromNetwork.length);

  // The same page again with the HTTP cache emptied (as on a phone that evicted it): every file
  // from the worker, and no JavaScript byte over the network, the worker's own fetches included.
  const meter = await TransferMeter.start(browser, context, page);
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    meter.take();
    const second = await loadAndWatch(context, page, '/rentalgame/dashboard');
    expect(second.fromNetwork).toEqual([]);
    expect(second.fromWorker).toEqual(first.fromNetwork);
    const transfer = meter.take();
    expect(transfer.jsBytes).toBe(0);
    // Only the page itself (and its API answers) came over the network.
    expect(transfer.totalBytes).toBeGreaterThan(0);
    expect(transfer.fromNetwork.map((entry) => entry.path)).toContain('/rentalgame/dashboard');

    // Another page: what it shares with the dashboard (React, the router) comes from the cache.
    const deposit = await loadAndWatch(context, page, '/rentalgame/deposit');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const fetched = new Set(meter.take().fromNetwork.map((entry) => entry.path));
    const shared = deposit.fromWorker.filter((file) => first.fromNetwork.includes(file));
    expect(shared.length).toBeGreaterThan(0);
    expect(deposit.fromNetwork.filter((file) => first.fromNetwork.includes(file))).toEqual([]);
    for (const file of shared) expect(fetched.has(file), file).toBe(false);
    // The deposit page's own files were fetched once, by the worker, and are kept for next time.
    const own = [...deposit.fromWorker, ...deposit.fromNetwork].filter(
      (file) => !first.fromNetwork.includes(file),
    );
    expect(own.length).toBeGreaterThan(0);
    for (const file of own) expect(fetched.has(file), file).toBe(true);
  } finally {
    await meter.stop();
  }
});

test('offline, a navigation shows the offline page; back online, the page itself', async ({
  page,
  context,
}) => {
  await signUpViaApi(page.request, { firstName: 'Mutale' });
  await page.goto('/rentalgame/dashboard');
  await expect(page.getByText('Welcome, Mutale')).toBeVisible();
  await workerReady(page, 1);

  await context.setOffline(true);
  await page.goto('/rentalgame/deposit');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(page.getByText('The game needs a connection')).toBeVisible();
  // The offline page is the only page kept: no private page comes back from a cache.
  await page.goto('/rentalgame/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(page.getByText('Welcome, Mutale')).toHaveCount(0);

  await context.setOffline(false);
  await page.getByRole('link', { name: 'try again' }).click();
  await expect(page.getByText('Welcome, Mutale')).toBeVisible();
});

test('an /api/me answer is never kept: signed out and offline, no stale private data', async ({
  page,
  context,
}) => {
  await signUpViaApi(page.request, { firstName: 'Bwalya' });
  await page.goto('/rentalgame/dashboard');
  await workerReady(page, 1);
  const me = () =>
    page.evaluate(async () => {
      const answer = await fetch('/api/me');
      const body = (await answer.json()) as { user?: { firstName: string } };
      return { status: answer.status, firstName: body.user?.firstName ?? null };
    });
  const meAnswer = page.waitForResponse((response) => response.url().endsWith('/api/me'));
  expect(await me()).toEqual({ status: 200, firstName: 'Bwalya' });
  expect((await meAnswer).fromServiceWorker()).toBe(false);

  const signedOut = await page.request.post('/api/auth/logout', {
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(signedOut.ok()).toBe(true);
  expect(await me()).toEqual({ status: 401, firstName: null });

  await context.setOffline(true);
  // Asked offline, /api/me fails instead of answering from a cache. On a second page: Chromium logs
  // the failed load as a console error, which the first page's guard would (rightly) count.
  const other = await context.newPage();
  await other.goto('/rentalgame/dashboard');
  await expect(other.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  expect(
    await other.evaluate(() =>
      fetch('/api/me').then(
        (answer) => answer.status,
        () => 'network error',
      ),
    ),
  ).toBe('network error');
  const kept = await other.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
    }
    return urls;
  });
  expect(kept.filter((path) => !path.startsWith('/assets/'))).toEqual(['/offline.html']);
  await context.setOffline(false);
});
