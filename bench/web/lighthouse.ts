// Lighthouse's mobile performance audit (its default config: a mid-range phone's screen, simulated
// slow 4G and a 4× slower CPU) through its Node API, in one Chromium started with chrome-launcher
// and reused for every run. Signed-in pages get the session cookie as an extra header.
// Beside performance, the two checks of the old PWA category that Lighthouse 12 still has
// (`viewport`, `is-on-https`); it dropped the installability audits, which the benchmark asks of
// Chromium itself instead (browser.ts, `installability`).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { resolveChromium } from '#tests/support/chromium.ts';

export interface LighthouseRun {
  /** 0–100. */
  score: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** Lighthouse's `bootup-time` items: script time per file (simulated slow CPU), biggest first. */
  bootup: { url: string; totalMs: number; scriptingMs: number }[];
  /** Lighthouse's `unused-javascript` items: bytes (transfer) a file ships that the load did not run. */
  unused: { url: string; totalBytes: number; wastedBytes: number }[];
  /** Lighthouse's `layout-shifts` items: the element that moved most in each shift, and its score. */
  shifts: { element: string; score: number }[];
  /**
   * Lighthouse's `largest-contentful-paint-element`: the element that was the LCP, and the phases of
   * its time (TTFB, load delay, load time, render delay: what the LCP waited for).
   */
  lcpElement: { element: string; phases: { phase: string; ms: number }[] } | null;
  /** The surviving PWA checks: audit id → passed (score 1). */
  pwa: Record<string, boolean | null>;
}

export const PWA_AUDITS = ['viewport', 'is-on-https'] as const;

interface Items {
  details?: { items?: Record<string, unknown>[] };
}

const itemsOf = (audit: unknown) =>
  ((audit as Items | undefined)?.details?.items ?? []).slice(0, 5);

type Node = { selector?: string; snippet?: string } | undefined;
const elementOf = (node: Node) => node?.selector ?? node?.snippet ?? 'unattributed';

/** The LCP element audit is a list of two tables: the element, then the phases of its time. */
function lcpElementOf(audit: unknown): LighthouseRun['lcpElement'] {
  const tables = itemsOf(audit) as Items['details'][];
  const element = tables[0]?.items?.[0]?.node as Node;
  if (!element) return null;
  const phases = (tables[1]?.items ?? []).map((item) => ({
    phase: String(item.phase),
    ms: Number(item.timing),
  }));
  return { element: elementOf(element), phases };
}

export interface Auditor {
  run(url: string, cookie?: string): Promise<LighthouseRun>;
  close(): Promise<void>;
}

export async function startAuditor(): Promise<Auditor> {
  const browser = resolveChromium();
  const chrome = await chromeLauncher.launch({
    chromePath: browser.executablePath,
    chromeFlags: browser.args,
    envVars: { ...process.env, ...browser.env },
    logLevel: 'silent',
  });
  return {
    async run(url, cookie) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        onlyAudits: [...PWA_AUDITS],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
      const lhr = result?.lhr;
      const numeric = (id: string) => lhr?.audits[id]?.numericValue ?? null;
      const score = lhr?.categories.performance?.score;
      return {
        score: typeof score === 'number' ? score * 100 : null,
        lcpMs: numeric('largest-contentful-paint'),
        tbtMs: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        bootup: itemsOf(lhr?.audits['bootup-time']).map((item) => ({
          url: String(item.url),
          totalMs: Number(item.total),
          scriptingMs: Number(item.scripting),
        })),
        unused: itemsOf(lhr?.audits['unused-javascript']).map((item) => ({
          url: String(item.url),
          totalBytes: Number(item.totalBytes),
          wastedBytes: Number(item.wastedBytes),
        })),
        pwa: Object.fromEntries(
          PWA_AUDITS.map((id) => {
            const auditScore = lhr?.audits[id]?.score;
            return [id, typeof auditScore === 'number' ? auditScore === 1 : null];
          }),
        ),
        shifts: itemsOf(lhr?.audits['layout-shifts']).map((item) => ({
          element: elementOf(item.node as Node),
          score: Number(item.score),
        })),
        lcpElement: lcpElementOf(lhr?.audits['largest-contentful-paint-element']),
      };
    },
    async close() {
      chrome.kill();
    },
  };
}
