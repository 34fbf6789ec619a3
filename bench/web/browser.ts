// What the benchmark measures in Chromium through Playwright: the files a page downloads, the time
// until the board's canvas first draws on an emulated slow phone, and the frames drawn and the
// script time spent while something moves and while nothing does.
//
// Every page gets INSTRUMENT before any of its own scripts: it wraps the WebGL(2) draw calls (and
// canvas 2D drawing, in case Pixi falls back) and requestAnimationFrame, recording on
// `window.__bench` the time of the first draw on a canvas that is in the document (Pixi draws text
// into detached canvases; those do not count), how many renders happened (a render = one burst of
// draw calls within one task), how many animation frames ran callbacks, how many times text was
// rasterised (fillText/strokeText on any canvas), and, while `recording`, each rAF callback's
// duration with its frame's timestamp. It also wraps WebSocket, to time the page's first socket:
// created, open, first message (the board's first state).
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { playwrightLaunchOptions } from '../../tests/support/chromium';
import { TransferMeter, type Transfer } from '../../tests/support/transfer-meter';

export type { Transfer };

export const PHONE = { width: 360, height: 640 };

const INSTRUMENT = `(() => {
  if (window.__bench) return;
  const bench = { firstDraw: null, kind: null, draws: 0, renders: 0, rafFrames: 0, texts: 0,
    recording: false, frameWork: [], socket: { created: null, open: null, firstMessage: null } };
  window.__bench = bench;
  const NativeSocket = window.WebSocket;
  if (NativeSocket) {
    const first = (key) => { if (bench.socket[key] === null) bench.socket[key] = performance.now(); };
    window.WebSocket = class extends NativeSocket {
      constructor(...args) {
        super(...args);
        first('created');
        this.addEventListener('open', () => first('open'));
        this.addEventListener('message', () => first('firstMessage'));
      }
    };
  }
  let inRender = false;
  const onDraw = (canvas, kind) => {
    if (!canvas || canvas.isConnected !== true) return;
    bench.draws += 1;
    if (bench.firstDraw === null) { bench.firstDraw = performance.now(); bench.kind = kind; }
    if (!inRender) {
      inRender = true;
      bench.renders += 1;
      queueMicrotask(() => { inRender = false; });
    }
  };
  const wrap = (proto, names, kind) => {
    if (!proto) return;
    for (const name of names) {
      const original = proto[name];
      if (typeof original !== 'function') continue;
      proto[name] = function (...args) { onDraw(this.canvas, kind); return original.apply(this, args); };
    }
  };
  const gl = ['drawElements', 'drawArrays', 'drawElementsInstanced', 'drawArraysInstanced',
    'drawRangeElements'];
  wrap(window.WebGL2RenderingContext && WebGL2RenderingContext.prototype, gl, 'webgl2');
  wrap(window.WebGLRenderingContext && WebGLRenderingContext.prototype, gl, 'webgl');
  wrap(window.CanvasRenderingContext2D && CanvasRenderingContext2D.prototype,
    ['fill', 'fillRect', 'stroke', 'drawImage', 'fillText'], 'canvas2d');
  // Text rasterised on any canvas (Pixi draws each Text into its own detached canvas).
  for (const proto of [window.CanvasRenderingContext2D, window.OffscreenCanvasRenderingContext2D]) {
    if (!proto) continue;
    for (const name of ['fillText', 'strokeText']) {
      const original = proto.prototype[name];
      if (typeof original !== 'function') continue;
      proto.prototype[name] = function (...args) { bench.texts += 1; return original.apply(this, args); };
    }
  }
  const raf = window.requestAnimationFrame.bind(window);
  let lastFrame = -1;
  window.requestAnimationFrame = (callback) => raf((time) => {
    const start = performance.now();
    try { return callback(time); } finally {
      const spent = performance.now() - start;
      if (time !== lastFrame) { lastFrame = time; bench.rafFrames += 1; }
      if (bench.recording) bench.frameWork.push([time, spent]);
    }
  });
})();`;

interface BenchState {
  firstDraw: number | null;
  kind: string | null;
  draws: number;
  renders: number;
  rafFrames: number;
  texts: number;
  frameWork: [number, number][];
  socket: Timeline['socket'];
}

/** Strings, not functions: tsx would wrap a serialised function's inner names in `__name`. */
const read = (page: Page) =>
  page.evaluate(
    '({ ...window.__bench, frameWork: window.__bench.frameWork.slice() })',
  ) as Promise<BenchState>;

export async function launch(): Promise<Browser> {
  return chromium.launch(playwrightLaunchOptions());
}

export interface Cookie {
  name: string;
  value: string;
}

export async function newContext(
  browser: Browser,
  origin: string,
  cookie?: Cookie,
): Promise<BrowserContext> {
  // The product's Content-Security-Policy forbids eval, which Playwright's string-based waits use;
  // lifting it for the measuring context changes nothing the page itself does.
  const context = await browser.newContext({ viewport: PHONE, locale: 'en-GB', bypassCSP: true });
  await context.addInitScript({ content: INSTRUMENT });
  if (cookie) await context.addCookies([{ ...cookie, url: origin }]);
  return context;
}

async function waitForFirstDraw(page: Page, timeout: number): Promise<void> {
  await page.waitForFunction('window.__bench && window.__bench.firstDraw !== null', null, {
    timeout,
    polling: 100,
  });
}

// ---------------------------------------------------------------------------------------------
// 1. Bytes per route

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

// ---------------------------------------------------------------------------------------------
// 3. First frame on a slow phone

