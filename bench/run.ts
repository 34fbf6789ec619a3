// `npm run bench`: runs every benchmark part in its own process, one after the other (they would
// disturb each other's numbers otherwise), then merges what they wrote into
// `bench/results/latest.json` beside the machine's facts, and prints the whole table.
//
//   npm run bench                 every part
//   npm run bench -- room web     only these parts
//   BENCH_QUICK=1 npm run bench   short runs, to check that everything works
//
// A part that fails or runs over its time limit is recorded with its error; the rest go on.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { QUICK, RESULTS_DIR, tableOf, type PartResult } from './support/report';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Each part's own time limit, in seconds (full mode; quick runs are far shorter). */
const PARTS: Record<string, number> = {
  engine: 60,
  ledger: 90,
  site: 150,
  room: 270,
  capacity: 270,
  web: 600,
};

/** Quick runs get 120 s, or this (the web part starts the product and a Chromium several times). */
const QUICK_LIMITS: Record<string, number> = { web: 360 };

interface Failed {
  error: string;
}

function runPart(part: string, limitSeconds: number): Promise<PartResult | Failed> {
  const out = path.join(RESULTS_DIR, `${part}.json`);
  rmSync(out, { force: true });
  return new Promise((resolve) => {
    const child = spawn(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      [path.join(ROOT, 'bench', part, 'run.ts')],
      {
        cwd: ROOT,
        env: { ...process.env, BENCH_OUT: out },
        stdio: 'inherit',
        // Its own process group: a part that runs over is stopped with everything it started.
        detached: true,
      },
    );
    const timer = setTimeout(() => {
      console.error(`[bench] ${part} ran over ${limitSeconds} s; stopping it`);
      try {
        process.kill(-child.pid!, 'SIGTERM');
        setTimeout(() => {
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            // already gone
          }
        }, 5_000).unref();
      } catch {
        // already gone
      }
    }, limitSeconds * 1000);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(readFileSync(out, 'utf8')) as PartResult);
      } catch {
        resolve({ error: `exited with ${signal ?? `code ${code}`} without writing its results` });
      }
    });
  });
}

function machine() {
  const cpus = os.cpus();
  return {
    cores: os.availableParallelism(),
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    date: new Date().toISOString(),
    quick: QUICK,
  };
}

async function main(): Promise<void> {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((part) => !(part in PARTS));
  if (unknown.length > 0) {
    console.error(
      `unknown part(s): ${unknown.join(', ')}; parts are ${Object.keys(PARTS).join(', ')}`,
    );
    process.exit(2);
  }
  const parts = asked.length > 0 ? asked : Object.keys(PARTS);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const started = Date.now();
  const results: Record<string, PartResult | Failed> = {};

  for (const part of parts) {
    console.log(`\n[bench] ${part}…`);
    const partStarted = Date.now();
    results[part] = await runPart(part, QUICK ? (QUICK_LIMITS[part] ?? 120) : PARTS[part]!);
    console.log(`[bench] ${part} took ${Math.round((Date.now() - partStarted) / 1000)} s`);
  }

  // A run of some parts keeps the other parts' last figures (each part says when it ran).
  let previous: Record<string, unknown> = {};
  if (asked.length > 0) {
    try {
      previous = JSON.parse(readFileSync(path.join(RESULTS_DIR, 'latest.json'), 'utf8')) as Record<
        string,
        unknown
      >;
    } catch {
      previous = {};
    }
  }
  const latest = { ...previous, machine: machine(), ...results };
  writeFileSync(path.join(RESULTS_DIR, 'latest.json'), `${JSON.stringify(latest, null, 2)}\n`);

  console.log(`\n==== summary (${Math.round((Date.now() - started) / 1000)} s) ====`);
  console.log(JSON.stringify(latest.machine));
  for (const [part, result] of Object.entries(results) as [string, PartResult | Failed][]) {
    console.log(`\n-- ${part} --`);
    if ('error' in result) {
      console.log(`FAILED: ${result.error}`);
      continue;
    }
    for (const line of tableOf(result.figures)) console.log(line);
    for (const note of result.notes) console.log(`note: ${note}`);
  }
  console.log(`\nwritten: ${path.relative(ROOT, path.join(RESULTS_DIR, 'latest.json'))}`);
}

void main();
