// The web benchmark's byte figures in Chromium: what each page downloads (the built files' sizes,
// compressed at best), what a second visit downloads once the service worker holds the files, and
// Chromium's own reading of the web app manifest (installability).
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { TransferMeter, type Transfer } from '#tests/support/transfer-meter.ts';
import { newContext, waitForFirstDraw, type Cookie } from './browser';

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

const sizeCache = new Map<string, Sizes>();

/** A built file's size as is, gzipped (level 9) and brotli-compressed (quality 11). */
export function sizesOf(file: string): Sizes {
  const cached = sizeCache.get(file);
  if (cached) return cached;
  const data = readFileSync(file);
  const sizes = {
    raw: data.byteLength,
    gzip: gzipSync(data, { level: 9 }).byteLength,
    brotli: brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
      },
    }).byteLength,
  };
  sizeCache.set(file, sizes);
  return sizes;
}

export interface PageBytes {
  js: Sizes & { files: number };
  css: Sizes & { files: number };
  /** Each file the page loaded (URL path) with its sizes, biggest first. */
  list: { path: string; kind: 'js' | 'css'; sizes: Sizes }[];
}

/**
 * Loads `url` once in a fresh context (cold cache) and records every `.js`/`.css` response under
 * an `/assets/` path; `fileOf` maps the URL path to the built file. Waits for the network to go
 * quiet and, with `canvas`, for the board's first draw (its canvas code is loaded lazily).
 */
export async function bytesOf(
  browser: Browser,
  url: string,
  fileOf: (urlPath: string) => string,
  options: { cookie?: Cookie; canvas?: boolean } = {},
): Promise<PageBytes> {
  const context = await newContext(browser, new URL(url).origin, options.cookie);
  const seen = new Set<string>();
  try {
    const page = await context.newPage();
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.includes('/assets/') && /\.(js|css)$/.test(pathname)) seen.add(pathname);
    });
    await page.goto(url, { waitUntil: 'load' });
    if (options.canvas) await waitForFirstDraw(page, 30_000);
    await page.waitForLoadState('networkidle').catch(() => {});
    await page.waitForTimeout(300);
  } finally {
    await context.close();
  }
  const total = () => ({ raw: 0, gzip: 0, brotli: 0, files: 0 });
  const result: PageBytes = { js: total(), css: total(), list: [] };
  for (const urlPath of seen) {
    const kind = urlPath.endsWith('.css') ? 'css' : 'js';
    const sizes = sizesOf(fileOf(urlPath));
    const sum = result[kind];
    sum.raw += sizes.raw;
    sum.gzip += sizes.gzip;
    sum.brotli += sizes.brotli;
    sum.files += 1;
    result.list.push({ path: urlPath, kind, sizes });
  }
  result.list.sort((a, b) => b.sizes.brotli - a.sizes.brotli);
  return result;
}

// ---------------------------------------------------------------------------------------------
// 2. A second visit: what the service worker saves

async function settle(page: Page, url: string, canvas: boolean): Promise<void> {
  await page.goto(url, { waitUntil: 'load' });
  if (canvas) await waitForFirstDraw(page, 30_000);
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  await page.waitForTimeout(500);
}

/**
 * A first visit to `url` in a fresh context, then, once the service worker controls the page and
 * has stored what it loaded, a second visit with the browser's HTTP cache emptied first (CDP
 * `Network.clearBrowserCache`): a phone's small HTTP cache is often evicted between two evenings,
 * the worker's Cache Storage is not, so this is what the worker alone saves. WebSocket frames are
 * not counted.
 */
export async function secondVisit(
  browser: Browser,
  url: string,
  options: { cookie?: Cookie; canvas?: boolean } = {},
): Promise<{ first: Transfer; second: Transfer; worker: boolean }> {
  const context = await newContext(browser, new URL(url).origin, options.cookie);
  let meter: TransferMeter | null = null;
  try {
    const page = await context.newPage();
    meter = await TransferMeter.start(browser, context, page);
    await settle(page, url, options.canvas === true);
    const worker = await page
      .waitForFunction(
        'navigator.serviceWorker && navigator.serviceWorker.controller !== null',
        null,
        { timeout: 10_000, polling: 100 },
      )
      .then(() => true)
      .catch(() => false);
    // The worker stores the first visit's files in the background (its `keep` message).
    await page.waitForTimeout(1_000);
    const first = meter.take();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await settle(page, url, options.canvas === true);
    const second = meter.take();
    return { first, second, worker };
  } finally {
    await meter?.stop();
    await context.close();
  }
}

/** Chromium's own reading of the page's web app manifest (the installability Lighthouse 12 dropped). */
export async function installability(
  browser: Browser,
  url: string,
): Promise<{ manifestUrl: string | null; manifestErrors: string[]; installErrors: string[] }> {
  const context = await newContext(browser, new URL(url).origin);
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: { message: string }[];
    };
    const install = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    return {
      manifestUrl: manifest.url || null,
      manifestErrors: manifest.errors.map((error) => error.message),
      installErrors: install.installabilityErrors.map((error) => error.errorId),
    };
  } finally {
    await context.close();
  }
}
