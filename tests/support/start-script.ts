// The start script (scripts/start.ts) as a child process over a data folder the test keeps: the
// whole product (`START=all`), the site alone or the room server alone, started again on the same
// data and ports after a stop or a crash. `kill()` is a crash: SIGKILL to every process the script
// started (it runs each server in its own process group, so signalling the script's group alone
// would leave them running), all stopped first so that none sees the others die.
import { spawn } from 'node:child_process';
import { open, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from '#scripts/build-site.ts';
import { typescriptCommand } from '#scripts/typescript-process.ts';
import { identify, parents, processTree } from './process-tree';
import { stopProductProcess } from './product';
import { sleep, waitFor } from './wait';

export interface PartOptions {
  /** Names the log file (`<dataDir>/<name>.log`, appended to across restarts). */
  name: string;
  dataDir: string;
  /** On top of: production, the data folder, its `app.db`, the sandbox provider. */
  env: Record<string, string>;
  /** Default `--no-build`: the caller ran `ensureSiteBuild()` once. */
  args?: string[];
  readyTimeoutMs?: number;
}

export interface StartedPart {
  name: string;
  /** The start script's pid. */
  pid: number;
  log: string;
  /** What this part printed since it was (re)started. */
  output(): Promise<string>;
  /** A crash: every process of the part gets SIGKILL at once. */
  kill(): Promise<void>;
  /** SIGTERM to the start script, which stops its servers (SIGKILL if it lingers). */
  stop(): Promise<void>;
  /** Starts the same part again (same data folder, ports and settings). */
  restart(): Promise<StartedPart>;
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

/** SIGSTOP the whole tree (nothing reacts any more), then SIGKILL it, and wait until it is gone. */
export async function crashTree(pid: number): Promise<void> {
  let tree = await processTree(pid);
  for (const member of tree) signal(member, 'SIGSTOP');
  // A process forked between the listing and the stop: list again, now that nothing can fork.
  tree = await processTree(pid);
  for (const member of tree) signal(member, 'SIGSTOP');
  for (const member of tree) signal(member, 'SIGKILL');
  await waitFor(
    `processes ${tree.join(', ')} to die`,
    async () => {
      const live = await parents();
      return tree.every((member) => !live.has(member)) || null;
    },
    15_000,
    50,
  );
}

export async function startPart(options: PartOptions): Promise<StartedPart> {
  const log = path.join(options.dataDir, `${options.name}.log`);
  const from = (await stat(log).catch(() => null))?.size ?? 0;
  const file = await open(log, 'a');
  const child = spawn(
    ...typescriptCommand(path.join(ROOT, 'scripts/start.ts'), options.args ?? ['--no-build']),
    {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', file.fd, file.fd],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: options.dataDir,
        DATABASE_URL: `file:${path.join(options.dataDir, 'app.db')}`,
        PAYMENTS_PROVIDER: 'sandbox',
        ...options.env,
      },
    },
  );
  await file.close();
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${options.name} did not start`);
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const output = async () => (await readFile(log, 'utf8').catch(() => '')).slice(from);

  const part: StartedPart = {
    name: options.name,
    pid,
    log,
    output,
    async kill() {
      if (exited) return;
      await crashTree(pid);
      while (!exited) await sleep(20);
    },
    async stop() {
      const script = exited ? null : await identify(pid);
      if (script) await stopProductProcess(script);
    },
    // A part still running is stopped first: a restart never leaves a second copy behind (say, when
    // a test fails before it killed the part).
    async restart() {
      await part.stop();
      return startPart(options);
    },
  };
  try {
    await waitFor(
      `${options.name} to be ready`,
      async () => {
        const text = await output();
        if (text.includes('Ready:')) return true;
        if (exited) throw new Error(`${options.name} exited before it was ready`);
        return null;
      },
      options.readyTimeoutMs ?? 120_000,
      100,
    );
  } catch (error) {
    await part.stop();
    throw new Error(`${String(error)}\n${(await output()).split('\n').slice(-30).join('\n')}`, {
      cause: error,
    });
  }
  return part;
}
