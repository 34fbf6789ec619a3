// The room benchmark's measuring tools: a small task pool, CPU accounting of our own processes,
// the memory sampler, and one measured level (closed-loop rolls over a window).
import { performance } from 'node:perf_hooks';
import { percentile } from '../support/report';
import { LevelRun, type BotRoom } from './bots';
import { groupUsage, machineBusyMs, processUsage, type Usage } from './procs';
import { DRAIN_MS, LOST_MS, ROLL_INTERVAL_MS, WARMUP_MS, WINDOW_MS } from './settings';

export const sleep = (ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

export async function pool<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

export async function until(
  check: () => boolean,
  timeoutMs: number,
  everyMs = 50,
): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) return false;
    await sleep(everyMs);
  }
  return true;
}

export function mib(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : Math.round(value * 10) / 10;
}

/** Whose CPU is ours: this process, the partykit dev group and the bare ws server. */
export const ownProcesses: { partyGroup: number | null; barePid: number | null } = {
  partyGroup: null,
  barePid: null,
};

export function ownCpuMs(): number {
  const bots = process.cpuUsage();
  const party = ownProcesses.partyGroup === null ? 0 : groupUsage(ownProcesses.partyGroup).cpuMs;
  const bare = ownProcesses.barePid === null ? 0 : processUsage(ownProcesses.barePid).cpuMs;
  return (bots.user + bots.system) / 1000 + party + bare;
}

// ---- the memory sampler ----

interface Sample {
  at: number;
  party: Usage | null;
  bare: Usage | null;
}

export class Sampler {
  readonly samples: Sample[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly partyGroup: () => number | null,
    private readonly barePid: () => number | null,
  ) {}

  take(): Sample {
    const group = this.partyGroup();
    const bare = this.barePid();
    const sample = {
      at: performance.now(),
      party: group === null ? null : groupUsage(group),
      bare: bare === null ? null : processUsage(bare),
    };
    this.samples.push(sample);
    return sample;
  }

  start(): void {
    this.timer = setInterval(() => this.take(), 250);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  peak(from: number, to: number, which: 'party' | 'bare'): number | null {
    let peak: number | null = null;
    for (const sample of this.samples) {
      if (sample.at < from || sample.at > to) continue;
      const value = sample[which]?.rssMiB;
      if (value !== undefined && (peak === null || value > peak)) peak = value;
    }
    return peak;
  }
}

// ---- one measured level ----

export interface Measured {
  rooms: number;
  p50: number | null;
  p99: number | null;
  rollsPerSecond: number | null;
  /** Server CPU (all its processes) per completed roll, ms. */
  cpuPerRoll: number | null;
  samples: number;
  /** CPU of this (the bots') process during the window, in % of one core. */
  botsCpuShare: number;
  /** CPU the machine spent on processes other than ours (bots, partykit dev, bare ws server), % of one core. */
  othersCpuShare: number;
  level: LevelRun;
  rssBefore: number | null;
  rssPeak: number | null;
  seconds: number;
}

export async function measure(
  rooms: readonly BotRoom[],
  usage: () => Usage | null,
  sampler: Sampler,
  which: 'party' | 'bare',
  rssBefore: number | null,
  setupStartedAt: number,
): Promise<Measured> {
  const start = performance.now();
  const level = new LevelRun(start + WARMUP_MS, start + WARMUP_MS + WINDOW_MS, ROLL_INTERVAL_MS);
  for (const room of rooms) room.level = level;
  for (const room of rooms) room.decide(0);
  const sweep = setInterval(() => {
    const now = performance.now();
    for (const room of rooms) room.expire(now, LOST_MS);
  }, 1_000);
  await sleep(level.windowStart - performance.now());
  const cpuStart = usage()?.cpuMs ?? null;
  const ownStart = ownCpuMs();
  const busyStart = machineBusyMs();
  const botsStart = process.cpuUsage();
  await sleep(level.windowEnd - performance.now());
  const cpuEnd = usage()?.cpuMs ?? null;
  const bots = process.cpuUsage(botsStart);
  const others = machineBusyMs() - busyStart - (ownCpuMs() - ownStart);
  level.rolling = false;
  await until(() => rooms.every((room) => room.idle()), DRAIN_MS);
  clearInterval(sweep);
  for (const room of rooms) room.finish();
  const end = performance.now();
  const completed = level.completedInWindow;
  return {
    rooms: rooms.length,
    p50: percentile(level.latencies, 50),
    p99: percentile(level.latencies, 99),
    rollsPerSecond: completed / (WINDOW_MS / 1000),
    cpuPerRoll:
      cpuStart !== null && cpuEnd !== null && completed > 0
        ? (cpuEnd - cpuStart) / completed
        : null,
    samples: level.latencies.length,
    botsCpuShare: ((bots.user + bots.system) / 1000 / WINDOW_MS) * 100,
    othersCpuShare: Math.max(0, (others / WINDOW_MS) * 100),
    level,
    rssBefore,
    rssPeak: sampler.peak(setupStartedAt, end, which),
    seconds: (end - setupStartedAt) / 1000,
  };
}

export function describeLevel(name: string, m: Measured): string {
  const l = m.level;
  const errors = [...l.errors].map(([text, n]) => `${n}× ${text}`).join('; ');
  return (
    `${name} ${m.rooms} rooms: p50 ${m.p50?.toFixed(1)} ms, p99 ${m.p99?.toFixed(1)} ms, ` +
    `${m.rollsPerSecond?.toFixed(0)} rolls/s, sent ${l.sent}, measured ${m.samples}, ` +
    `lost ${l.lost}, refused ${l.refused}, auto ${l.autoRolls}` +
    (l.autoWaits.length ? ` (waited p50 ${percentile(l.autoWaits, 50)?.toFixed(0)} ms)` : '') +
    (errors ? `, errors: ${errors}` : '') +
    `, cpu/roll ${m.cpuPerRoll?.toFixed(2)} ms, bots ${m.botsCpuShare.toFixed(0)}% of a core, other processes ${m.othersCpuShare.toFixed(0)}%, rss ${mib(m.rssBefore)}→${mib(m.rssPeak)} MiB` +
    ` (${m.seconds.toFixed(1)} s)`
  );
}
