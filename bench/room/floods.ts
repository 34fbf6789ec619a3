// A live game's roll latency under floods from outside, on ONE `partykit dev` (the real room server
// and lobby, the fake site of tests/support/fake-site.ts behind them). `--rooms` four-player games
// roll in a closed loop (the room benchmark's bots) while, one phase after the other, in one run:
//
//   quiet    nothing else
//   churn    the site's ordinary churn: a new room pushed to its room server and the public list
//            pushed to the lobby every 250 ms (the site's publisher pushes the lobby at most that often)
//   lobby    the churn, with `--lobby` sockets opened on the lobby from one address (one lobby
//            ticket, reused: it lives a minute)
//   garbage  the churn, with `--garbage` spectator sockets in the games' rooms, from one address,
//            each sending `--garbage-rate` malformed messages a second, and opening a new socket
//            (with a fresh ticket) at once whenever the room closes one
//
// and prints, per phase, roll → every player's view p50 / p95, rolls per second, the room server's
// CPU (the partykit dev process group) and this process's (the bots and the floods' clients: on a
// 2-core machine a busy client slows the rolls it times), and what the floods got (lobby sockets
// kept, garbage sent, answered and closed).
// Tickets are signed here with the room servers' key, as the site would sign them; the site's own
// limits on asking for tickets (docs/api.md) are not applied, so the floods are the worst case.
//
//   npx tsx bench/room/floods.ts [--rooms 4] [--lobby 3000] [--garbage 60] [--garbage-rate 500]
//                                [--seconds 10] [--reconnect false]
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { addressKey, purposeKey, signLobbyTicket, signRequest, signTicket } from '#wire/signing.ts';
import { wirePaths, type PublicRoom } from '#wire/site-room.ts';
import { pushRoom, startFakeSite, type FakeRoom } from '#tests/support/fake-site.ts';
import { removeDir, startPartykit, tempDir } from '#tests/support/partykit.ts';
import { percentile } from '../support/report';
import { LevelRun, PLAYERS } from './bots';
import { GameRoom } from './game-room';
import { pool, sleep, until } from './measure';
import { findPidByArgument, groupOf, groupUsage } from './procs';
import { CONNECT_TIMEOUT_MS, ROLL_INTERVAL_MS } from './settings';

const { values: options } = parseArgs({
  options: {
    rooms: { type: 'string', default: '4' },
    lobby: { type: 'string', default: '3000' },
    garbage: { type: 'string', default: '60' },
    'garbage-rate': { type: 'string', default: '500' },
    seconds: { type: 'string', default: '10' },
    /** Whether a garbage sender opens a new socket when the room closes its own. */
    reconnect: { type: 'string', default: 'true' },
  },
});
const ROOMS = Number(options.rooms);
const LOBBY_SOCKETS = Number(options.lobby);
const GARBAGE_SOCKETS = Number(options.garbage);
const GARBAGE_PER_SECOND = Number(options['garbage-rate']);
const WINDOW_MS = Number(options.seconds) * 1000;
const RECONNECT = options.reconnect !== 'false';
const WARMUP_MS = 1_500;
/** Public rooms in each lobby push: a busy evening's list. */
const LISTED_ROOMS = 30;
const CHURN_EVERY_MS = 250;
const ATTACKER = '203.0.113.7';
const GARBAGE = ['{"type":"roll"', '[]', 'null', '{"type":"TICK","now":1}', 'x'.repeat(2_000)];

const started = performance.now();
const log = (text: string) =>
  console.log(`[floods ${((performance.now() - started) / 1000).toFixed(1)}s] ${text}`);

interface PhaseResult {
  phase: string;
  p50: number | null;
  p95: number | null;
  rollsPerSecond: number;
  serverCpuShare: number | null;
  /** This process: the bots and the floods' clients, % of one core. */
  clientCpuShare: number;
  detail: string;
}

