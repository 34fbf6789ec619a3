// `npm start` (scripts/start.ts) as the README runs it, for the end-to-end tests of the command
// itself: the script as a child process with its output, whether a port is free again, the
// permission bits of a data folder, and the site server's pid. (The fault suite's parts, each with
// its own data and restarts, are `start-script.ts`.)
import { spawn } from 'node:child_process';
import { readdir, readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { ROOT } from '#scripts/build-site.ts';
import { typescriptCommand } from '#scripts/typescript-process.ts';
import { identify } from './process-tree';
import { stopProductProcess } from './product';

export async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

export interface StartedScript {
  /** The process started (with `npm`, npm's, which leads its process group). */
  pid: number;
  output(): string;
  exited: Promise<number | null>;
  /** Resolves once the `Ready:` line is printed; rejects if the script exits first. */
  ready(timeoutMs: number): Promise<void>;
  /** SIGTERM (then SIGKILL) if still running; waits for the exit. */
  stop(): Promise<void>;
}

/**
 * `umask` starts the script under that umask (through sh), as a careless service manager might.
 * `npm` runs `npm start` itself in a process group of its own, as a terminal runs it: the test can
 * then signal the whole group (`pid` is the group's), as Ctrl-C or a service manager's stop does.
 */
export function startScript(
  env: Record<string, string>,
  options: { umask?: number; npm?: boolean } = {},
): StartedScript {
  const [node, start] = typescriptCommand(path.join(ROOT, 'scripts/start.ts'));
  const [command, args] = options.npm
    ? ['npm', ['start', '--silent']]
    : options.umask === undefined
      ? [node, start]
      : ['sh', ['-c', `umask ${options.umask.toString(8)} && exec "$0" "$@"`, node, ...start]];
  const child = spawn(command, args, {
    cwd: ROOT,
    detached: options.npm === true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      INTERNAL_SECRET: '',
      PUBLIC_URL: '',
      PARTY_URL: '',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    pid: child.pid ?? 0,
    output: () => output,
    exited,
    ready: (timeoutMs) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no Ready line:\n${output}`)), timeoutMs);
        child.stdout.on('data', () => {
          if (/"msg":"Ready: /.test(output)) {
            clearTimeout(timer);
            resolve();
          }
        });
        void exited.then((code) => {
          clearTimeout(timer);
          reject(new Error(`start exited early (${code}):\n${output}`));
        });
      }),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      // Not yet reaped, so the pid is still the script's. Let start.ts take its servers down; only
      // then force it, and all it started.
      const script = await identify(child.pid);
      if (script) await stopProductProcess(script);
      await exited;
    },
  };
}

/** Permission bits of `dir` (as '.') and of everything under it, by relative path. */
export async function modesUnder(dir: string): Promise<Record<string, number>> {
  const modes: Record<string, number> = { '.': (await stat(dir)).mode & 0o777 };
  for (const entry of await readdir(dir, { recursive: true })) {
    modes[entry] = (await stat(path.join(dir, entry))).mode & 0o777;
  }
  return modes;
}

/** The pid of the site server started with PORT=port (Linux: read from /proc). */
export async function siteServerPid(port: number): Promise<number | null> {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8');
      const environ = await readFile(`/proc/${entry}/environ`, 'utf8');
      if (cmdline.includes('site/server/main.ts') && environ.split('\0').includes(`PORT=${port}`)) {
        return Number(entry);
      }
    } catch {
      // the process ended meanwhile
    }
  }
  return null;
}
