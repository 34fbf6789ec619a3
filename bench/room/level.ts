// One level of the room benchmark: the room server's new rooms set up and measured, a reference on
// fresh echo rooms, and the spectator's connect — each recording into the run's state it is given.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { pushRoom, type FakeRoom, type FakeSite } from '#tests/support/fake-site.ts';
import type { PartykitServer } from '#tests/support/partykit.ts';
import { median } from '../support/report';
import { PLAYERS, type BotRoom } from './bots';
import { EchoRoom } from './echo-room';
import { GameRoom } from './game-room';
import { describeLevel, measure, pool, sleep, until, type Measured, type Sampler } from './measure';
import type { Usage } from './procs';
import {
  CONNECT_CONCURRENCY,
  CONNECT_TIMEOUT_MS,
  MAX_CONNECT_FAILURES,
  PUSH_CONCURRENCY,
  TIME_MINUTES,
  TIME_SCALE,
} from './settings';

/** What the levels work with: the servers, the sampler, and how to log and mark phases. */
export interface LevelContext {
  site: FakeSite;
  party: PartykitServer;
  secret: string;
  runId: string;
  sampler: Sampler;
  partyUsage: () => Usage | null;
  bareUsage: () => Usage | null;
  ticketUrl: (roomId: string, uid: string) => string;
  workerdFiles: () => { open: number; limit: number | null } | null;
  log: (text: string) => void;
  /** Notes how many errors partykit dev logged since the last phase ended. */
  phase: (name: string) => void;
  /** Every bot room opened, for the clean-up. */
  allRooms: BotRoom[];
}

/** What the run has measured so far (and what it could not), level by level. */
export interface RunState {
  gameRooms: GameRoom[];
  real: Map<number, Measured>;
  echo: Map<number, Measured>;
  bareRef: Map<number, Measured>;
  skipped: Map<number, string>;
  echoSkipped: Map<number, string>;
  bareSkipped: Map<number, string>;
  filesAt: Map<number, { open: number; limit: number | null }>;
  notes: string[];
  phaseErrors: string[];
  unpulledTotal: number;
  /** ms of set-up per new room (push + 4 sockets + waiting to be active), from the last level. */
  setupPerRoom: number;
  echoSetupPerRoom: number;
  stateSize: number;
  echoCounter: number;
}

export function newRunState(notes: string[]): RunState {
  return {
    gameRooms: [],
    real: new Map(),
    echo: new Map(),
    bareRef: new Map(),
    skipped: new Map(),
    echoSkipped: new Map(),
    bareSkipped: new Map(),
    filesAt: new Map(),
    notes,
    phaseErrors: [],
    unpulledTotal: 0,
    setupPerRoom: 40,
    echoSetupPerRoom: 10,
    stateSize: 0,
    echoCounter: 0,
  };
}

export interface Reference {
  name: 'echo room' | 'bare ws';
  into: Map<number, Measured>;
  url: (id: string) => string;
}

/** A full four-seat room as the site pushes it once its countdown starts (status `active`). */
export function fullRoom(roomId: string, uids: readonly string[], timeMinutes: number): FakeRoom {
  return {
    roomId,
    stakeNgwee: 1000,
    timeMinutes,
    maxPlayers: PLAYERS,
    serverSeed: randomBytes(32).toString('hex'),
    status: 'active',
    seats: uids.map((uid) => ({
      uid,
      name: `Bot ${uid}`,
      clientSeed: randomBytes(8).toString('hex'),
    })),
  };
}

