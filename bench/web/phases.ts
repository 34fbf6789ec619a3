// What every phase of the `web` benchmark shares: how many runs and rolls, the references' names,
// the notes the report ends with, the progress log, and the phase runner that turns a failure into
// a note so that the phases after it still run.
import { QUICK } from '../support/report';

export const RUNS = QUICK ? 1 : 3;
export const ROLLS = QUICK ? 1 : 3;

export const started = Date.now();
/** The report's notes, in the order the phases add them. */
export const notes: string[] = [];
export const REF_PAGE = 'bare React page';
export const REF_BOARD = 'bare React + @pixi/react board';

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function log(message: string): void {
  console.log(`[web ${Math.round((Date.now() - started) / 1000)}s] ${message}`);
}

/**
 * `BENCH_WEB_PHASES=bytes,moving`: only the phases whose names are, or begin with, one of these (by
 * the names `run.ts` gives them); all when unset. The others are left out of the report, not
 * recorded as failed.
 */
const ONLY = process.env.BENCH_WEB_PHASES?.split(',')
  .map((name) => name.trim())
  .filter((name) => name !== '');

export function phaseWanted(name: string): boolean {
  return ONLY === undefined || ONLY.length === 0 || ONLY.some((start) => name.startsWith(start));
}

/** One measurement phase: a failure becomes a note, and the phases after it still run. */
export async function phase(name: string, work: () => Promise<void>): Promise<void> {
  if (!phaseWanted(name)) {
    log(`${name} left out (BENCH_WEB_PHASES)`);
    return;
  }
  try {
    await work();
    log(`${name} measured`);
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    notes.push(`${name}: not measured (${message})`);
    log(`${name} failed: ${message}`);
  }
}
