// What the server processes use, read from /proc (Linux): the resident memory and CPU time of a
// whole process group (`partykit dev` is a node process plus its workerd child, in one group).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond: number | null = null;

function clockTicks(): number {
  if (ticksPerSecond === null) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    } catch {
      ticksPerSecond = 100;
    }
    if (!Number.isFinite(ticksPerSecond) || ticksPerSecond <= 0) ticksPerSecond = 100;
  }
  return ticksPerSecond;
}

interface ProcStat {
  pid: number;
  name: string;
  pgrp: number;
  /** utime + stime, in clock ticks. */
  cpuTicks: number;
}

function statOf(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: split after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state); pgrp is field 5, utime 14, stime 15.
    return {
      pid,
      name: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')),
      pgrp: Number(fields[2]),
      cpuTicks: Number(fields[11]) + Number(fields[12]),
    };
  } catch {
    return null;
  }
}

function rssKiBOf(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

function allPids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

/** The pid of the process whose command line holds `needle` (e.g. a unique temp folder). */
export function findPidByArgument(needle: string): number | null {
  for (const pid of allPids()) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmdline.includes(needle) && pid !== process.pid) return pid;
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

export function groupOf(pid: number): number | null {
  return statOf(pid)?.pgrp ?? null;
}

export interface Usage {
  /** Sum of VmRSS over the group, in MiB. */
  rssMiB: number;
  /** Sum of user + system CPU over the group's living processes, in ms. */
  cpuMs: number;
  processes: number;
}

/** RSS and CPU time of every process in the group `pgrp`. */
export function groupUsage(pgrp: number): Usage {
  let rssKiB = 0;
  let ticks = 0;
  let processes = 0;
  for (const pid of allPids()) {
    const stat = statOf(pid);
    if (!stat || stat.pgrp !== pgrp) continue;
    processes += 1;
    ticks += stat.cpuTicks;
    rssKiB += rssKiBOf(pid);
  }
  return { rssMiB: rssKiB / 1024, cpuMs: (ticks / clockTicks()) * 1000, processes };
}

/** Each process of the group: its name, RSS (MiB) and CPU time (ms). */
export function groupProcesses(
  pgrp: number,
): { pid: number; name: string; rssMiB: number; cpuMs: number }[] {
  return allPids()
    .map((pid) => statOf(pid))
    .filter((stat): stat is ProcStat => stat !== null && stat.pgrp === pgrp)
    .map((stat) => ({
      pid: stat.pid,
      name: stat.name,
      rssMiB: rssKiBOf(stat.pid) / 1024,
      cpuMs: (stat.cpuTicks / clockTicks()) * 1000,
    }));
}

/** CPU time the whole machine spent busy (all cores, not idle or waiting for I/O), in ms. */
export function machineBusyMs(): number {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return ((total - idle) / clockTicks()) * 1000;
  } catch {
    return 0;
  }
}

/** Open file descriptors of one process and its soft limit (null when unreadable). */
export function openFiles(pid: number): { open: number; limit: number | null } {
  let open = 0;
  let limit: number | null = null;
  try {
    open = readdirSync(`/proc/${pid}/fd`).length;
    const match = /^Max open files\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'));
    limit = match ? Number(match[1]) : null;
  } catch {
    // gone
  }
  return { open, limit };
}

/** RSS and CPU time of one process. */
export function processUsage(pid: number): Usage {
  const stat = statOf(pid);
  if (!stat) return { rssMiB: 0, cpuMs: 0, processes: 0 };
  return {
    rssMiB: rssKiBOf(pid) / 1024,
    cpuMs: (stat.cpuTicks / clockTicks()) * 1000,
    processes: 1,
  };
}