/** Regular 3G as DevTools defines it, plus a 4× slower CPU. */
export const SLOW_PHONE = {
  latency: 300,
  downloadThroughput: (700 * 1024) / 8,
  uploadThroughput: (700 * 1024) / 8,
  cpuSlowdown: 4,
};

/** What the page loaded when, in ms from navigation start (Resource Timing). */
export interface Timeline {
  documentEnd: number | null;
  domContentLoaded: number | null;
  resources: { name: string; start: number; end: number }[];
  /** The page's first WebSocket: when it was created, opened, and first heard from. */
  socket: { created: number | null; open: number | null; firstMessage: number | null };
}

/**
 * Milliseconds from navigation start (the page's time origin) to the first draw call on the
 * board's canvas, cold cache, on emulated regular 3G with a 4× slower CPU.
 */
export async function firstFrameOnSlowPhone(
  browser: Browser,
  url: string,
  cookie?: Cookie,
): Promise<{ ms: number; kind: string | null; timeline: Timeline }> {
  const context = await newContext(browser, new URL(url).origin, cookie);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_PHONE.latency,
      downloadThroughput: SLOW_PHONE.downloadThroughput,
      uploadThroughput: SLOW_PHONE.uploadThroughput,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    await waitForFirstDraw(page, 60_000);
    const state = await read(page);
    const timeline = (await page.evaluate(`(() => {
      const socket = window.__bench.socket;
      const nav = performance.getEntriesByType('navigation')[0];
      return {
        documentEnd: nav ? nav.responseEnd : null,
        domContentLoaded: nav ? nav.domContentLoadedEventEnd : null,
        resources: performance.getEntriesByType('resource').map((entry) => ({
          name: new URL(entry.name).pathname,
          start: entry.startTime,
          end: entry.responseEnd,
        })),
        socket: { ...socket },
      };
    })()`)) as Timeline;
    return { ms: state.firstDraw as number, kind: state.kind, timeline };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------
// 4. Frames while moving and while idle

export interface Motion {
  /** Script time of each animation frame (sum of its rAF callbacks), ms. */
  frameWork: number[];
  /** Frames that ran rAF callbacks during the moving windows. */
  frames: number;
  /** Total main-thread script time during the moving windows (CDP), per frame that ran. */
  scriptPerFrameMs: number | null;
  /** Frames per second between each window's first and last frame. */
  fps: number[];
  /** Text rasterisations during the moving windows. */
  texts: number;
  /** Total length of the moving windows. */
  seconds: number;
}

export interface Idle {
  seconds: number;
  /** Renders (bursts of draw calls on the visible canvas). */
  renders: number;
  /** Animation frames that ran at least one rAF callback. */
  rafFrames: number;
  /** Main-thread script time per second (CDP ScriptDuration). */
  scriptMsPerSecond: number;
  /** Text rasterisations (fillText/strokeText on any canvas). */
  texts: number;
}

/** An open page, instrumented, with CDP for the page's own script-time counters. */
export class LivePage {
  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    private readonly cdp: Awaited<ReturnType<BrowserContext['newCDPSession']>>,
  ) {}

  static async open(browser: Browser, url: string, cookie?: Cookie): Promise<LivePage> {
    const context = await newContext(browser, new URL(url).origin, cookie);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(url, { waitUntil: 'load' });
    await waitForFirstDraw(page, 30_000);
    return new LivePage(context, page, cdp);
  }

  /** Seconds of script the page has run so far (CDP `ScriptDuration`). */
  async scriptSeconds(): Promise<number> {
    const { metrics } = (await this.cdp.send('Performance.getMetrics')) as {
      metrics: { name: string; value: number }[];
    };
    return metrics.find((metric) => metric.name === 'ScriptDuration')?.value ?? 0;
  }

  /**
   * Runs `move` (which starts something moving) and records the frames for `windowMs` after it;
   * several calls add up.
   */
  async recordMotion(into: Motion, move: () => Promise<unknown>, windowMs: number) {
    await this.page.evaluate('window.__bench.frameWork = []; window.__bench.recording = true');
    const texts = (await read(this.page)).texts;
    const script = await this.scriptSeconds();
    await move();
    await this.page.waitForTimeout(windowMs);
    await this.page.evaluate('window.__bench.recording = false');
    const spent = ((await this.scriptSeconds()) - script) * 1000;
    const state = await read(this.page);
    const perFrame = new Map<number, number>();
    for (const [time, ms] of state.frameWork) perFrame.set(time, (perFrame.get(time) ?? 0) + ms);
    into.frameWork.push(...perFrame.values());
    into.texts += state.texts - texts;
    into.seconds += windowMs / 1000;
    const times = [...perFrame.keys()];
    if (times.length > 1) {
      into.fps.push(((times.length - 1) * 1000) / (Math.max(...times) - Math.min(...times)));
    }
    const before = into.frames * (into.scriptPerFrameMs ?? 0);
    into.frames += perFrame.size;
    into.scriptPerFrameMs = into.frames > 0 ? (before + spent) / into.frames : null;
  }

  async idle(ms: number): Promise<Idle> {
    const before = await read(this.page);
    const script = await this.scriptSeconds();
    await this.page.waitForTimeout(ms);
    const after = await read(this.page);
    const spent = ((await this.scriptSeconds()) - script) * 1000;
    return {
      seconds: ms / 1000,
      renders: after.renders - before.renders,
      rafFrames: after.rafFrames - before.rafFrames,
      scriptMsPerSecond: spent / (ms / 1000),
      texts: after.texts - before.texts,
    };
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}
