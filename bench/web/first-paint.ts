// The `web` benchmark's first-paint phase (`firstPaint3g`): the board page on regular 3G with a 4×
// slower CPU, cold cache. When the board is readable (its SVG, all 20 tiles, in the first HTML and
// painted), the page's largest contentful paint, when the canvas takes over, and the layout shift
// from navigation to the takeover. Beside the bare React + Pixi board's first frame under the same
// conditions (`firstFrameOnSlowPhone`).
import type { Browser } from '@playwright/test';
import { figure, median } from '../support/report';
import { newContext, type Cookie } from './browser';
import { firstFrameOnSlowPhone, throttleToSlowPhone } from './browser-frames';
import { notes, REF_BOARD, RUNS } from './phases';

interface FirstPaint {
  /** The board's 20 tiles in the document and painted (ms from navigation start). */
  readable: number | null;
  fcp: number | null;
  lcp: number | null;
  lcpElement: string | null;
  /** `data-renderer="canvas"` on the board's box. */
  takeover: number | null;
  /** Layout shift from navigation to the takeover (no input). */
  shift: number;
}

/** Installed before the page's own scripts: watches the board, paints and shifts. */
const WATCH = `(() => {
  const marks = { boardSeen: null, boardFrame: null, fcp: null, lcp: null, lcpElement: null, takeover: null, shift: 0 };
  window.__firstPaint = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') marks.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      marks.lcp = entry.startTime;
      marks.lcpElement = entry.element ? entry.element.tagName.toLowerCase() + (entry.element.className && typeof entry.element.className === 'string' ? '.' + entry.element.className.split(' ')[0] : '') : null;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput && marks.takeover === null) marks.shift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  const look = () => {
    if (marks.boardSeen === null && document.querySelectorAll('[data-board] [data-tile]').length === 20) {
      marks.boardSeen = performance.now();
      requestAnimationFrame(() => { marks.boardFrame = performance.now(); });
    }
    if (marks.takeover === null && document.querySelector('[data-renderer="canvas"]')) marks.takeover = performance.now();
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-renderer'] });
})()`;

async function firstPaintOnSlowPhone(
  browser: Browser,
  url: string,
  cookie: Cookie,
): Promise<FirstPaint> {
  const context = await newContext(browser, new URL(url).origin, cookie);
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: WATCH });
    await throttleToSlowPhone(context, page);
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    await page.waitForSelector('[data-renderer="canvas"]', { state: 'attached', timeout: 90_000 });
    // A frame after the takeover, so a shift it caused is reported.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const marks = (await page.evaluate('window.__firstPaint')) as {
      boardSeen: number | null;
      boardFrame: number | null;
      fcp: number | null;
      lcp: number | null;
      lcpElement: string | null;
      takeover: number | null;
      shift: number;
    };
    // The board is readable once it is in the document and the page has painted: at the first
    // contentful paint when it came with the first HTML, else at the frame after it arrived.
    const seen = marks.boardFrame ?? marks.boardSeen;
    const readable = seen === null ? null : Math.max(seen, marks.fcp ?? 0);
    return {
      readable,
      fcp: marks.fcp,
      lcp: marks.lcp,
      lcpElement: marks.lcpElement,
      takeover: marks.takeover,
      shift: marks.shift,
    };
  } finally {
    await context.close();
  }
}

const valuesOf = (runs: FirstPaint[], key: 'readable' | 'lcp' | 'takeover' | 'shift') =>
  runs.map((run) => run[key]).filter((value): value is number => value !== null);

export async function measureFirstPaint(
  browser: Browser,
  boardUrl: string,
  cookie: Cookie,
  referenceUrl: string,
) {
  const runs: FirstPaint[] = [];
  const reference: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    runs.push(await firstPaintOnSlowPhone(browser, boardUrl, cookie));
    reference.push((await firstFrameOnSlowPhone(browser, referenceUrl)).ms);
  }
  const round = (value: number | null) => (value === null ? '?' : String(Math.round(value)));
  notes.push(
    `firstPaint3g board: runs (readable / FCP / LCP (element) / canvas takeover / shift) ${runs
      .map(
        (r) =>
          `${round(r.readable)} / ${round(r.fcp)} / ${round(r.lcp)} (${r.lcpElement ?? '?'}) / ${round(r.takeover)} ms / ${r.shift.toFixed(4)}`,
      )
      .join('; ')}; reference first frame ${reference.map((ms) => Math.round(ms)).join(', ')} ms`,
  );
  const ref = { name: `${REF_BOARD}, first frame`, value: median(reference) };
  return {
    readable: figure(median(valuesOf(runs, 'readable')), 'ms', ref),
    lcp: figure(median(valuesOf(runs, 'lcp')), 'ms', ref),
    canvasTakeover: figure(median(valuesOf(runs, 'takeover')), 'ms', ref),
    layoutShift: figure(Math.max(0, ...valuesOf(runs, 'shift')), 'CLS', {
      name: REF_BOARD,
      value: 0,
    }),
  };
}
