// The `room` benchmark: the real room server (party/room.ts) under load, in ONE `partykit dev`
// process, driven by bot players over real WebSockets — at 10, 100, 500 and 1,000 concurrent
// four-player rooms, as far as the machine and the time budget go — beside two references taken in
// the same run with the same bots: an echo party on the same `partykit dev` (bench/room/echo-party.ts)
// and a bare `ws` broadcast server in Node (bench/room/ws-echo-server.ts).
//
//   npx tsx bench/room/run.ts               full run (≤ 4 minutes)
//   BENCH_QUICK=1 npx tsx bench/room/run.ts  short run (~40 s), 10 and 100 rooms
//
// See bench/room/README.md for what each figure means.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';
import { purposeKey, signTicket } from '../../game/signing';
import {
  pushRoom,
  startFakeSite,
  type FakeRoom,
  type FakeSite,
} from '../../tests/support/fake-site';
import {
  removeDir,
  startPartykit,
  tempDir,
  type PartykitServer,
} from '../../tests/support/partykit';
import { figure, median, percentile, savePart, type Section } from '../support/report';
import { EchoRoom, GameRoom, PLAYERS, type BotRoom } from './bots';
import {
  describeLevel,
  measure,
  mib,
  ownProcesses,
  pool,
  Sampler,
  sleep,
  until,
  type Measured,
} from './measure';
import {
  BUDGET_MS,
  CONNECT_CONCURRENCY,
  CONNECT_TIMEOUT_MS,
  LEVELS,
  MAX_CONNECT_FAILURES,
  PUSH_CONCURRENCY,
  RESERVE_MS,
  ROLL_INTERVAL_MS,
  TIME_MINUTES,
  TIME_SCALE,
  WARMUP_MS,
  WINDOW_MS,
} from './settings';
import {
  findPidByArgument,
  groupOf,
  groupProcesses,
  groupUsage,
  openFiles,
  processUsage,
} from './procs';

const HERE = import.meta.dirname;
const CONFIG = path.join(HERE, 'partykit.json');
const BARE_SERVER = path.join(HERE, 'ws-echo-server.ts');

const started = performance.now();
const elapsed = () => performance.now() - started;
const remaining = () => BUDGET_MS - elapsed();
const notes: string[] = [];
const log = (text: string) => console.log(`[room ${(elapsed() / 1000).toFixed(1)}s] ${text}`);

// ---- connecting ----

/** Opens every socket of `rooms` (retrying once); returns how many failed. */
async function connectRooms(rooms: readonly BotRoom[]): Promise<number> {
  const jobs = rooms.flatMap((room) => Array.from({ length: PLAYERS }, (_, i) => ({ room, i })));
  let failed = 0;
  const reasons = new Map<string, number>();
  await pool(jobs, CONNECT_CONCURRENCY, async ({ room, i }) => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        await room.connect(i, CONNECT_TIMEOUT_MS);
        return;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      }
    }
    failed += 1;
  });
  if (failed > 0) log(`connect failures: ${JSON.stringify(Object.fromEntries(reasons))}`);
  return failed;
}

// ---- main ----

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

let cleanupGroup: number | null = null;
let cleanupBare: ChildProcess | null = null;
// Whatever happens, nothing we started outlives us.
process.on('exit', () => {
  if (cleanupGroup !== null) {
    try {
      process.kill(-cleanupGroup, 'SIGKILL');
    } catch {
      // gone
    }
  }
  cleanupBare?.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));

async function main(): Promise<void> {
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
  cleanupGroup = partyGroup;
  const bare = await startBare();
  cleanupBare = bare.child;
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

  try {
    await benchmark(env);
  } finally {
    await party.stop();
    for (const room of allRooms) room.close();
    bare.child.kill('SIGTERM');
    await site.close();
    await removeDir(persistDir);
    cleanupGroup = null;
  }
}

const allRooms: BotRoom[] = [];

