// The product's processes as the soak sees them (Linux /proc): every descendant of the start
// script (the site server, `partykit dev` and its workerd each run in their own process group, so
// the tree is walked by parent id), with a short role, its resident memory and its open files.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { processTree } from '#tests/support/process-tree.ts';

export interface ProcessSample {
  pid: number;
  /** `start`, `site`, `partykit`, `workerd`, `esbuild`, or the command's own name. */
  role: string;
  rssMiB: number;
  /** Entries of /proc/<pid>/fd. */
  openFiles: number;
  /** Of those, sockets, and the TCP ones the other side has closed but this process has not. */
  sockets: number;
  closeWait: number;
}

function roleOf(pid: number): string {
  let command: string;
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return 'gone';
  }
  if (command.includes('workerd')) return 'workerd';
  if (command.includes('esbuild')) return 'esbuild';
  if (command.includes('partykit')) return 'partykit';
  // `tsx` is a small node process that runs the script in a second node process.
  const wrapper = command.includes('.bin/tsx') ? ' (tsx)' : '';
  if (command.includes('site/server/main')) return `site${wrapper}`;
  if (command.includes('scripts/start.ts')) return `start${wrapper}`;
  return command.split(' ')[0]?.split('/').pop() ?? 'unknown';
}

function rssMiBOf(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** TCP socket inodes of the machine (this network namespace) in CLOSE_WAIT (state 08). */
function closeWaitInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['tcp', 'tcp6']) {
    try {
      for (const line of readFileSync(`/proc/${pid}/net/${table}`, 'utf8').split('\n').slice(1)) {
        const fields = line.trim().split(/\s+/);
        if (fields[3] === '08' && fields[9]) inodes.add(fields[9]);
      }
    } catch {
      // gone, or no such table
    }
  }
  return inodes;
}

function filesOf(pid: number): { openFiles: number; sockets: number; closeWait: number } {
  let names: string[];
  try {
    names = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return { openFiles: 0, sockets: 0, closeWait: 0 };
  }
  const closing = closeWaitInodes(pid);
  let sockets = 0;
  let closeWait = 0;
  for (const name of names) {
    let target: string;
    try {
      target = readlinkSync(`/proc/${pid}/fd/${name}`);
    } catch {
      continue;
    }
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode === undefined) continue;
    sockets += 1;
    if (closing.has(inode)) closeWait += 1;
  }
  return { openFiles: names.length, sockets, closeWait };
}

/** Each process of the product's tree that is worth watching (the long-lived servers). */
export async function sampleProcesses(root: number): Promise<ProcessSample[]> {
  return (await processTree(root))
    .map((pid) => ({ pid, role: roleOf(pid), rssMiB: rssMiBOf(pid), ...filesOf(pid) }))
    .filter((sample) => sample.role !== 'gone' && sample.rssMiB > 0);
}

/** One line: `site[pid] 123 MiB 45 fd (12 tcp, 0 close-wait) · …` (esbuild's helpers left out). */
export function describeProcesses(samples: ProcessSample[]): string {
  return samples
    .filter((s) => s.role !== 'esbuild')
    .map(
      (s) =>
        `${s.role}[${s.pid}] ${s.rssMiB.toFixed(0)} MiB ${s.openFiles} fd` +
        (s.sockets > 0 ? ` (${s.sockets} sockets, ${s.closeWait} close-wait)` : ''),
    )
    .join(' · ');
}
