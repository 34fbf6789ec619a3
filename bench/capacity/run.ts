// The `capacity` benchmark: how many rooms played at a person's pace one room server holds. Each room
// has four players taking turns (one roll about every 3 s per room, an offered truck bought half the
// time) and one spectator. Rooms are added level by level until the p99 from a roll to every
// player's view passes 200 ms (or the time budget, or the sockets, run out); each level prints the
// rooms and players held, the room server's memory and file descriptors per room, its CPU, the
// machine's, and what limits it.
//
//   npx tsx bench/capacity/run.ts           ≤ 4 minutes
//   npm run bench -- capacity               through bench/run.ts
//
// The real room server (party/room.ts) in one `partykit dev`, the fake site of tests/support behind
// it (the site takes no part in a roll), the bots of bench/room (game-room.ts).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type WebSocket from 'ws';
import { purposeKey, signTicket } from '#wire/signing.ts';
import { pushRoom, startFakeSite } from '#tests/support/fake-site.ts';
import { removeDir, startPartykit, tempDir } from '#tests/support/partykit.ts';
import { figure, percentile, savePart, type Section } from '../support/report';
import { LevelRun, openSocket, PLAYERS } from '../room/bots';
import { GameRoom } from '../room/game-room';
import { fullRoom } from '../room/level';
import { pool, sleep, until } from '../room/measure';
import {
  findPidByArgument,
  groupOf,
  groupProcesses,
  groupUsage,
  machineBusyMs,
  openFiles,
} from '../room/procs';

const CONFIG = path.resolve(import.meta.dirname, '../room/partykit.json');
/** The levels, in rooms; the series stops at the first whose p99 passes the limit. */
const LEVELS = [25, 50, 100, 200, 400, 700, 1000, 1500, 2000];
const P99_LIMIT_MS = 200;
/** A room's next roll comes this long after the previous one was seen by all (a person's pace). */
const ROLL_EVERY_MS = 3_000;
const BUY_CHANCE = 0.5;
const WARMUP_MS = 3_000;
const WINDOW_MS = 12_000;
const LOST_MS = 15_000;
/** The whole run ends by then (bench/run.ts stops the part at 270 s). */
const BUDGET_MS = 230_000;
const CONNECT_CONCURRENCY = 64;
const CONNECT_TIMEOUT_MS = 15_000;

const started = performance.now();
const elapsed = () => performance.now() - started;
const log = (text: string) => console.log(`[capacity ${(elapsed() / 1000).toFixed(1)}s] ${text}`);

/** CPU the machine spent waiting for I/O (all cores), ms: the disk's share. */
function machineIowaitMs(): number {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return ((fields[4] ?? 0) / 100) * 1000;
}

interface LevelFigures {
  rooms: number;
  players: number;
  sockets: number;
  p50: number | null;
  p99: number | null;
  samples: number;
  lost: number;
  rollsPerSecond: number;
  /** The room server's processes, % of one core (workerd runs the rooms' JavaScript on one thread). */
  serverCpu: number;
  /** The whole machine busy, % of all its cores; and waiting for the disk. */
  machineBusy: number;
  iowait: number;
  botsCpu: number;
  rssMiB: number;
  files: number;
  fileLimit: number | null;
}

/** What stops the series at this level, from the figures taken during its window. */
function limitingFactor(level: LevelFigures, cores: number): string {
  if (level.fileLimit && level.files > 0.9 * level.fileLimit) {
    return `file descriptors: workerd holds ${level.files} of ${level.fileLimit}`;
  }
  if (level.serverCpu >= 85) {
    return `CPU: the room server's JavaScript thread at ${level.serverCpu.toFixed(0)} % of a core (workerd runs every room of a process on one thread)`;
  }
  if (level.machineBusy >= 90) {
    return `CPU: the machine at ${level.machineBusy.toFixed(0)} % of its ${cores} cores, the room server getting ${level.serverCpu.toFixed(0)} % of one (the bots, the room server and other work share them)`;
  }
  if (level.iowait >= 20) {
    return `disk flushes: the machine waited on the disk ${level.iowait.toFixed(0)} % of the time`;
  }
  return `the storage commits: each roll waits for its flushed write (server CPU ${level.serverCpu.toFixed(0)} % of a core, machine ${level.machineBusy.toFixed(0)} %, iowait ${level.iowait.toFixed(0)} %)`;
}

