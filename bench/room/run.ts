// The `room` benchmark: the real room server (party/room.ts) under load, in ONE `partykit dev`
// process, driven by bot players over real WebSockets — at 10, 100, 500 and 1,000 concurrent
// four-player rooms, as far as the machine and the time budget go — beside two references taken in
// the same run with the same bots: an echo party on the same `partykit dev` (bench/room/echo-party.ts)
// and a bare `ws` broadcast server in Node (bench/room/ws-echo-server.ts).
//
//   npx tsx bench/room/run.ts               full run (≤ 4 minutes)
//   BENCH_QUICK=1 npx tsx bench/room/run.ts  short run (~40 s), 10 and 100 rooms
//
// This file is the orchestration; one level is measured in level.ts, the report is built in figures.ts.
// See bench/room/README.md for what each figure means.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { purposeKey, signTicket } from '#wire/signing.ts';
import { startFakeSite, type FakeSite } from '#tests/support/fake-site.ts';
import { removeDir, startPartykit, tempDir, type PartykitServer } from '#tests/support/partykit.ts';
import { savePart, type Section } from '../support/report';
import type { BotRoom } from './bots';
import { errorsIn, reportRun } from './figures';
import {
  measureConnect,
  measureReference,
  measureRoomServer,
  newRunState,
  type LevelContext,
  type Reference,
} from './level';
import { ownProcesses, Sampler, sleep } from './measure';
import {
  findPidByArgument,
  groupOf,
  groupProcesses,
  groupUsage,
  openFiles,
  processUsage,
} from './procs';
import { BUDGET_MS, LEVELS, RESERVE_MS, TIME_SCALE, WARMUP_MS, WINDOW_MS } from './settings';

const HERE = import.meta.dirname;
const CONFIG = path.join(HERE, 'partykit.json');
const BARE_SERVER = path.join(HERE, 'ws-echo-server.ts');

const started = performance.now();
const elapsed = () => performance.now() - started;
const remaining = () => BUDGET_MS - elapsed();
const log = (text: string) => console.log(`[room ${(elapsed() / 1000).toFixed(1)}s] ${text}`);

interface Environment {
  site: FakeSite;
  party: PartykitServer;
  secret: string;
  persistDir: string;
  partyGroup: number | null;
  bare: ChildProcess | null;
  bareUrl: string;
}

async function startBare(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', BARE_SERVER], {
    cwd: path.resolve(HERE, '../..'),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('bare ws server did not start')), 20_000);
    lines.on('line', (line) => {
      const match = /^listening (\d+)$/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`bare ws server exited (${code})`)));
  });
  return { child, url: `ws://127.0.0.1:${port}` };
}

/** What the exit hook must kill; the one piece of module state, since the hook has no other way in. */
const leftovers: { group: number | null; bare: ChildProcess | null } = { group: null, bare: null };
// Whatever happens, nothing we started outlives us.
process.on('exit', () => {
  if (leftovers.group !== null) {
    try {
      process.kill(-leftovers.group, 'SIGKILL');
    } catch {
      // gone
    }
  }
  leftovers.bare?.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));

/** Starts the fake site, partykit dev and the bare server, runs the benchmark, and stops them. */
async function main(): Promise<{ figures: Section; notes: string[] }> {
  const notes: string[] = [];
  const secret = randomBytes(32).toString('hex');
  const site = await startFakeSite({ secret });
  const persistDir = await tempDir('zt-bench-room-');
  const party = await startPartykit({
    config: CONFIG,
    persistDir,
    readyTimeoutMs: 60_000,
    vars: { SITE_URL: site.url, INTERNAL_SECRET: secret, GAME_TIME_SCALE: String(TIME_SCALE) },
  });
  const partyPid = findPidByArgument(persistDir);
  const partyGroup = partyPid === null ? null : groupOf(partyPid);
  leftovers.group = partyGroup;
  const bare = await startBare();
  leftovers.bare = bare.child;
  ownProcesses.partyGroup = partyGroup;
  ownProcesses.barePid = bare.child.pid ?? null;
  const env: Environment = {
    site,
    party,
    secret,
    persistDir,
    partyGroup,
    bare: bare.child,
    bareUrl: bare.url,
  };
  log(`partykit dev on ${party.port} (group ${partyGroup}), bare ws on ${bare.url}`);
  if (partyGroup === null) notes.push('Could not find the partykit dev process: no memory/CPU.');

  const allRooms: BotRoom[] = [];
  try {
    return await benchmark(env, notes, allRooms);
  } finally {
    await party.stop();
    for (const room of allRooms) room.close();
    bare.child.kill('SIGTERM');
    await site.close();
    await removeDir(persistDir);
    leftovers.group = null;
  }
}

