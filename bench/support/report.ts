// The shape every benchmark part writes, and the helpers to build, print and save it.
// A part (`bench/<part>/run.ts`) measures, then calls `savePart(result)`; `bench/run.ts` runs every
// part and merges their files into `bench/results/latest.json`.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** One measured number, with what it was measured beside. */
export interface Figure {
  /** null when the part could not measure it (then `note` says why). */
  value: number | null;
  unit: string;
  /** The same measure of the reference, taken in the same run. */
  reference?: { name: string; value: number | null; unit: string };
  /** value / reference.value, when both exist. */
  ratio?: number | null;
  note?: string;
}

/** Figures, possibly grouped (e.g. `rooms100.p99`). */
export interface Section {
  [name: string]: Figure | Section;
}

export interface PartResult {
  figures: Section;
  /** What a reader must know: where a series stopped and why, what was approximated. */
  notes: string[];
  /** Wall-clock seconds the part took. */
  seconds?: number;
  /** When the part ran (ISO 8601; set by savePart). */
  ranAt?: string;
}

export function isFigure(value: Figure | Section): value is Figure {
  return typeof value === 'object' && value !== null && 'unit' in value && 'value' in value;
}

const round = (value: number) =>
  Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 1000) / 1000;

/** A figure; with a reference, the ratio is filled in. */
export function figure(
  value: number | null,
  unit: string,
  reference?: { name: string; value: number | null; unit?: string },
  note?: string,
): Figure {
  const result: Figure = { value: value === null ? null : round(value), unit };
  if (reference) {
    result.reference = {
      name: reference.name,
      value: reference.value === null ? null : round(reference.value),
      unit: reference.unit ?? unit,
    };
    result.ratio =
      value !== null && reference.value !== null && reference.value !== 0
        ? Math.round((value / reference.value) * 1000) / 1000
        : null;
  }
  if (note) result.note = note;
  return result;
}

/** Percentile (0–100) of a list of samples, by nearest rank; null when empty. */
export function percentile(samples: readonly number[], p: number): number | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function median(samples: readonly number[]): number | null {
  return percentile(samples, 50);
}

function format(value: number | null, unit: string): string {
  return value === null ? 'n/a' : `${value} ${unit}`;
}

/** The part's figures as aligned lines: `name  value  (reference: value, ×ratio)`. */
export function tableOf(section: Section, prefix = ''): string[] {
  const lines: string[] = [];
  for (const [name, entry] of Object.entries(section)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (!isFigure(entry)) {
      lines.push(...tableOf(entry, key));
      continue;
    }
    let line = `${key.padEnd(44)} ${format(entry.value, entry.unit).padStart(18)}`;
    if (entry.reference) {
      const ratio = entry.ratio === null || entry.ratio === undefined ? 'n/a' : `×${entry.ratio}`;
      line += `   vs ${entry.reference.name}: ${format(entry.reference.value, entry.reference.unit)} (${ratio})`;
    }
    if (entry.note) line += `   [${entry.note}]`;
    lines.push(line);
  }
  return lines;
}

export const RESULTS_DIR = path.resolve(import.meta.dirname, '../results');

/**
 * Prints the part's table and writes it where `bench/run.ts` expects it (`BENCH_OUT`, else
 * `bench/results/<part>.json`).
 */
export function savePart(part: string, result: PartResult): void {
  console.log(`\n== ${part} ==`);
  for (const line of tableOf(result.figures)) console.log(line);
  for (const note of result.notes) console.log(`note: ${note}`);
  const file = process.env.BENCH_OUT ?? path.join(RESULTS_DIR, `${part}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    `${JSON.stringify({ ...result, ranAt: new Date().toISOString() }, null, 2)}\n`,
  );
}

/** `BENCH_QUICK=1` asks a part for a short run (fewer rounds, smaller loads) to check it works. */
export const QUICK = process.env.BENCH_QUICK === '1';