async function benchmark(env: Environment): Promise<void> {
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

  const runId = randomBytes(3).toString('hex');
  const phaseErrors: string[] = [];
  let unpulledTotal = 0;
  let errorMark = 0;
  /** Notes how many errors partykit dev logged since the last phase ended. */
  const phase = (name: string) => {
    const total = [...errorsIn(party.output()).values()].reduce((a, b) => a + b, 0);
    if (total > errorMark) phaseErrors.push(`${total - errorMark} during ${name}`);
    errorMark = total;
  };
  const ticketUrl = (roomId: string, uid: string) => {
    const ticket = signTicket(
      purposeKey(secret, 'tickets'),
      { roomId, uid, name: `Bot ${uid}` },
      Date.now(),
    );
    return `${party.wsUrl}/parties/main/${encodeURIComponent(roomId)}?ticket=${ticket}`;
  };
  const gameRooms: GameRoom[] = [];
  const real = new Map<number, Measured>();
  const echo = new Map<number, Measured>();
  const bareRef = new Map<number, Measured>();
  const skipped = new Map<number, string>();
  const echoSkipped = new Map<number, string>();
  const bareSkipped = new Map<number, string>();
  let stopped: string | null = null;
  /** ms of set-up per new room (push + 4 sockets + waiting to be active), from the last level. */
  let setupPerRoom = 40;
  let echoSetupPerRoom = 10;
  const runCost = WARMUP_MS + WINDOW_MS + 2_000;
  let stateSize = 0;
  const workerdFiles = () => {
    if (env.partyGroup === null) return null;
    const workerd = groupProcesses(env.partyGroup).find((p) => p.name === 'workerd');
    return workerd ? openFiles(workerd.pid) : null;
  };
  const filesAt = new Map<number, { open: number; limit: number | null }>();
  let echoCounter = 0;

  const realEstimate = (rooms: number, previous: number) =>
    (rooms - previous) * setupPerRoom + 5_000 * TIME_SCALE + runCost;
  const referenceEstimate = (rooms: number) => 2 * (rooms * echoSetupPerRoom + runCost);

  for (let index = 0; index < LEVELS.length; index += 1) {
    const rooms = LEVELS[index]!;
    const previous = gameRooms.length;

    // -- the real room server --
    if (stopped) {
      skipped.set(rooms, stopped);
      continue;
    }
    const estimate = realEstimate(rooms, previous);
    if (estimate > remaining() - RESERVE_MS) {
      stopped = `not run: about ${Math.round(estimate / 1000)} s needed, ${Math.round((remaining() - RESERVE_MS) / 1000)} s left of the time budget`;
      skipped.set(rooms, stopped);
      continue;
    }
    log(`room server: ${rooms} rooms (${rooms - previous} new)…`);
    const setupStart = performance.now();
    const rssBefore = sampler.take().party?.rssMiB ?? null;
    const fresh: GameRoom[] = [];
    for (let n = previous; n < rooms; n += 1) {
      const roomId = `bench-${runId}-${n}`;
      const uids = Array.from({ length: PLAYERS }, (_, i) => `r${n}p${i + 1}`);
      const room: FakeRoom = {
        roomId,
        stakeNgwee: 1000,
        timeMinutes: TIME_MINUTES,
        maxPlayers: PLAYERS,
        serverSeed: randomBytes(32).toString('hex'),
        status: 'active',
        seats: uids.map((uid) => ({
          uid,
          name: `Bot ${uid}`,
          clientSeed: randomBytes(8).toString('hex'),
        })),
      };
      site.rooms.set(roomId, room);
      const bot = new GameRoom({ roomId, uids, ticketUrl });
      fresh.push(bot);
      gameRooms.push(bot);
      allRooms.push(bot);
    }
    // The site pushes each full room as 'active' (the countdown starts), then the players connect.
    let pushFailures = 0;
    await pool(fresh, PUSH_CONCURRENCY, async (bot) => {
      try {
        const response = await pushRoom(party.httpUrl, secret, site.rooms.get(bot.roomId)!);
        if (response.status !== 200) pushFailures += 1;
        await response.text();
      } catch {
        pushFailures += 1;
      }
    });
    const pushed = performance.now();
    const failures = await connectRooms(fresh);
    const connected = performance.now();
    const unpulled = fresh.filter((bot) => !site.pulls.get(bot.roomId)).length;
    if (unpulled > 0) {
      unpulledTotal += unpulled;
      log(`  ${unpulled} of ${fresh.length} new rooms never reached the site with their pull`);
    }
    log(
      `  pushed ${fresh.length} rooms in ${((pushed - setupStart) / 1000).toFixed(1)} s, ` +
        `${fresh.length * PLAYERS} sockets in ${((connected - pushed) / 1000).toFixed(1)} s` +
        (failures || pushFailures ? ` (${pushFailures} push, ${failures} socket failures)` : ''),
    );
    if (pushFailures > 0 || failures > MAX_CONNECT_FAILURES * fresh.length * PLAYERS) {
      stopped =
        `not run: at ${rooms} rooms ${pushFailures} of ${fresh.length} pushes and ${failures} of ` +
        `${fresh.length * PLAYERS} sockets failed`;
      skipped.set(rooms, stopped);
      continue;
    }
    const activeWait = 5_000 * TIME_SCALE + 20_000;
    const active = await until(() => gameRooms.every((room) => room.isActive()), activeWait);
    if (!active) {
      const waiting = gameRooms.filter((room) => !room.isActive()).length;
      stopped = `not run: at ${rooms} rooms, ${waiting} rooms were not active ${activeWait / 1000} s after their countdown`;
      skipped.set(rooms, stopped);
      continue;
    }
    setupPerRoom = Math.max(
      5,
      (performance.now() - setupStart - 5_000 * TIME_SCALE) / fresh.length,
    );
    phase(`the room server's set-up for ${rooms} rooms`);
    const measured = await measure(gameRooms, partyUsage, sampler, 'party', rssBefore, setupStart);
    phase(`the room server at ${rooms} rooms`);
    real.set(rooms, measured);
    log(describeLevel('  room server', measured));
    const files = workerdFiles();
    if (files) filesAt.set(rooms, files);
    log(`  workerd file descriptors: ${files?.open} of ${files?.limit}`);
    stateSize = Math.round(median(measured.level.stateBytes) ?? stateSize);
    if (measured.samples === 0) {
      stopped = `at ${rooms} rooms no roll completed within the window`;
    }

    // -- the references, same bots, same level --
    const references: { name: string; into: Map<number, Measured>; url: (id: string) => string }[] =
      [
        {
          name: 'echo room',
          into: echo,
          url: (id) => `${party.wsUrl}/parties/echo/${encodeURIComponent(id)}`,
        },
        { name: 'bare ws', into: bareRef, url: (id) => `${env.bareUrl}/${encodeURIComponent(id)}` },
      ];
    const nextRooms = LEVELS[index + 1];
    const reserveForNext = nextRooms !== undefined && !stopped ? realEstimate(nextRooms, rooms) : 0;
    const mustRun = index < 2;
    const fits = referenceEstimate(rooms) + reserveForNext < remaining() - RESERVE_MS;
    if (!mustRun && !fits) {
      const why = `not run at ${rooms} rooms: the time budget went to the room server's next level`;
      echoSkipped.set(rooms, why);
      bareSkipped.set(rooms, why);
      continue;
    }
    for (const reference of references) {
      if (reference.name === 'echo room') {
        const files = workerdFiles();
        // About 1 descriptor per socket and 3.5 per room (its storage files), with a margin.
        const needed = rooms * (PLAYERS * 1.5 + 5);
        if (files?.limit && files.open + needed > 0.9 * files.limit) {
          echoSkipped.set(
            rooms,
            `not run at ${rooms} rooms: workerd holds ${files.open} of its ` +
              `${files.limit} file descriptors and ${rooms * PLAYERS} more sockets would exhaust ` +
              `them, which kills workerd (closing sockets does not free them: it keeps closed ` +
              `WebSockets in CLOSE-WAIT)`,
          );
          continue;
        }
      }
      const size = stateSize;
      const bots = Array.from(
        { length: rooms },
        () => new EchoRoom(`echo-${runId}-${(echoCounter += 1)}`, reference.url, () => size),
      );
      const start = performance.now();
      const usage = reference.name === 'bare ws' ? bareUsage : partyUsage;
      const which = reference.name === 'bare ws' ? 'bare' : 'party';
      const before = sampler.take()[which]?.rssMiB ?? null;
      const failed = await connectRooms(bots);
      echoSetupPerRoom = Math.max(2, (performance.now() - start) / rooms);
      if (failed > MAX_CONNECT_FAILURES * rooms * PLAYERS) {
        notes.push(`${reference.name} at ${rooms} rooms: ${failed} sockets failed to open.`);
        await Promise.all(bots.map((bot) => bot.closeGracefully()));
        continue;
      }
      const result = await measure(bots, usage, sampler, which, before, start);
      reference.into.set(rooms, result);
      log(describeLevel(`  ${reference.name}`, result));
      await Promise.all(bots.map((bot) => bot.closeGracefully()));
      await sleep(500);
      phase(`the ${reference.name} at ${rooms} rooms`);
    }
  }

  // -- what a client gets on connect, mid-game: a spectator joins the first room --
  const connectBytes = await measureConnect(gameRooms, ticketUrl);
  phase('the spectator connect');
  if (debugTimer) clearInterval(debugTimer);
  sampler.stop();
  const errorKinds = errorsIn(party.output());
  if (errorKinds.size > 0) {
    notes.push(
      `partykit dev logged errors: ${[...errorKinds].map(([text, n]) => `${n}× "${text}"`).join('; ')}` +
        ` — by phase: ${phaseErrors.join(', ')}.`,
    );
  } else {
    notes.push('partykit dev logged no errors.');
  }
  if (env.partyGroup !== null) {
    const processes = groupProcesses(env.partyGroup);
    notes.push(
      `partykit dev process group at the end: ` +
        processes
          .map(
            (p) =>
              `${p.name} (pid ${p.pid}) ${mib(p.rssMiB)} MiB RSS, ${(p.cpuMs / 1000).toFixed(1)} s CPU`,
          )
          .join('; ') +
        '.',
    );
  }

  // -- figures --
  const figures: Section = {};
  const refOf = (
    map: Map<number, Measured>,
    rooms: number,
    pick: (m: Measured) => number | null,
  ) => {
    const m = map.get(rooms);
    return m ? pick(m) : null;
  };
  for (const rooms of LEVELS) {
    const m = real.get(rooms);
    const why = skipped.get(rooms);
    const echoWhy = echoSkipped.get(rooms);
    const bareWhy = bareSkipped.get(rooms);
    const group: Section = {};
    const add = (name: string, unit: string, pick: (m: Measured) => number | null) => {
      const value = m ? pick(m) : null;
      const note = m ? undefined : why;
      const echoValue = refOf(echo, rooms, pick);
      const bareValue = refOf(bareRef, rooms, pick);
      group[name] = figure(
        value,
        unit,
        { name: 'echo room', value: echoValue },
        note ?? (echoValue === null && m ? `echo room ${echoWhy ?? 'not measured'}` : undefined),
      );
      group[`${name}VsBareWs`] = figure(
        value,
        unit,
        { name: 'bare ws', value: bareValue },
        note ?? (bareValue === null && m ? `bare ws ${bareWhy ?? 'not measured'}` : undefined),
      );
    };
    add('rollToAllStateP50', 'ms', (x) => x.p50);
    add('rollToAllStateP99', 'ms', (x) => x.p99);
    add('rollsPerSecond', 'rolls/s', (x) => x.rollsPerSecond);
    add('serverCpuPerRoll', 'ms CPU', (x) => x.cpuPerRoll);
    group.botsCpu = figure(
      m ? m.botsCpuShare : null,
      '% of a core',
      { name: 'echo room', value: refOf(echo, rooms, (x) => x.botsCpuShare) },
      m ? 'the bot process itself (one core at most): near 100 % = the client is the limit' : why,
    );
    group.measuredRolls = figure(
      m ? m.samples : null,
      'rolls',
      undefined,
      m
        ? `lost ${m.level.lost}, refused ${m.level.refused}, taken by the turn timer ${m.level.autoRolls}` +
            (m.level.autoWaits.length > 0
              ? ` (those had waited ${Math.round(percentile(m.level.autoWaits, 50)!)} ms median, ` +
                `${Math.round(Math.max(...m.level.autoWaits))} ms max, when the timer's roll came back)`
              : '')
        : why,
    );
    figures[`rooms${rooms}`] = group;
  }

  const firstLevel = real.get(LEVELS[0]!);
  const all = [...real.values()];
  const stateBytes = all.flatMap((m) => m.level.stateBytes);
  const logBytes = all.flatMap((m) => m.level.logBytes);
  const logCounts = all.flatMap((m) => m.level.logCounts);
  const echoBytes = [...echo.values()].flatMap((m) => m.level.echoBytes);
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
  const firstStates = gameRooms.flatMap((room) =>
    room.firstStateBytes.filter((b): b is number => b !== null),
  );
  figures.bytes = {
    stateAfterMove: figure(
      median(stateBytes),
      'B',
      undefined,
      `median of ${stateBytes.length}; p99 ${percentile(stateBytes, 99)} B; one client, per roll`,
    ),
    logPerMove: figure(
      mean(logBytes),
      'B',
      undefined,
      `mean; ${mean(logCounts)?.toFixed(2)} log messages per roll, sent to every client`,
    ),
    stateAndLogPerMove: figure(
      median(stateBytes) === null || mean(logBytes) === null
        ? null
        : median(stateBytes)! + mean(logBytes)!,
      'B',
      undefined,
      `one client, per roll; × ${PLAYERS} clients per room`,
    ),
    stateOnConnect: figure(
      connectBytes.state,
      'B',
      undefined,
      connectBytes.note ?? 'a spectator joining a room mid-game: its first state message',
    ),
    logsOnConnect: figure(
      connectBytes.logs,
      'B',
      undefined,
      connectBytes.note ?? `${connectBytes.logCount} log messages (the last 100 at most)`,
    ),
    stateOnConnectNewRoom: figure(
      median(firstStates),
      'B',
      undefined,
      'first state each bot got when it joined its new room (before any roll)',
    ),
    echoMessage: figure(
      median(echoBytes),
      'B',
      undefined,
      'what the echo bots send: padded to the median state message',
    ),
  };

  const memory: Section = {
    idle: figure(
      mib(idle.party?.rssMiB),
      'MiB',
      { name: 'bare ws server', value: mib(idle.bare?.rssMiB) },
      'partykit dev (node + workerd), before any room',
    ),
  };
  for (const rooms of LEVELS) {
    const m = real.get(rooms);
    const why = skipped.get(rooms);
    memory[`rooms${rooms}Before`] = figure(
      mib(m?.rssBefore),
      'MiB',
      undefined,
      m ? undefined : why,
    );
    memory[`rooms${rooms}Peak`] = figure(
      mib(m?.rssPeak),
      'MiB',
      { name: 'bare ws server peak', value: mib(bareRef.get(rooms)?.rssPeak) },
      m
        ? `echo room level peak (same process): ${mib(echo.get(rooms)?.rssPeak) ?? 'n/a'} MiB`
        : why,
    );
  }
  for (const rooms of LEVELS) {
    const files = filesAt.get(rooms);
    memory[`rooms${rooms}OpenFiles`] = figure(
      files?.open ?? null,
      'fds',
      undefined,
      files
        ? `workerd's open file descriptors after the level (soft limit ${files.limit ?? '?'})`
        : skipped.get(rooms),
    );
  }
  figures.memory = memory;

  notes.push(
    `Levels are cumulative: the rooms of a level stay connected (idle) for the next one, which adds ` +
      `rooms. Each room rolls in a closed loop, at most one roll every ${ROLL_INTERVAL_MS} ms ` +
      `(offered load ≤ ${1000 / ROLL_INTERVAL_MS} rolls/s per room); window ${WINDOW_MS / 1000} s ` +
      `after ${WARMUP_MS / 1000} s of warm-up; GAME_TIME_SCALE ${TIME_SCALE} (turn timer ${20 * TIME_SCALE} s).`,
    `Latency: from the bot sending {"type":"roll"} until all ${PLAYERS} connections got the state ` +
      `with the new lastRoll.nonce (echo: the echoed message on all ${PLAYERS}). Bots, echo party, ` +
      `partykit dev and the bare ws server share the machine's ${2} cores.`,
    `References run right after the room server at the same level; the room server's idle rooms ` +
      `stay connected meanwhile (their turn timers keep rolling: ≈ rooms / ${20 * TIME_SCALE} s).`,
  );
  if (firstLevel === undefined) notes.push('The room server could not be measured at all.');
  const stoppedAt = LEVELS.find((rooms) => skipped.has(rooms));
  if (stoppedAt !== undefined) {
    notes.push(`The room server series stopped at ${stoppedAt} rooms: ${skipped.get(stoppedAt)}.`);
  } else {
    notes.push(`The room server series ran every level (${LEVELS.join(', ')} rooms).`);
  }
  for (const why of echoSkipped.values()) notes.push(`Echo room ${why}.`);
  for (const why of bareSkipped.values()) notes.push(`Bare ws ${why}.`);
  const series = [
    ['room server', real],
    ['echo room', echo],
    ['bare ws', bareRef],
  ] as const;
  const foreign = LEVELS.flatMap((rooms) =>
    series.flatMap(([name, map]) => {
      const m = map.get(rooms);
      return m ? [`${name} ${rooms}: ${m.othersCpuShare.toFixed(0)}%`] : [];
    }),
  );
  notes.push(
    `CPU used by processes not part of this benchmark during each window (% of one core; the ` +
      `machine has 2 cores, so much above ~20% disturbs the figures): ${foreign.join(', ')}.`,
  );
  const lost = all.reduce((sum, m) => sum + m.level.lost, 0);
  const unparsable = gameRooms.reduce((sum, room) => sum + room.unparsable, 0);
  const dropped = gameRooms.reduce((sum, room) => sum + room.closedUnexpectedly, 0);
  notes.push(
    `Room server: ${lost} roll(s) lost, ${unparsable} unparsable message(s), ${dropped} socket(s) ` +
      `closed by the server, ${unpulledTotal} room(s) whose pull never reached the site.`,
  );

  result = { figures, notes };
}