async function main(): Promise<{ figures: Section; notes: string[] }> {
  const notes: string[] = [];
  const secret = randomBytes(32).toString('hex');
  const site = await startFakeSite({ secret });
  const persistDir = await tempDir('zt-bench-capacity-');
  // Time at its real pace: the turn timer (20 s) never rolls for a bot, a game (10 min) outlasts the run.
  const party = await startPartykit({
    config: CONFIG,
    persistDir,
    readyTimeoutMs: 60_000,
    vars: { SITE_URL: site.url, INTERNAL_SECRET: secret, GAME_TIME_SCALE: '1' },
  });
  const partyPid = findPidByArgument(persistDir);
  const group = partyPid === null ? null : groupOf(partyPid);
  const cores = readFileSync('/proc/cpuinfo', 'utf8').match(/^processor\s/gm)?.length ?? 1;
  const workerdFiles = () => {
    const workerd =
      group === null ? undefined : groupProcesses(group).find((p) => p.name === 'workerd');
    return workerd ? openFiles(workerd.pid) : { open: 0, limit: null };
  };
  const ticketUrl = (roomId: string, uid: string) =>
    `${party.wsUrl}/parties/main/${encodeURIComponent(roomId)}?ticket=${signTicket(
      purposeKey(secret, 'tickets'),
      { roomId, uid, name: `Bot ${uid}` },
      Date.now(),
    )}`;

  const rooms: GameRoom[] = [];
  const spectators: WebSocket[] = [];
  const levels: LevelFigures[] = [];
  let stoppedBy: string | null = null;
  let limit: string | null = null;
  await sleep(1_000);
  const idleRss = group === null ? 0 : groupUsage(group).rssMiB;
  const idleFiles = workerdFiles().open;
  let setupPerRoom = 40;

  try {
    for (const target of LEVELS) {
      const needed = (target - rooms.length) * setupPerRoom + 5_000 + WARMUP_MS + WINDOW_MS + 8_000;
      if (elapsed() + needed > BUDGET_MS) {
        stoppedBy = `the time budget: ${target} rooms would need about ${Math.round(needed / 1000)} s more`;
        break;
      }
      log(`${target} rooms (${target - rooms.length} new)…`);
      const setupStart = performance.now();
      const fresh: GameRoom[] = [];
      for (let n = rooms.length; n < target; n += 1) {
        const roomId = `cap-${n}-${randomBytes(3).toString('hex')}`;
        const uids = Array.from({ length: PLAYERS }, (_, i) => `r${n}p${i + 1}`);
        site.rooms.set(roomId, fullRoom(roomId, uids, 10));
        fresh.push(new GameRoom({ roomId, uids, ticketUrl, buyChance: BUY_CHANCE }));
      }
      rooms.push(...fresh);
      let failures = 0;
      await pool(fresh, 16, async (bot) => {
        const response = await pushRoom(party.httpUrl, secret, site.rooms.get(bot.roomId)!).catch(
          () => null,
        );
        if (response?.status !== 200) failures += 1;
        await response?.text();
      });
      const jobs = fresh.flatMap((room) =>
        Array.from({ length: PLAYERS + 1 }, (_, index) => ({ room, index })),
      );
      await pool(jobs, CONNECT_CONCURRENCY, async ({ room, index }) => {
        try {
          if (index < PLAYERS) await room.connect(index, CONNECT_TIMEOUT_MS);
          else
            spectators.push(
              await openSocket(
                ticketUrl(room.roomId, `${room.roomId}-watcher`),
                () => undefined,
                CONNECT_TIMEOUT_MS,
              ),
            );
        } catch {
          failures += 1;
        }
      });
      if (failures > 0.01 * jobs.length) {
        stoppedBy = `sockets: ${failures} of ${fresh.length} pushes and ${jobs.length} sockets failed at ${target} rooms`;
        break;
      }
      if (!(await until(() => rooms.every((room) => room.isActive()), 30_000))) {
        stoppedBy = `${rooms.filter((room) => !room.isActive()).length} rooms not active 30 s after their countdown at ${target} rooms`;
        break;
      }
      setupPerRoom = Math.max(5, (performance.now() - setupStart - 5_000) / fresh.length);

      // Every room rolls at a person's pace, their first rolls spread over one interval.
      const start = performance.now();
      const level = new LevelRun(start + WARMUP_MS, start + WARMUP_MS + WINDOW_MS, ROLL_EVERY_MS);
      const starts = rooms.map((room) => {
        room.level = level;
        return setTimeout(() => room.decide(0), Math.random() * ROLL_EVERY_MS);
      });
      const sweep = setInterval(() => {
        for (const room of rooms) room.expire(performance.now(), LOST_MS);
      }, 1_000);
      await sleep(level.windowStart - performance.now());
      const cpuStart = group === null ? 0 : groupUsage(group).cpuMs;
      const busyStart = machineBusyMs();
      const iowaitStart = machineIowaitMs();
      const botsStart = process.cpuUsage();
      let rssPeak = 0;
      const rssTimer = setInterval(() => {
        rssPeak = Math.max(rssPeak, group === null ? 0 : groupUsage(group).rssMiB);
      }, 500);
      await sleep(level.windowEnd - performance.now());
      clearInterval(rssTimer);
      const serverCpuMs = (group === null ? 0 : groupUsage(group).cpuMs) - cpuStart;
      const busyMs = machineBusyMs() - busyStart;
      const iowaitMs = machineIowaitMs() - iowaitStart;
      const bots = process.cpuUsage(botsStart);
      const files = workerdFiles();
      level.rolling = false;
      starts.forEach(clearTimeout);
      await until(() => rooms.every((room) => room.idle()), 8_000);
      clearInterval(sweep);
      for (const room of rooms) room.finish();

      const figures: LevelFigures = {
        rooms: rooms.length,
        players: rooms.length * PLAYERS,
        sockets: rooms.length * (PLAYERS + 1),
        p50: percentile(level.latencies, 50),
        p99: percentile(level.latencies, 99),
        samples: level.latencies.length,
        lost: level.lost,
        rollsPerSecond: level.completedInWindow / (WINDOW_MS / 1000),
        serverCpu: (serverCpuMs / WINDOW_MS) * 100,
        machineBusy: (busyMs / (WINDOW_MS * cores)) * 100,
        iowait: (iowaitMs / (WINDOW_MS * cores)) * 100,
        botsCpu: ((bots.user + bots.system) / 1000 / WINDOW_MS) * 100,
        rssMiB: rssPeak,
        files: files.open,
        fileLimit: files.limit,
      };
      levels.push(figures);
      // Per room: the growth since the previous level (the first level's, since the idle server),
      // less noisy than the whole over the rooms while the runtime's own heap settles.
      const before = levels.at(-2);
      const perRoomMiB =
        (figures.rssMiB - (before?.rssMiB ?? idleRss)) / (figures.rooms - (before?.rooms ?? 0));
      const perRoomFiles = (figures.files - idleFiles) / figures.rooms;
      log(
        `  ${figures.rooms} rooms, ${figures.players} players (+${figures.rooms} spectators): ` +
          `roll → every player p50 ${figures.p50?.toFixed(1)} ms, p99 ${figures.p99?.toFixed(1)} ms ` +
          `(${figures.samples} rolls, ${figures.lost} lost), ${figures.rollsPerSecond.toFixed(0)} rolls/s; ` +
          `room server ${figures.serverCpu.toFixed(0)} % of a core, machine ${figures.machineBusy.toFixed(0)} % ` +
          `(iowait ${figures.iowait.toFixed(0)} %), bots ${figures.botsCpu.toFixed(0)} %; ` +
          `memory ${figures.rssMiB.toFixed(0)} MiB (${perRoomMiB.toFixed(2)} MiB/room), ` +
          `workerd descriptors ${figures.files} of ${figures.fileLimit} (${perRoomFiles.toFixed(1)}/room)`,
      );
      if (figures.p99 === null || figures.p99 > P99_LIMIT_MS || figures.lost > 0) {
        limit = limitingFactor(figures, cores);
        stoppedBy = `p99 ${figures.p99?.toFixed(0)} ms > ${P99_LIMIT_MS} ms at ${figures.rooms} rooms; limit: ${limit}`;
        break;
      }
    }
  } finally {
    await party.stop();
    for (const room of rooms) room.close();
    for (const socket of spectators) socket.terminate();
    await site.close();
    await removeDir(persistDir);
  }

  const held = [...levels]
    .reverse()
    .find((l) => l.p99 !== null && l.p99 <= P99_LIMIT_MS && l.lost === 0);
  const last = levels.at(-1);
  if (!stoppedBy) stoppedBy = `every level up to ${LEVELS.at(-1)} rooms held`;
  if (!limit && last) limit = limitingFactor(last, cores);
  notes.push(`Series stopped by ${stoppedBy}.`);
  notes.push(
    `Held: ${held ? `${held.rooms} rooms, ${held.players} players and ${held.rooms} spectators` : 'not even the first level'} with p99 ≤ ${P99_LIMIT_MS} ms (one roll every ${ROLL_EVERY_MS / 1000} s per room, ${cores} cores shared with other work).`,
  );
  log(notes.join(' '));

  const section: Section = {
    roomsHeld: figure(held?.rooms ?? 0, 'rooms', undefined, limit ?? undefined),
    playersHeld: figure(held?.players ?? 0, 'players'),
  };
  levels.forEach((l, index) => {
    const before = levels[index - 1];
    section[`rooms${l.rooms}`] = {
      rollToEveryPlayerP50: figure(l.p50, 'ms'),
      rollToEveryPlayerP99: figure(l.p99, 'ms'),
      rollsPerSecond: figure(l.rollsPerSecond, 'rolls/s'),
      memoryPerRoom: figure(
        (l.rssMiB - (before?.rssMiB ?? idleRss)) / (l.rooms - (before?.rooms ?? 0)),
        'MiB',
        undefined,
        'growth since the previous level, per room added',
      ),
      descriptorsPerRoom: figure((l.files - idleFiles) / l.rooms, 'fds'),
      roomServerCpu: figure(l.serverCpu, '% of a core'),
      machineBusy: figure(l.machineBusy, `% of ${cores} cores`),
      iowait: figure(l.iowait, `% of ${cores} cores`),
    };
  });
  return { figures: section, notes };
}

void main()
  .then((result) => {
    savePart('capacity', { ...result, seconds: Math.round(elapsed() / 1000) });
    process.exit(0);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