/** Opens every socket of `rooms` (retrying once); returns how many failed. */
async function connectRooms(
  rooms: readonly BotRoom[],
  log: (text: string) => void,
): Promise<number> {
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

/**
 * Brings the room server up to `rooms` rooms (the new ones pushed by the site, their players
 * connected, all active) and measures all of them. `measured` is false when the level could not be
 * set up (the reason is in `state.skipped`); `stopped` says why the series ends here, if it does.
 */
export async function measureRoomServer(
  ctx: LevelContext,
  state: RunState,
  rooms: number,
): Promise<{ measured: boolean; stopped: string | null }> {
  const { site, party, secret, sampler, log } = ctx;
  const { gameRooms } = state;
  const previous = gameRooms.length;
  const notRun = (why: string) => {
    state.skipped.set(rooms, why);
    return { measured: false, stopped: why };
  };
  log(`room server: ${rooms} rooms (${rooms - previous} new)…`);
  const setupStart = performance.now();
  const rssBefore = sampler.take().party?.rssMiB ?? null;
  const fresh: GameRoom[] = [];
  for (let n = previous; n < rooms; n += 1) {
    const roomId = `bench-${ctx.runId}-${n}`;
    const uids = Array.from({ length: PLAYERS }, (_, i) => `r${n}p${i + 1}`);
    site.rooms.set(roomId, fullRoom(roomId, uids, TIME_MINUTES));
    const bot = new GameRoom({ roomId, uids, ticketUrl: ctx.ticketUrl });
    fresh.push(bot);
    gameRooms.push(bot);
    ctx.allRooms.push(bot);
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
  const failures = await connectRooms(fresh, log);
  const connected = performance.now();
  const unpulled = fresh.filter((bot) => !site.pulls.get(bot.roomId)).length;
  if (unpulled > 0) {
    state.unpulledTotal += unpulled;
    log(`  ${unpulled} of ${fresh.length} new rooms never reached the site with their pull`);
  }
  log(
    `  pushed ${fresh.length} rooms in ${((pushed - setupStart) / 1000).toFixed(1)} s, ` +
      `${fresh.length * PLAYERS} sockets in ${((connected - pushed) / 1000).toFixed(1)} s` +
      (failures || pushFailures ? ` (${pushFailures} push, ${failures} socket failures)` : ''),
  );
  if (pushFailures > 0 || failures > MAX_CONNECT_FAILURES * fresh.length * PLAYERS) {
    return notRun(
      `not run: at ${rooms} rooms ${pushFailures} of ${fresh.length} pushes and ${failures} of ` +
        `${fresh.length * PLAYERS} sockets failed`,
    );
  }
  const activeWait = 5_000 * TIME_SCALE + 20_000;
  const active = await until(() => gameRooms.every((room) => room.isActive()), activeWait);
  if (!active) {
    const waiting = gameRooms.filter((room) => !room.isActive()).length;
    return notRun(
      `not run: at ${rooms} rooms, ${waiting} rooms were not active ${activeWait / 1000} s after their countdown`,
    );
  }
  state.setupPerRoom = Math.max(
    5,
    (performance.now() - setupStart - 5_000 * TIME_SCALE) / fresh.length,
  );
  ctx.phase(`the room server's set-up for ${rooms} rooms`);
  const measured = await measure(
    gameRooms,
    ctx.partyUsage,
    sampler,
    'party',
    rssBefore,
    setupStart,
  );
  ctx.phase(`the room server at ${rooms} rooms`);
  state.real.set(rooms, measured);
  log(describeLevel('  room server', measured));
  const files = ctx.workerdFiles();
  if (files) state.filesAt.set(rooms, files);
  log(`  workerd file descriptors: ${files?.open} of ${files?.limit}`);
  state.stateSize = Math.round(median(measured.level.stateBytes) ?? state.stateSize);
  return {
    measured: true,
    stopped:
      measured.samples === 0 ? `at ${rooms} rooms no roll completed within the window` : null,
  };
}

/** Runs one reference on `rooms` fresh echo rooms, with messages the size of the room's state. */
export async function measureReference(
  ctx: LevelContext,
  state: RunState,
  reference: Reference,
  rooms: number,
): Promise<void> {
  const { sampler, log } = ctx;
  if (reference.name === 'echo room') {
    const files = ctx.workerdFiles();
    // About 1 descriptor per socket and 3.5 per room (its storage files), with a margin.
    const needed = rooms * (PLAYERS * 1.5 + 5);
    if (files?.limit && files.open + needed > 0.9 * files.limit) {
      state.echoSkipped.set(
        rooms,
        `not run at ${rooms} rooms: workerd holds ${files.open} of its ` +
          `${files.limit} file descriptors and ${rooms * PLAYERS} more sockets would exhaust ` +
          `them, which kills workerd (closing sockets does not free them: it keeps closed ` +
          `WebSockets in CLOSE-WAIT)`,
      );
      return;
    }
  }
  const size = state.stateSize;
  const bots = Array.from(
    { length: rooms },
    () => new EchoRoom(`echo-${ctx.runId}-${(state.echoCounter += 1)}`, reference.url, () => size),
  );
  const start = performance.now();
  const usage = reference.name === 'bare ws' ? ctx.bareUsage : ctx.partyUsage;
  const which = reference.name === 'bare ws' ? 'bare' : 'party';
  const before = sampler.take()[which]?.rssMiB ?? null;
  const failed = await connectRooms(bots, log);
  state.echoSetupPerRoom = Math.max(2, (performance.now() - start) / rooms);
  if (failed > MAX_CONNECT_FAILURES * rooms * PLAYERS) {
    state.notes.push(`${reference.name} at ${rooms} rooms: ${failed} sockets failed to open.`);
    await Promise.all(bots.map((bot) => bot.closeGracefully()));
    return;
  }
  const result = await measure(bots, usage, sampler, which, before, start);
  reference.into.set(rooms, result);
  log(describeLevel(`  ${reference.name}`, result));
  await Promise.all(bots.map((bot) => bot.closeGracefully()));
  await sleep(500);
  ctx.phase(`the ${reference.name} at ${rooms} rooms`);
}

export interface ConnectBytes {
  state: number | null;
  logs: number | null;
  logCount: number;
  note?: string;
}

/** What a client gets on connect, mid-game: a spectator joins the first room. */
export async function measureConnect(
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