/** Goes through the levels within the time budget — the room server, then the references — and reports. */
async function benchmark(
  env: Environment,
  notes: string[],
  allRooms: BotRoom[],
): Promise<{ figures: Section; notes: string[] }> {
  const { site, party, secret } = env;
  const partyUsage = () => (env.partyGroup === null ? null : groupUsage(env.partyGroup));
  const barePid = env.bare?.pid ?? null;
  const bareUsage = () => (barePid === null ? null : processUsage(barePid));
  const sampler = new Sampler(
    () => env.partyGroup,
    () => barePid,
  );
  await sleep(1_000);
  const idle = sampler.take();
  sampler.start();
  let debugMark = 0;
  const debugTimer = process.env.ROOM_DEBUG
    ? setInterval(() => {
        const n = (party.output().match(/\[ERROR\]/g) ?? []).length;
        if (n > debugMark) log(`DEBUG errors +${n - debugMark}`);
        debugMark = n;
      }, 100)
    : null;

  const state = newRunState(notes);
  let errorMark = 0;
  const ctx: LevelContext = {
    site,
    party,
    secret,
    runId: randomBytes(3).toString('hex'),
    sampler,
    partyUsage,
    bareUsage,
    ticketUrl: (roomId, uid) => {
      const ticket = signTicket(
        purposeKey(secret, 'tickets'),
        { roomId, uid, name: `Bot ${uid}` },
        Date.now(),
      );
      return `${party.wsUrl}/parties/main/${encodeURIComponent(roomId)}?ticket=${ticket}`;
    },
    workerdFiles: () => {
      if (env.partyGroup === null) return null;
      const workerd = groupProcesses(env.partyGroup).find((p) => p.name === 'workerd');
      return workerd ? openFiles(workerd.pid) : null;
    },
    log,
    phase: (name) => {
      const total = [...errorsIn(party.output()).values()].reduce((a, b) => a + b, 0);
      if (total > errorMark) state.phaseErrors.push(`${total - errorMark} during ${name}`);
      errorMark = total;
    },
    allRooms,
  };
  const references: Reference[] = [
    {
      name: 'echo room',
      into: state.echo,
      url: (id) => `${party.wsUrl}/parties/echo/${encodeURIComponent(id)}`,
    },
    {
      name: 'bare ws',
      into: state.bareRef,
      url: (id) => `${env.bareUrl}/${encodeURIComponent(id)}`,
    },
  ];
  let stopped: string | null = null;
  const runCost = WARMUP_MS + WINDOW_MS + 2_000;
  const realEstimate = (rooms: number, previous: number) =>
    (rooms - previous) * state.setupPerRoom + 5_000 * TIME_SCALE + runCost;
  const referenceEstimate = (rooms: number) => 2 * (rooms * state.echoSetupPerRoom + runCost);

  for (let index = 0; index < LEVELS.length; index += 1) {
    const rooms = LEVELS[index]!;
    const previous = state.gameRooms.length;

    // -- the real room server --
    if (stopped) {
      state.skipped.set(rooms, stopped);
      continue;
    }
    const estimate = realEstimate(rooms, previous);
    if (estimate > remaining() - RESERVE_MS) {
      stopped = `not run: about ${Math.round(estimate / 1000)} s needed, ${Math.round((remaining() - RESERVE_MS) / 1000)} s left of the time budget`;
      state.skipped.set(rooms, stopped);
      continue;
    }
    const outcome = await measureRoomServer(ctx, state, rooms);
    if (outcome.stopped) stopped = outcome.stopped;
    if (!outcome.measured) continue;

    // -- the references, same bots, same level --
    const nextRooms = LEVELS[index + 1];
    const reserveForNext = nextRooms !== undefined && !stopped ? realEstimate(nextRooms, rooms) : 0;
    const mustRun = index < 2;
    const fits = referenceEstimate(rooms) + reserveForNext < remaining() - RESERVE_MS;
    if (!mustRun && !fits) {
      const why = `not run at ${rooms} rooms: the time budget went to the room server's next level`;
      state.echoSkipped.set(rooms, why);
      state.bareSkipped.set(rooms, why);
      continue;
    }
    for (const reference of references) await measureReference(ctx, state, reference, rooms);
  }

  // -- what a client gets on connect, mid-game: a spectator joins the first room --
  const connectBytes = await measureConnect(state.gameRooms, ctx.ticketUrl);
  ctx.phase('the spectator connect');
  if (debugTimer) clearInterval(debugTimer);
  sampler.stop();
  return reportRun(state, {
    partyOutput: party.output(),
    partyGroup: env.partyGroup,
    idle,
    connectBytes,
  });
}

void main()
  .then((result) => {
    savePart('room', { ...result, seconds: Math.round(elapsed() / 1000) });
    process.exit(0);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
