// `npm start` (and `npm run dev` with --dev): migrate, build, start the site and the room server,
// print the URL once both answer, and take both down together. `START=site` runs the site alone
// (another site process, or rooms served elsewhere at PARTY_URL); `START=party` the room server
// alone. `--no-build` serves the build/ already there (a second site process on one checkout).
//
// Each server runs in its own process group (detached) so that stopping it also stops what it
// spawned (partykit's workerd and esbuild); otherwise an orphan would keep a port. The site and
// this script each run as one node process (typescript-process.ts), so a signal reaches each once.
//
// Everything it prints is one JSON object per line on stdout (docs/operations.md, "Logs"): its own
// lines, the site's (already JSON, passed on with the process named), and every other line of the
// children (partykit, the build, a crash's stack) wrapped as a message; on a terminal, the same
// lines are shown readable instead.
import { ConfigError } from '#site/server/settings/fields.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { runMigrations } from '#db/migrate.ts';
import { PRIVATE_DIR_MODE, usePrivateUmask } from '#db/private-files.ts';
import { loadConfig, type SiteConfig } from '#site/server/config.ts';
import { databaseFile } from '#site/server/settings/database.ts';
import { assertPaymentsDeployment } from '#site/server/payments/deployment-check.ts';
import { partyEnvironment, removePartyConfig, writePartyConfig } from './party-config';
import { ensurePrivateDatabaseFiles, ensurePrivateDir } from '#site/server/data-dir.ts';
import { maskPhoneNumbers } from '#site/server/logging.ts';
import { discardBuild, putBuildInPlace, ROOT, siteBuildStep } from './build-site';
import { drainRooms } from './drain-rooms';
import { typescriptCommand } from './typescript-process';

const BIN = path.join(ROOT, 'node_modules/.bin');
const READY_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 5_000;
/** How long a stop waits on telling the live rooms a restart is coming (protocol call 7). */
const DRAIN_ROOMS_MS = 3_000;

const dev = process.argv.includes('--dev');
const build = !dev && !process.argv.includes('--no-build');

interface Supervised {
  name: string;
  child: ChildProcess;
  exited: Promise<number>;
}

const running = new Set<Supervised>();
let stopping = false;
/** When the signal that began the stop came (ms since the epoch). */
let stopSignalledAt = 0;
/** Copies of one signal arrive within this of each other; a person's second Ctrl-C comes later. */
const SIGNAL_ECHO_MS = 1_000;
/** Set once the room server answers: a stop then tells its live rooms first (call 7). */
let roomsToDrain: SiteConfig | null = null;

type Level = 'info' | 'warn' | 'error';

/** A line as a person reads it on a terminal: time, level, process, message, the other fields. */
function readable(json: string): string {
  try {
    const {
      time,
      level,
      process: name,
      msg,
      pid: _pid,
      ...rest
    } = JSON.parse(json) as Record<string, unknown>;
    const clock = typeof time === 'string' ? time.slice(11, 19) : '';
    const extra = Object.entries(rest)
      .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
      .join(' ');
    return `${clock} ${String(level).padEnd(5)} [${String(name ?? '?')}] ${String(msg ?? '')}${extra ? `  ${extra}` : ''}`;
  } catch {
    return json;
  }
}

const show = process.stdout.isTTY ? readable : (json: string) => json;

function emit(json: string): void {
  process.stdout.write(`${show(json)}\n`);
}

function logLine(name: string, level: Level, message: string): void {
  emit(
    JSON.stringify({
      level,
      time: new Date().toISOString(),
      process: name,
      msg: maskPhoneNumbers(message),
    }),
  );
}

