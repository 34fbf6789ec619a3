// The web benchmark's Chromium: the instrumentation every page gets, the browser and its contexts,
// and waiting for the board's first draw. What it measures with them: the files a page downloads
// and a second visit (browser-bytes.ts), the first frame on an emulated slow phone and the frames
// while something moves and while nothing does (browser-frames.ts).
//
// Every page gets INSTRUMENT before any of its own scripts: it wraps the WebGL(2) draw calls (and
// canvas 2D drawing, in case Pixi falls back) and requestAnimationFrame, recording on
// `window.__bench` the time of the first draw on a canvas that is in the document (Pixi draws text
// into detached canvases; those do not count), how many renders happened (a render = one burst of
// draw calls within one task), how many animation frames ran callbacks, how many times text was
// rasterised (fillText/strokeText on any canvas), and, while `recording`, each rAF callback's
// duration with its frame's timestamp. It also wraps WebSocket, to time the page's first socket:
// created, open, first message (the board's first state).
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { playwrightLaunchOptions } from '#tests/support/chromium.ts';
import type { Transfer } from '#tests/support/transfer-meter.ts';

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

/** The page's first WebSocket: when it was created, opened, and first heard from. */
export interface SocketTimes {
  created: number | null;
  open: number | null;
  firstMessage: number | null;
}

interface BenchState {
  firstDraw: number | null;
  kind: string | null;
  draws: number;
  renders: number;
  rafFrames: number;
  texts: number;
  frameWork: [number, number][];
  socket: SocketTimes;
}

/** Strings, not functions: tsx would wrap a serialised function's inner names in `__name`. */
export const read = (page: Page) =>
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

export async function waitForFirstDraw(page: Page, timeout: number): Promise<void> {
  await page.waitForFunction('window.__bench && window.__bench.firstDraw !== null', null, {
    timeout,
    polling: 100,
  });
}