let result: { figures: Section; notes: string[] } | null = null;

/** What partykit dev logged as errors, by kind (stack traces left out). */
function errorsIn(output: string): Map<string, number> {
  const kinds = new Map<string, number>();
  for (const line of output.split('\n')) {
    const match =
      /\[ERROR\]\s*(.*)$/.exec(line) ??
      /(room machine stopped.*|room server task failed.*|settlement attempt failed.*)$/.exec(line);
    if (!match) continue;
    const kind = (match[1] ?? '')
      .replace(/workerd\/server\/server\.c\+\+:\d+: error: /, '')
      .replace(/kj\/[\w-]+\.c\+\+:\d+: /g, '')
      .slice(0, 160);
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return kinds;
}

interface ConnectBytes {
  state: number | null;
  logs: number | null;
  logCount: number;
  note?: string;
}

async function measureConnect(
  rooms: readonly GameRoom[],
  ticketUrl: (roomId: string, uid: string) => string,
): Promise<ConnectBytes> {
  const room = rooms[0];
  if (!room) return { state: null, logs: null, logCount: 0, note: 'no room was played' };
  let state: number | null = null;
  let logs = 0;
  let logCount = 0;
  const socket = new WebSocket(ticketUrl(room.roomId, 'watcher'), { perMessageDeflate: false });
  socket.on('message', (data: Buffer) => {
    const type = /^\{"type":"(\w+)"/.exec(data.toString('utf8', 0, 24))?.[1];
    if (type === 'state' && state === null) state = data.length;
    else if (type === 'log' && state !== null) {
      logs += data.length;
      logCount += 1;
    }
  });
  socket.on('error', () => undefined);
  const opened = await until(() => socket.readyState === WebSocket.OPEN, 10_000);
  if (!opened) {
    socket.terminate();
    return { state: null, logs: null, logCount: 0, note: 'the spectator could not connect' };
  }
  await until(() => logCount >= 100, 3_000);
  await sleep(300);
  socket.terminate();
  return { state, logs, logCount };
}

void main()
  .then(() => {
    if (!result) throw new Error('no result');
    savePart('room', { ...result, seconds: Math.round(elapsed() / 1000) });
    process.exit(0);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