function say(message: string, level: Level = 'info'): void {
  logLine('start', level, message);
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

/**
 * A child's output, line by line: a JSON object (the site's logger) goes on with `process` added;
 * anything else becomes the message of one (stderr's as warnings).
 */
function relayLines(stream: NodeJS.ReadableStream | null, name: string, level: Level) {
  if (!stream) return;
  const tag = `{"process":${JSON.stringify(name)},`;
  createInterface({ input: stream }).on('line', (line) => {
    const clean = line.replace(ANSI, '').trimEnd();
    if (!clean) return;
    if (clean.startsWith('{"') && clean.endsWith('}')) emit(`${tag}${clean.slice(1)}`);
    else logLine(name, level, clean);
  });
}

function startProcess(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  baseEnv: NodeJS.ProcessEnv = process.env,
) {
  const child = spawn(command, args, {
    cwd: process.cwd(),
    env: { ...baseEnv, FORCE_COLOR: '0', NO_COLOR: '1', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  relayLines(child.stdout, name, 'info');
  relayLines(child.stderr, name, 'warn');
  const exited = new Promise<number>((resolve) => {
    child.once('error', (error) => {
      logLine(name, 'error', `could not start: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
  const supervised: Supervised = { name, child, exited };
  running.add(supervised);
  void exited.then(() => running.delete(supervised));
  return supervised;
}

/** Signal 0 only asks whether any process of the group is still alive. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals | 0): boolean {
  if (child.pid === undefined) return false;
  try {
    process.kill(-child.pid, signal);
    return true;
  } catch {
    return false; // the whole group is gone
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** TERM the group, KILL it if it lingers, and return once no process of the group is left. */
async function stopGroup({ child, exited }: Supervised): Promise<void> {
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
  // The leader is gone; anything left of its group (workerd, esbuild) goes now.
  const deadline = Date.now() + STOP_GRACE_MS;
  while (signalGroup(child, 0) && Date.now() < deadline) {
    signalGroup(child, 'SIGKILL');
    await sleep(50);
  }
}

/**
 * A graceful stop: the room server's sockets are closed with 1012 "reconnect" while it can still say
 * so (the boards reconnect by themselves once it is back), then every server gets SIGTERM: the site
 * finishes the requests it has, stops its background work and flushes its write queue.
 */
async function drainThenStopAll(): Promise<void> {
  const config = roomsToDrain;
  if (config) {
    try {
      const drained = await drainRooms({
        databaseUrl: config.databaseUrl,
        databaseAuthToken: config.databaseAuthToken,
        partyUrl: `http://127.0.0.1:${config.partyPort}`,
        internalSecret: config.internalSecret,
        limitMs: DRAIN_ROOMS_MS,
      });
      say(
        `told ${drained.told} of ${drained.rooms} live rooms a restart is coming; ${drained.sockets} sockets closed with 1012`,
      );
    } catch (error) {
      say(`could not tell the rooms a restart is coming: ${String(error)}`, 'warn');
    }
  }
  await stopAll();
}

async function stopAll(): Promise<void> {
  await Promise.all([...running].map(stopGroup));
}

async function shutdown(reason: string, code: number, drain = false): Promise<never> {
  if (!stopping) {
    stopping = true;
    say(reason, code === 0 ? 'info' : 'error');
    await (drain ? drainThenStopAll() : stopAll());
  }
  process.exit(code);
}

function onSignal(signal: NodeJS.Signals): void {
  if (stopping) {
    // The same stop arrives more than once at once: a signal to the whole group reaches this
    // process, and npm passes its own copy on. Only a second Ctrl-C later on forces the stop.
    if (Date.now() - stopSignalledAt < SIGNAL_ECHO_MS) return;
    for (const { child } of running) signalGroup(child, 'SIGKILL');
    return;
  }
  stopSignalledAt = Date.now();
  void shutdown(`${signal} received, stopping…`, 0, true);
}

/** Stop everything as soon as one server dies on its own. */
function superviseCrash(server: Supervised): void {
  void server.exited.then((code) => {
    if (!stopping)
      void shutdown(`${server.name} exited unexpectedly (code ${code}); stopping.`, code || 1);
  });
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

/** Resolves once `url` answers over HTTP (`ok` decides which answers count). */
async function waitUntilAnswers(url: string, ok: (response: Response) => boolean): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!stopping) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      if (ok(response)) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`${url} did not answer within ${READY_TIMEOUT_MS / 1000} s`);
    await sleep(250);
  }
}

async function runToCompletion(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<void> {
  const step = startProcess(name, command, args, env);
  const code = await step.exited;
  if (stopping) return new Promise(() => {}); // shutdown() is already ending the process
  if (code !== 0) throw new Error(`${name} failed (exit code ${code})`);
}

const runsSite = (config: SiteConfig) => config.start !== 'party';
const runsParty = (config: SiteConfig) => config.start !== 'site';

async function prepare(config: SiteConfig): Promise<void> {
  const ports = [
    ...(runsSite(config) ? [['PORT', config.port] as const] : []),
    ...(runsParty(config) ? [['PARTY_PORT', config.partyPort] as const] : []),
  ];
  for (const [name, port] of ports) {
    if (!(await portIsFree(port))) {
      throw new Error(`port ${port} is already in use: stop what uses it or set ${name}`);
    }
  }

  const warn = (message: string) => say(message, 'warn');
  await ensurePrivateDir(config.dataDir, warn);
  await ensurePrivateDir(path.join(config.dataDir, 'party'), warn);
  // The room server keeps its own storage and talks to the site only: no database, no build.
  if (!runsSite(config)) return;
  const file = databaseFile(config);
  if (file) {
    // The database's own folder may be a shared one outside DATA_DIR: created private, never chmod-ed.
    await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
    await ensurePrivateDatabaseFiles(file, warn);
  }

  say(`migrating ${config.databaseUrl.replace(/\/\/[^@/]*@/, '//')}`);
  const { backup } = await runMigrations({
    url: config.databaseUrl,
    authToken: config.databaseAuthToken,
    backupDir: config.backups.dir,
  });
  if (backup) say(`copied the database to ${backup.path} before migrating it`);
  // Refused payments stop here, before the build, with the reason (the site checks again itself).
  for (const warning of await assertPaymentsDeployment(config)) say(warning, 'warn');

  if (build) {
    say('building the site');
    const step = await siteBuildStep();
    try {
      await runToCompletion('build', step.command, step.args, step.env);
      await putBuildInPlace(step.folder);
    } catch (error) {
      await discardBuild(step.folder);
      throw error;
    }
  }
}

function startSite(): Supervised {
  const [command, args] = typescriptCommand(
    path.join(ROOT, 'site/server/main.ts'),
    dev ? ['--dev'] : [],
  );
  return startProcess('site', command, args, {
    NODE_ENV: dev ? 'development' : 'production',
  });
}

function startParty(config: SiteConfig, partyConfig: string): Supervised {
  return startProcess(
    'party',
    path.join(BIN, 'partykit'),
    [
      'dev',
      '--config',
      partyConfig,
      '--port',
      String(config.partyPort),
      '--persist',
      path.join(config.dataDir, 'party'),
      '--disable-request-cf-fetch',
      '--no-hotkeys',
    ],
    {},
    partyEnvironment(process.env),
  );
}

async function main(): Promise<void> {
  // Before anything creates a file: the servers and their children (SQLite, workerd) inherit it.
  usePrivateUmask();
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const config = await loadConfig();
  await prepare(config);
  if (stopping) return;

  const partyConfig = runsParty(config)
    ? await writePartyConfig({
        projectConfig: path.join(ROOT, 'partykit.json'),
        dataDir: config.dataDir,
        siteUrl: config.siteUrl,
        internalSecret: config.internalSecret,
        gameTimeScale: config.gameTimeScale,
        testClock: config.testClock,
      })
    : null;
  const waits: Promise<void>[] = [];
  if (runsSite(config)) {
    superviseCrash(startSite());
    waits.push(waitUntilAnswers(`http://127.0.0.1:${config.port}/healthz`, (r) => r.ok));
  }
  if (partyConfig) {
    superviseCrash(startParty(config, partyConfig));
    // Any HTTP answer means partykit dev is serving; its root path is a 404 by design.
    waits.push(waitUntilAnswers(`http://127.0.0.1:${config.partyPort}/`, () => true));
  }
  try {
    await Promise.all(waits);
  } finally {
    // partykit dev read it when it started; the keys stay in its memory only.
    if (partyConfig) await removePartyConfig(partyConfig);
  }
  if (stopping) return;
  // The live rooms are the database's: told only where this process runs both (START=all).
  if (runsSite(config) && runsParty(config)) roomsToDrain = config;
  if (config.start === 'site') void warnIfNoRoomServer(config.partyUrl);
  say(
    config.start === 'party'
      ? `Ready: room server on port ${config.partyPort}, reporting to ${config.siteUrl}`
      : `Ready: ${config.publicUrl}`,
  );
}

/** The site runs without its room server, which may start later; but say so if it is not there. */
async function warnIfNoRoomServer(partyUrl: string): Promise<void> {
  try {
    const response = await fetch(`${partyUrl}/`, { signal: AbortSignal.timeout(5_000) });
    await response.body?.cancel();
  } catch {
    say(`no room server answers at ${partyUrl} yet (PARTY_URL): games wait until one does`, 'warn');
  }
}

main().catch((error: unknown) => {
  const message =
    error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  void shutdown(`cannot start: ${message}`, 1);
});
