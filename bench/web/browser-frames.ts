// The web benchmark's frame figures in Chromium: the board's first frame on an emulated slow phone
// (with the page's waterfall and socket), and the frames drawn and script spent while trucks move
// and while nothing does.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { newContext, read, waitForFirstDraw, type Cookie, type SocketTimes } from './browser';

/** Regular 3G as DevTools defines it, plus a 4× slower CPU. */
export const SLOW_PHONE = {
  latency: 300,
  downloadThroughput: (700 * 1024) / 8,
  uploadThroughput: (700 * 1024) / 8,
  cpuSlowdown: 4,
};

/** Puts `page` on regular 3G with a 4× slower CPU (CDP), before it navigates. */
export async function throttleToSlowPhone(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_PHONE.latency,
    downloadThroughput: SLOW_PHONE.downloadThroughput,
    uploadThroughput: SLOW_PHONE.uploadThroughput,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
}

/** What the page loaded when, in ms from navigation start (Resource Timing). */
export interface Timeline {
  documentEnd: number | null;
  domContentLoaded: number | null;
  resources: { name: string; start: number; end: number }[];
  /** The page's first WebSocket. */
  socket: SocketTimes;
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
    await throttleToSlowPhone(context, page);
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
