// The process tree as Linux /proc shows it: each live process's parent, and a process with every
// process below it. The start script's servers run in process groups of their own, so a part's
// processes are found by parent id, not by group (the fault suite's crashes, the soak's samples).
import { readdir, readFile } from 'node:fs/promises';

/** State, parent pid and process group of a process, from `/proc/<pid>/stat`; null once gone. */
async function statOf(
  pid: number | 'self',
): Promise<{ state: string; ppid: number; pgrp: number } | null> {
  const text = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // `pid (comm) state ppid pgrp …`: comm may hold spaces and parentheses, so read after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  if (!fields[0] || fields.length < 3) return null;
  return { state: fields[0], ppid: Number(fields[1]), pgrp: Number(fields[2]) };
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

/**
 * The process groups of `pid` and every process below it, but never this process's own. A group
 * outlives its leader: a server's workers stay in its group after the server itself has exited.
 */
export async function groupsOfTree(pid: number): Promise<number[]> {
  const own = (await statOf('self'))?.pgrp;
  const groups = new Set<number>();
  for (const member of await processTree(pid)) {
    const stat = await statOf(member);
    if (stat && stat.pgrp !== own && stat.pgrp > 1) groups.add(stat.pgrp);
  }
  return [...groups];
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