function publicRoom(n: number): PublicRoom {
  return {
    roomId: `churn-${n}`,
    roomName: `Player ${n}'s Room`,
    hostId: `host-${n}`,
    amount: 10,
    practice: false,
    time: 10,
    maxPlayers: 4,
    privacy: 'Public',
    isActive: true,
    status: 'waiting',
    participants: {
      [`host-${n}`]: { uid: `host-${n}`, name: `Player ${n}`, joinedAt: new Date().toISOString() },
    },
    joinedOrder: [`host-${n}`],
    createdAt: new Date().toISOString(),
    serverSeedHash: randomBytes(32).toString('hex'),
    closesAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  };
}

async function main(): Promise<void> {
  const secret = randomBytes(32).toString('hex');
  const keys = {
    tickets: purposeKey(secret, 'tickets'),
    siteToRoom: purposeKey(secret, 'site-to-room'),
  };
  const site = await startFakeSite({ secret });
  const persistDir = await tempDir('zt-bench-floods-');
  const party = await startPartykit({
    config: path.join(import.meta.dirname, 'partykit.json'),
    persistDir,
    readyTimeoutMs: 60_000,
    vars: { SITE_URL: site.url, INTERNAL_SECRET: secret, GAME_TIME_SCALE: '1' },
  });
  const partyPid = findPidByArgument(persistDir);
  const group = partyPid === null ? null : groupOf(partyPid);
  // Whatever happens (a crash included), the room server we started does not outlive us.
  process.on('exit', () => {
    if (group === null) return;
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // gone already
    }
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));
  const serverCpuMs = () => (group === null ? null : groupUsage(group).cpuMs);
  const attackerKey = addressKey(keys.tickets, ATTACKER);
  const ticketUrl = (roomId: string, uid: string, ak?: string) =>
    `${party.wsUrl}${wirePaths.room(roomId)}?ticket=${signTicket(
      keys.tickets,
      { roomId, uid, name: `Bot ${uid}`, ...(ak ? { addressKey: ak } : {}) },
      Date.now(),
    )}`;
  const sockets: WebSocket[] = [];
  const results: PhaseResult[] = [];
  let stopChurn: (() => Promise<void>) | null = null;

  try {
    // The games: four seats each, active at once (the site pushes a full room).
    const games: GameRoom[] = [];
    for (let n = 0; n < ROOMS; n++) {
      const roomId = `game-${n}`;
      const uids = Array.from({ length: PLAYERS }, (_, i) => `g${n}p${i + 1}`);
      const room: FakeRoom = {
        roomId,
        stakeNgwee: 1000,
        timeMinutes: 60,
        maxPlayers: PLAYERS,
        serverSeed: randomBytes(32).toString('hex'),
        status: 'active',
        seats: uids.map((uid) => ({ uid, name: `Bot ${uid}`, clientSeed: 'bench' })),
      };
      site.rooms.set(roomId, room);
      await (await pushRoom(party.httpUrl, secret, room)).text();
      games.push(new GameRoom({ roomId, uids, ticketUrl: (id, uid) => ticketUrl(id, uid) }));
    }
    await pool(
      games.flatMap((game) => Array.from({ length: PLAYERS }, (_, i) => ({ game, i }))),
      16,
      ({ game, i }) => game.connect(i, CONNECT_TIMEOUT_MS),
    );
    if (!(await until(() => games.every((game) => game.isActive()), 30_000))) {
      throw new Error('the games did not start');
    }

    /** Rolls for a warm-up and a window; the phase's latencies and the server's CPU. */
    const measurePhase = async (phase: string, detail: () => string) => {
      const start = performance.now();
      const level = new LevelRun(
        start + WARMUP_MS,
        start + WARMUP_MS + WINDOW_MS,
        ROLL_INTERVAL_MS,
      );
      for (const game of games) game.level = level;
      for (const game of games) game.decide(0);
      await sleep(WARMUP_MS);
      const cpuStart = serverCpuMs();
      const clientStart = process.cpuUsage();
      await sleep(WINDOW_MS);
      const cpuEnd = serverCpuMs();
      const client = process.cpuUsage(clientStart);
      level.rolling = false;
      await until(() => games.every((game) => game.idle()), 15_000);
      for (const game of games) game.finish();
      const result: PhaseResult = {
        phase,
        p50: percentile(level.latencies, 50),
        p95: percentile(level.latencies, 95),
        rollsPerSecond: level.completedInWindow / (WINDOW_MS / 1000),
        serverCpuShare:
          cpuStart === null || cpuEnd === null ? null : ((cpuEnd - cpuStart) / WINDOW_MS) * 100,
        clientCpuShare: ((client.user + client.system) / 1000 / WINDOW_MS) * 100,
        detail: detail(),
      };
      results.push(result);
      log(
        `${phase}: roll p50 ${result.p50?.toFixed(1)} ms, p95 ${result.p95?.toFixed(1)} ms, ` +
          `${result.rollsPerSecond.toFixed(0)} rolls/s, server CPU ${result.serverCpuShare?.toFixed(0)} %, ` +
          `client CPU ${result.clientCpuShare.toFixed(0)} %` +
          (result.detail ? `; ${result.detail}` : ''),
      );
      await sleep(1_000);
    };

    await measurePhase('quiet', () => '');

    // The churn: a new room and the public list, every 250 ms.
    let churned = 0;
    let churnFailures = 0;
    let churning = true;
    const pushLobby = async () => {
      const rooms = Array.from({ length: LISTED_ROOMS }, (_, i) =>
        publicRoom(Math.max(0, churned - i)),
      );
      const body = JSON.stringify({ type: 'rooms', rooms });
      const headers = signRequest(keys.siteToRoom, {
        method: 'POST',
        path: wirePaths.lobby,
        body,
        now: Date.now(),
      });
      await (
        await fetch(`${party.httpUrl}${wirePaths.lobby}`, { method: 'POST', body, headers })
      ).text();
    };
    const churnLoop = (async () => {
      while (churning) {
        const at = performance.now();
        churned += 1;
        const room: FakeRoom = {
          roomId: `churn-${churned}`,
          stakeNgwee: 1000,
          timeMinutes: 10,
          maxPlayers: 4,
          serverSeed: randomBytes(32).toString('hex'),
          status: 'waiting',
          seats: [{ uid: `host-${churned}`, name: 'Host', clientSeed: 'bench' }],
        };
        site.rooms.set(room.roomId, room);
        try {
          await Promise.all([
            pushRoom(party.httpUrl, secret, room).then((r) => r.text()),
            pushLobby(),
          ]);
        } catch (error) {
          churnFailures += 1;
          if (churnFailures === 1) log(`a churn push failed: ${String(error)}`);
        }
        await sleep(CHURN_EVERY_MS - (performance.now() - at));
      }
    })();
    stopChurn = async () => {
      churning = false;
      await churnLoop;
    };
    const churnDetail = () =>
      `${churned} rooms pushed so far` + (churnFailures ? `, ${churnFailures} pushes failed` : '');
    await measurePhase('churn', churnDetail);

    // The lobby flood: one address, one ticket, as many sockets as it can keep.
    const lobbyUrl = `${party.wsUrl}${wirePaths.lobby}?ticket=${signLobbyTicket(
      keys.tickets,
      attackerKey,
      Date.now(),
    )}`;
    const lobby = { kept: 0, closed: new Map<number, number>(), refused: 0, bytes: 0 };
    const lobbySockets: WebSocket[] = [];
    await pool(
      Array.from({ length: LOBBY_SOCKETS }, (_, i) => i),
      64,
      (i) =>
        new Promise<void>((resolve) => {
          const socket = new WebSocket(lobbyUrl, { perMessageDeflate: false });
          lobbySockets[i] = socket;
          let got = false;
          socket.on('message', (data: Buffer) => {
            lobby.bytes += data.length;
            if (!got) {
              got = true;
              lobby.kept += 1;
              resolve();
            }
          });
          socket.on('close', (code) => {
            if (got) lobby.kept -= 1;
            lobby.closed.set(code, (lobby.closed.get(code) ?? 0) + 1);
            resolve();
          });
          socket.on('unexpected-response', () => {
            lobby.refused += 1;
            socket.terminate();
            resolve();
          });
          socket.on('error', () => resolve());
        }),
    );
    const lobbyBytesAtStart = lobby.bytes;
    await measurePhase(
      `lobby (${LOBBY_SOCKETS} sockets asked)`,
      () =>
        `${lobby.kept} kept open, closed ${JSON.stringify(Object.fromEntries(lobby.closed))}, ` +
        `${lobby.refused} refused at the upgrade, ` +
        `${((lobby.bytes - lobbyBytesAtStart) / 1e6).toFixed(1)} MB of lists sent to them; ` +
        churnDetail(),
    );
    for (const socket of lobbySockets) socket?.terminate();
    await sleep(1_000);

    // The garbage flood: spectators in the games' rooms, from one address.
    const garbage = { sent: 0, answered: 0, closed: new Map<number, number>(), opened: 0 };
    let flooding = true;
    const floodFrom = async (index: number): Promise<void> => {
      const game = games[index % games.length]!;
      while (flooding) {
        const socket = new WebSocket(ticketUrl(game.roomId, `flood-${index}`, attackerKey), {
          perMessageDeflate: false,
        });
        sockets.push(socket);
        let timer: NodeJS.Timeout | null = null;
        await new Promise<void>((resolve) => {
          socket.on('open', () => {
            garbage.opened += 1;
            const perTick = Math.max(1, Math.round(GARBAGE_PER_SECOND / 20));
            timer = setInterval(() => {
              if (socket.readyState !== WebSocket.OPEN) return;
              for (let k = 0; k < perTick; k++) {
                socket.send(GARBAGE[(garbage.sent + k) % GARBAGE.length]!);
              }
              garbage.sent += perTick;
            }, 50);
          });
          socket.on('message', (data: Buffer) => {
            if (data.toString('utf8', 0, 16).startsWith('{"type":"error"')) garbage.answered += 1;
          });
          socket.on('close', (code) => {
            garbage.closed.set(code, (garbage.closed.get(code) ?? 0) + 1);
            resolve();
          });
          socket.on('error', () => resolve());
        });
        if (timer) clearInterval(timer);
        if (!RECONNECT) return;
        if (flooding) await sleep(50);
      }
    };
    const floods = Array.from({ length: GARBAGE_SOCKETS }, (_, i) => floodFrom(i));
    await until(() => garbage.opened >= GARBAGE_SOCKETS, 15_000);
    const mark = { sent: garbage.sent, answered: garbage.answered };
    await measurePhase(
      `garbage (${GARBAGE_SOCKETS} sockets × ${GARBAGE_PER_SECOND}/s)`,
      () =>
        `${garbage.sent - mark.sent} sent, ${garbage.answered - mark.answered} answered, ` +
        `sockets opened ${garbage.opened}, closed ${JSON.stringify(Object.fromEntries(garbage.closed))}; ` +
        churnDetail(),
    );
    flooding = false;
    for (const socket of sockets) socket.terminate();
    await Promise.all(floods);
    await stopChurn();
    stopChurn = null;
    for (const game of games) game.close();

    console.log('\nphase | roll p50 | roll p95 | rolls/s | server CPU | client CPU | floods');
    console.log('---|---|---|---|---|---|---');
    for (const r of results) {
      console.log(
        `${r.phase} | ${r.p50?.toFixed(1)} ms | ${r.p95?.toFixed(1)} ms | ` +
          `${r.rollsPerSecond.toFixed(0)} | ${r.serverCpuShare?.toFixed(0)} % | ` +
          `${r.clientCpuShare.toFixed(0)} % | ${r.detail}`,
      );
    }
  } finally {
    if (stopChurn) await stopChurn();
    for (const socket of sockets) socket.terminate();
    await party.stop();
    await site.close();
    await removeDir(persistDir);
  }
}

void main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
