// The process tree as Linux /proc shows it: each live process's parent, and a process with every
// process below it, each named by its pid and start time. The start script's servers run in process groups of their own, so a part's
// processes are found by parent id, not by group (the fault suite's crashes, the soak's samples).
import { readdir, readFile } from 'node:fs/promises';

/**
 * One process: its pid and when it started (clock ticks since boot). A pid alone names nothing for
 * long on a machine that starts thousands of processes: it is given again once the counter wraps
 * (`/proc/sys/kernel/pid_max`, 32,768 here), so a test that signals a pid it kept may hit another
 * program's process (a browser's network service, say).
 */
export interface ProcessId {
  pid: number;
  startTime: number;
}

/** State, parent pid and start time of a process, from `/proc/<pid>/stat`; null once gone. */
async function statOf(
  pid: number,
): Promise<{ state: string; ppid: number; startTime: number } | null> {
  const text = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // `pid (comm) state ppid pgrp … starttime …`: comm may hold spaces and parentheses, so read after
  // the last ')'; starttime is the 22nd field, the 20th after it.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  if (!fields[0] || fields.length < 20) return null;
  return { state: fields[0], ppid: Number(fields[1]), startTime: Number(fields[19]) };
}

/** Parent pid of every live (not zombie) process. */
export async function parents(): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await statOf(Number(entry));
    if (stat && stat.state !== 'Z') map.set(Number(entry), stat.ppid);
  }
  return map;
}

/** The live process with this pid now, or null: take it while the process is known to run. */
export async function identify(pid: number): Promise<ProcessId | null> {
  const stat = await statOf(pid);
  return stat && stat.state !== 'Z' ? { pid, startTime: stat.startTime } : null;
}

/** The same process is still running (not another one given its pid since). */
export async function stillRunning(process: ProcessId): Promise<boolean> {
  const now = await identify(process.pid);
  return now !== null && now.startTime === process.startTime;
}

/** `process` (if it still runs) and every live process below it, each identified. */
export async function treeOf(process: ProcessId): Promise<ProcessId[]> {
  if (!(await stillRunning(process))) return [];
  const members: ProcessId[] = [];
  for (const pid of await processTree(process.pid)) {
    const member = await identify(pid);
    if (member) members.push(member);
  }
  return members;
}

/** Sends `signal` to each of these processes that still runs; a pid given to another is spared. */
export async function signalEach(processes: ProcessId[], signal: NodeJS.Signals): Promise<void> {
  for (const member of processes) {
    if (!(await stillRunning(member))) continue;
    try {
      process.kill(member.pid, signal);
    } catch {
      // gone since
    }
  }
}

/** `pid` and every live process below it, parents before children. */
export async function processTree(pid: number): Promise<number[]> {
  const byParent = new Map<number, number[]>();
  for (const [child, parent] of await parents()) {
    byParent.set(parent, [...(byParent.get(parent) ?? []), child]);
  }
  const tree: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift()!;
    tree.push(next);
    queue.push(...(byParent.get(next) ?? []));
  }
  return tree;
}

/** True while a process with this id exists (one we may not signal exists too). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
