// Starts a real `partykit dev` in its own process group so that a test can stop it (or kill it
// mid-game) together with the workerd child it spawns, and start it again on the same persist folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isAlive } from './process-tree';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'node_modules/.bin/partykit');

export interface PartykitOptions {
  /** partykit.json to use (paths inside it are relative to the file). */
  config: string;
  /** `--var` settings. */
  vars?: Record<string, string>;
  /** Storage folder; reuse it across restarts to keep room storage. A temp folder when omitted. */
  persistDir?: string;
  /** Port; a free one when omitted. Reuse it across restarts so clients find the same URL. */
  port?: number;
  /** Give up if the server is not ready by then. */
  readyTimeoutMs?: number;
}

export interface PartykitServer {
  port: number;
  /** `http://127.0.0.1:<port>` */
  httpUrl: string;
  /** `ws://127.0.0.1:<port>` */
  wsUrl: string;
  persistDir: string;
  /** Everything the process printed so far (ANSI codes removed). */
  output(): string;
  /** SIGKILL the whole process group (a crash): storage keeps what was written. */
  kill(): Promise<void>;
  /** SIGTERM the process group, then SIGKILL if it lingers. */
  stop(): Promise<void>;
}

/** The kernel's range for outgoing connections' local ports (Linux; the usual default elsewhere). */
export function ephemeralRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (Number.isInteger(low) && Number.isInteger(high)) return [low!, high!];
  } catch {
    // not Linux
  }
  return [32768, 60999];
}

function canListen(port: number, host?: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** Where test processes on this machine reserve the ports they hand out: a file per port. */
const RESERVATIONS = path.join(tmpdir(), 'zt-test-ports');
const reserved = new Set<string>();

/** The file that reserves `port` while the process named in it lives. */
export function portReservation(port: number): string {
  return path.join(RESERVATIONS, String(port));
}

/** The process holding a reservation file, or null when the file is gone or unreadable. */
function holderOf(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Reserves `port` for this process unless a live process holds it (this one included: a port is
 * never handed out twice); a dead process's reservation is taken over.
 */
function reserve(port: number): boolean {
  const file = portReservation(port);
  mkdirSync(RESERVATIONS, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      if (reserved.size === 0) process.once('exit', releaseReservations);
      reserved.add(file);
      return true;
    } catch {
      const holder = holderOf(file);
      if (holder !== null && isAlive(holder)) return false;
      rmSync(file, { force: true });
    }
  }
  return false;
}

function releaseReservations(): void {
  for (const file of reserved) rmSync(file, { force: true });
}

/**
 * A port nothing listens on, for a server a test starts. Chosen below the ephemeral range: a port
 * the kernel gives out (`listen(0)`) can be taken by any outgoing connection on the machine (a
 * browser's, another test run's) between this check and the server's own bind. Never the same port
 * twice in one process, and never one another live test process on this machine reserved: two runs
 * side by side (or two workers of one) could otherwise both find a port free and both start a
 * server on it (decision 130). `range` is for the harness's own tests.
 */
export async function freePort(range?: readonly [number, number]): Promise<number> {
  const [low, high] = ephemeralRange();
  const [from, to] = range ?? (low > 11_000 ? [10_000, low - 1] : [high + 1, 65_535]);
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = from + Math.floor(Math.random() * (to - from + 1));
    if (!(await canListen(port, '127.0.0.1')) || !(await canListen(port))) continue;
    if (reserve(port)) return port;
  }
  throw new Error(`no free port found between ${from} and ${to}`);
}

export async function tempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(tmpdir(), prefix));
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

export async function startPartykit(options: PartykitOptions): Promise<PartykitServer> {
  const port = options.port ?? (await freePort());
  const persistDir = options.persistDir ?? (await tempDir('zt-party-'));
  const args = [
    'dev',
    '--config',
    options.config,
    '--port',
    String(port),
    '--persist',
    persistDir,
    '--disable-request-cf-fetch',
    '--no-hotkeys',
  ];
  for (const [key, value] of Object.entries(options.vars ?? {}))
    args.push('--var', `${key}=${value}`);

  const child = spawn(BIN, args, {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8').replace(ANSI, '');
      output += text;
      if (process.env.PARTYKIT_ECHO) process.stderr.write(text);
      if (output.includes('Ready on')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`partykit dev exited early (code ${code}):\n${output}`)),
    );
  });
  const timeout = options.readyTimeoutMs ?? 30_000;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      ready,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`partykit dev not ready after ${timeout} ms:\n${output}`)),
          timeout,
        );
      }),
    ]);
  } catch (error) {
    signalGroup(child, 'SIGKILL');
    throw error;
  } finally {
    clearTimeout(timer);
  }

  const stopWith = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    signalGroup(child, signal);
    const lingering = setTimeout(() => signalGroup(child, 'SIGKILL'), 3_000);
    await exited;
    clearTimeout(lingering);
    // The workerd child belongs to the same group; make sure none of it survives.
    signalGroup(child, 'SIGKILL');
  };

  return {
    port,
    httpUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    persistDir,
    output: () => output,
    kill: () => stopWith('SIGKILL'),
    stop: () => stopWith('SIGTERM'),
  };
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is already gone
  }
}
