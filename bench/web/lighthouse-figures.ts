// The `web` benchmark's Lighthouse phase: the audits run by run (lighthouse.ts starts the auditor),
// their medians beside the references, and the notes on each run (layout shifts, boot-up time,
// unused JavaScript).
import path from 'node:path';
import { figure, median, type Section } from '../support/report';
import { PWA_AUDITS, startAuditor, type LighthouseRun } from './lighthouse';
import { kB, log, notes, RUNS } from './phases';

const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

export async function measureLighthouse(
  targets: { name: string; url: string; cookie?: string; before?: () => Promise<unknown> }[],
): Promise<Record<string, LighthouseRun[]>> {
  const auditor = await startAuditor();
  const runs: Record<string, LighthouseRun[]> = {};
  try {
    for (let run = 0; run < RUNS; run += 1) {
      for (const target of targets) {
        await target.before?.();
        const result = await auditor.run(target.url, target.cookie);
        (runs[target.name] ??= []).push(result);
        log(`lighthouse ${target.name} run ${run + 1}: score ${result.score}`);
      }
    }
  } finally {
    await auditor.close();
  }
  return runs;
}

export function lighthouseSection(
  runs: LighthouseRun[],
  refRuns: LighthouseRun[],
  refName: string,
): Section {
  const pick = (list: LighthouseRun[], key: keyof LighthouseRun) =>
    median(list.map((run) => run[key]).filter((value): value is number => value !== null));
  const entry = (key: keyof LighthouseRun, unit: string) =>
    figure(pick(runs, key), unit, { name: refName, value: pick(refRuns, key) });
  return {
    score: entry('score', 'points'),
    lcp: entry('lcpMs', 'ms'),
    tbt: entry('tbtMs', 'ms'),
    cls: entry('cls', 'score'),
    // The old PWA category's checks that Lighthouse 12 keeps: how many of them every run passed.
    pwaChecksPassed: figure(
      runs.length === 0
        ? null
        : PWA_AUDITS.filter((id) => runs.every((run) => run.pwa[id] === true)).length,
      `of ${PWA_AUDITS.length}`,
    ),
  };
}

export function lighthouseNotes(lighthouse: Record<string, LighthouseRun[]>): void {
  const file = (url: string) => (URL.canParse(url) ? path.basename(new URL(url).pathname) : url);
  for (const [name, runs] of Object.entries(lighthouse)) {
    notes.push(
      `lighthouse ${name} runs: ${runs.map((run) => `score ${run.score} LCP ${round1(run.lcpMs)} TBT ${round1(run.tbtMs)} CLS ${run.cls?.toFixed(3)}`).join(' | ')}`,
    );
    const shifts = runs.flatMap((run, index) =>
      run.shifts.map((shift) => `run ${index + 1}: ${shift.element} ${shift.score.toFixed(3)}`),
    );
    if (shifts.length > 0) notes.push(`lighthouse ${name} layout shifts: ${shifts.join(', ')}`);
    const first = runs[0];
    if (first?.lcpElement) {
      const { element, phases } = first.lcpElement;
      notes.push(
        `lighthouse ${name} LCP element (run 1): ${element}; ${phases.map((phase) => `${phase.phase} ${Math.round(phase.ms)} ms`).join(', ')}`,
      );
    }
    if (first && first.bootup.length > 0) {
      notes.push(
        `lighthouse ${name} bootup-time (run 1, simulated slow CPU): ${first.bootup.map((item) => `${file(item.url)} ${Math.round(item.totalMs)} ms (script ${Math.round(item.scriptingMs)})`).join(', ')}`,
      );
    }
    if (first && first.unused.length > 0) {
      notes.push(
        `lighthouse ${name} unused-javascript (run 1): ${first.unused.map((item) => `${file(item.url)} ${kB(item.wastedBytes)} of ${kB(item.totalBytes)} unused`).join(', ')}`,
      );
    }
  }
}
