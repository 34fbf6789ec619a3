// What crossed the network while a page loaded, in Chromium, counting what a service worker
// fetched too (which Playwright does not report): the web benchmark's second-visit bytes and the
// browser test of the service worker both read it.
import type { Browser, BrowserContext, Page } from '@playwright/test';

/** Bytes that crossed the network during one load (headers and encoded bodies). */
export interface Transfer {
  /** Every request of the page and of its service worker. */
  totalBytes: number;
  /** The /assets/*.js files among them. */
  jsBytes: number;
  /** /assets/*.js files the page took from the service worker (none of them crossed the network). */
  jsFromWorker: number;
  /** The URL paths that crossed the network, biggest first (for the notes). */
  fromNetwork: { path: string; bytes: number }[];
}

type CdpSession = Awaited<ReturnType<BrowserContext['newCDPSession']>>;

interface Loaded {
  url: string;
  bytes: number;
  fromWorker: boolean;
}

/**
 * Network bytes seen by Chromium (CDP `Network.loadingFinished` → `encodedDataLength`), for the
 * page and for every service worker. Playwright does not report a worker's own requests, so the
 * worker targets are attached through a browser-level session (`Target.attachToTarget`, not
 * flattened: their events come back as `Target.receivedMessageFromTarget`). A response the worker
 * gave the page costs the page 0 bytes; what the worker fetched for it is counted on the worker.
 */
export class TransferMeter {
  private loaded: Loaded[] = [];

  private constructor(
    private readonly pageCdp: CdpSession,
    private readonly browserCdp: CdpSession,
  ) {}

  static async start(browser: Browser, context: BrowserContext, page: Page) {
    const pageCdp = await context.newCDPSession(page);
    const browserCdp = await browser.newBrowserCDPSession();
    const meter = new TransferMeter(pageCdp, browserCdp);
    meter.follow(pageCdp);
    await pageCdp.send('Network.enable');
    await meter.followWorkers();
    return meter;
  }

  /** The page's own requests. */
  private follow(cdp: CdpSession): void {
    const pending = new Map<string, { url: string; fromWorker: boolean }>();
    cdp.on('Network.responseReceived', (event) => {
      pending.set(event.requestId, {
        url: event.response.url,
        fromWorker: event.response.fromServiceWorker === true,
      });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const response = pending.get(event.requestId);
      if (response) this.loaded.push({ ...response, bytes: event.encodedDataLength });
    });
  }

  /** Every service worker, now and later: their requests, as raw protocol messages. */
  private async followWorkers(): Promise<void> {
    const urls = new Map<string, string>();
    this.browserCdp.on('Target.receivedMessageFromTarget', (event) => {
      const message = JSON.parse(event.message) as {
        method?: string;
        params?: Record<string, unknown>;
      };
      const id = `${event.sessionId}:${String(message.params?.requestId)}`;
      if (message.method === 'Network.responseReceived') {
        urls.set(id, String((message.params?.response as { url: string }).url));
      } else if (message.method === 'Network.loadingFinished') {
        const url = urls.get(id);
        const bytes = Number(message.params?.encodedDataLength);
        if (url) this.loaded.push({ url, bytes, fromWorker: false });
      }
    });
    const attach = async (targetId: string) => {
      const { sessionId } = await this.browserCdp.send('Target.attachToTarget', {
        targetId,
        flatten: false,
      });
      await this.browserCdp.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id: 1, method: 'Network.enable' }),
      });
    };
    this.browserCdp.on('Target.targetCreated', (event) => {
      if (event.targetInfo.type === 'service_worker') void attach(event.targetInfo.targetId);
    });
    await this.browserCdp.send('Target.setDiscoverTargets', { discover: true });
  }

  /** What crossed the network since the last call. */
  take(): Transfer {
    const all = this.loaded;
    this.loaded = [];
    const isJs = (url: string) => {
      const { pathname } = new URL(url);
      return pathname.startsWith('/assets/') && pathname.endsWith('.js');
    };
    const network = all
      .filter((entry) => entry.bytes > 0)
      .map((entry) => ({
        path: new URL(entry.url).pathname,
        bytes: entry.bytes,
        js: isJs(entry.url),
      }))
      .sort((a, b) => b.bytes - a.bytes);
    return {
      totalBytes: network.reduce((sum, entry) => sum + entry.bytes, 0),
      jsBytes: network.filter((entry) => entry.js).reduce((sum, entry) => sum + entry.bytes, 0),
      jsFromWorker: new Set(
        all.filter((entry) => entry.fromWorker && isJs(entry.url)).map((entry) => entry.url),
      ).size,
      fromNetwork: network.map(({ path, bytes }) => ({ path, bytes })),
    };
  }

  async stop(): Promise<void> {
    await this.browserCdp.detach().catch(() => {});
    await this.pageCdp.detach().catch(() => {});
  }
}
