// The `web` benchmark's first-frame phase: time to the board's first draw on a slow phone (regular
// 3G, 4× slower CPU), run after run, and the typical run's waterfall for the notes.
import path from 'node:path';
import type { Browser } from '@playwright/test';
import type { Cookie } from './browser';
import { firstFrameOnSlowPhone, type Timeline } from './browser-frames';
import { notes, RUNS } from './phases';

export async function measureFirstFrames(
  browser: Browser,
  url: string,
  cookie: Cookie | undefined,
  label: string,
): Promise<number[]> {
  const runs: { ms: number; timeline: Timeline }[] = [];
  const kinds = new Set<string>();
  for (let run = 0; run < RUNS; run += 1) {
    const { ms, kind, timeline } = await firstFrameOnSlowPhone(browser, url, cookie);
    runs.push({ ms, timeline });
    if (kind) kinds.add(kind);
  }
  const samples = runs.map((run) => run.ms);
  notes.push(
    `firstFrame3g ${label}: runs ${samples.map((ms) => Math.round(ms)).join(', ')} ms; drawn with ${[...kinds].join('/') || '?'}`,
  );
  const typical = [...runs].sort((a, b) => a.ms - b.ms)[Math.floor((runs.length - 1) / 2)];
  if (typical) notes.push(`firstFrame3g ${label} timeline: ${describeTimeline(typical)}`);
  return samples;
}

/**
 * The typical run's waterfall: the document, DOMContentLoaded, what was fetched after it, and the
 * page's socket (the board's first state is its first message; the reference has no socket).
 */
export function describeTimeline({ ms, timeline }: { ms: number; timeline: Timeline }): string {
  const at = (value: number | null) => (value === null ? '?' : String(Math.round(value)));
  const dcl = timeline.domContentLoaded ?? 0;
  const late = timeline.resources
    .filter((entry) => entry.start >= dcl)
    .map((entry) => `${path.basename(entry.name)} ${at(entry.start)}→${at(entry.end)}`);
  const early = timeline.resources.filter((entry) => entry.start < dcl);
  const earlyEnd = early.length > 0 ? Math.max(...early.map((entry) => entry.end)) : null;
  return [
    `document ${at(timeline.documentEnd)}`,
    `${early.length} files requested before DOMContentLoaded, done at ${at(earlyEnd)}`,
    `DOMContentLoaded ${at(dcl)}`,
    `then ${late.join(', ') || 'nothing'}`,
    `socket created ${at(timeline.socket.created)}, open ${at(timeline.socket.open)}, first message ${at(timeline.socket.firstMessage)}`,
    `first draw ${at(ms)} ms`,
  ].join('; ');
}
