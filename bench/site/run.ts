// `npx tsx bench/site/run.ts` (BENCH_QUICK=1 for a short run): the site's real API over real HTTP on
// a real libSQL file (tests/support/rooms-app.ts and wallet-app.ts mount the real routers):
//   - create / join / leave room transactions with 50 request streams in flight,
//   - a 40-way race for the one free seat of a 2-player room,
//   - signed sandbox deposit callbacks with 20 senders,
// beside the bare SQL of one stake through plain @libsql/client with 50 callers (bench/ledger/plain.ts).
import './db-dir'; // first: sets TEST_DB_DIR before the harnesses load
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { checkLedger, isLedgerClean } from '#db/ledger.ts';
import type { LedgerReport } from '#db/ledger.ts';
import { ENDPOINT_LIMITS } from '#site/server/rate-limit/limits.ts';
import { startRoomsApp } from '#tests/support/rooms-app.ts';
import type { RoomsApp, TestUser } from '#tests/support/rooms-app.ts';
import { postCallback, sandboxCallback, startWalletApp } from '#tests/support/wallet-app.ts';
import type { TestPlayer, WalletApp } from '#tests/support/wallet-app.ts';
import { closedLoop, summary } from '../ledger/load';
import { benchDbRoot, makeTempDir, openPlainLedger, prepareStakeFixture } from '../ledger/plain';
import type { PlainLedger } from '../ledger/plain';
import { figure, median, percentile, QUICK, savePart } from '../support/report';
import type { Section } from '../support/report';

const started = performance.now();
const PAIRS = 50; // 50 request streams in flight, each a host/guest pair at a time
/**
 * Room changes are rate-limited per account (docs/decisions/072): a stream plays this many
 * create → join → leave → leave cycles with one pair, then moves on to a fresh pair, as new people
 * would. Accounts signed up for it: PAIRS × ACCOUNT_SETS pairs.
 */
const CYCLES_PER_PAIR = ENDPOINT_LIMITS.roomCreate.rules.find((r) => r.per === 'account')!.limit;
const ACCOUNT_SETS = QUICK ? 2 : 5;
const LOAD_SECONDS = QUICK ? 4 : 25;
const WARMUP_SECONDS = QUICK ? 3 : 4;
const REFERENCE_SECONDS = QUICK ? 1 : 5;
const RACES = QUICK ? 3 : 7;
const RACERS = 40;
const DEPOSITS = QUICK ? 200 : 1500;
const SENDERS = 20;
const STAKE_ZMW = 10;
const ROOM = { amount: STAKE_ZMW, time: 10, maxPlayers: 6, privacy: 'Public' };
const notes: string[] = [];
const figures: Section = {};

type Kind = 'create' | 'join' | 'leave';
const KINDS: Kind[] = ['create', 'join', 'leave'];

/** Runs `fn` over `items` with at most `limit` at once. */
async function pool<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>) {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

function ledgerNote(what: string, report: LedgerReport): string {
  const clean = isLedgerClean(report);
  return clean
    ? `${what}: checkLedger clean (postings sum 0, balances = postings, nothing negative)`
    : `${what}: checkLedger NOT clean: ${JSON.stringify(report).slice(0, 400)}`;
}

function statusCounts(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].map(([s, n]) => `${n}×${s}`).join(', ');
}

// ---------------------------------------------------------------------------------------------
// The reference: one stake's SQL through plain libsql, 50 callers on one connection.

async function plainReference(): Promise<{
  rate: number | null;
  p50: number | null;
  p99: number | null;
}> {
  const temp = makeTempDir('zed-bench-site-plain-');
  let plain: PlainLedger | null = null;
  try {
    const users = 50;
    const rooms = QUICK ? 60 : 300;
    const fixture = await prepareStakeFixture(path.join(temp.dir, 'plain.db'), {
      users,
      rooms,
      fundNgwee: rooms * STAKE_ZMW * 100,
      amount: STAKE_ZMW * 100,
    });
    const ledger = await openPlainLedger(fixture.url);
    plain = ledger;
    const nextRoom = new Array<number>(users).fill(0);
    const op = (caller: number) => {
      const room = nextRoom[caller]!;
      nextRoom[caller] = room + 1;
      if (room >= rooms) return Promise.reject(new Error('fixture exhausted'));
      return ledger.stake({ roomId: fixture.roomIds[room]!, userId: fixture.userIds[caller]! });
    };
    await closedLoop({ callers: 50, seconds: 0.3, op });
    const result = await closedLoop({ callers: 50, seconds: REFERENCE_SECONDS, op });
    if (result.errors > 0)
      notes.push(`plain reference: ${result.errors} stakes failed (${result.firstError})`);
    return summary(result);
  } finally {
    plain?.close();
    temp.remove();
  }
}

// ---------------------------------------------------------------------------------------------
// Rooms: create / join / leave under load, then the seat races.

interface KindStats {
  latencies: number[];
  failed: number[];
}

/**
 * The pairs loop without pause for `warmup + seconds`; only requests started after the warm-up count
 * (the first cycles all start at once, which says nothing about the steady state).
 */
async function roomLoad(players: TestUser[], warmup: number, seconds: number) {
  const pairs = Array.from({ length: players.length / 2 }, (_, i): [TestUser, TestUser] => [
    players[2 * i]!,
    players[2 * i + 1]!,
  ]);
  let ranOut = 0;
  const stats: Record<Kind, KindStats> = {
    create: { latencies: [], failed: [] },
    join: { latencies: [], failed: [] },
    leave: { latencies: [], failed: [] },
  };
  let firstFailure: string | null = null;
  const from = performance.now() + warmup * 1000;
  const deadline = from + seconds * 1000;
  const slowest: { kind: Kind; at: number; ms: number }[] = [];

  async function timed(kind: Kind, user: TestUser, pathName: string, body: unknown, ok: number) {
    const t0 = performance.now();
    const answer = await user.client.post(pathName, body);
    const ms = performance.now() - t0;
    if (t0 < from) return answer;
    if (answer.status === ok) {
      stats[kind].latencies.push(ms);
      slowest.push({ kind, at: (t0 - from) / 1000, ms });
      slowest.sort((a, b) => b.ms - a.ms).splice(3);
    } else {
      stats[kind].failed.push(answer.status);
      firstFailure ??= `${kind} ${answer.status} ${answer.text.slice(0, 160)}`;
    }
    return answer;
  }

  async function stream(): Promise<void> {
    while (performance.now() < deadline) {
      const next = pairs.pop();
      if (!next) {
        ranOut += 1;
        return;
      }
      const [host, guest] = next;
      for (let cycle = 0; cycle < CYCLES_PER_PAIR && performance.now() < deadline; cycle++) {
        const created = await timed('create', host, '/api/rooms', ROOM, 201);
        const roomId = (created.json.room as { roomId?: string } | undefined)?.roomId;
        if (!roomId) continue;
        await timed('join', guest, `/api/rooms/${roomId}/join`, { clientSeed: 'bench' }, 200);
        await timed('leave', guest, `/api/rooms/${roomId}/leave`, undefined, 200);
        await timed('leave', host, `/api/rooms/${roomId}/leave`, undefined, 204);
      }
    }
  }

  await Promise.all(Array.from({ length: PAIRS }, () => stream()));
  return { stats, seconds, firstFailure, slowest, ranOut };
}

async function seatRace(app: RoomsApp, host: TestUser, racers: TestUser[]) {
  const created = await host.client.post('/api/rooms', { ...ROOM, maxPlayers: 2 });
  if (created.status !== 201) throw new Error(`race room: ${created.status} ${created.text}`);
  const roomId = (created.json.room as { roomId: string }).roomId;
  const t0 = performance.now();
  const answers = await Promise.all(
    racers.map((p) => p.client.post(`/api/rooms/${roomId}/join`, { clientSeed: 'race' })),
  );
  const ms = performance.now() - t0;
  const statuses = answers.map((a) => a.status);
  const winners = racers.filter((_, i) => statuses[i] === 200);
  const losersOk = answers.every((a) => a.status === 200 || a.json.code === 'room_full');
  const final = (await app.client().get(`/api/rooms/${roomId}`)).json.room as {
    joinedOrder: string[];
    status: string;
  };
  const seated =
    final.status === 'active' &&
    final.joinedOrder.length === 2 &&
    final.joinedOrder[1] === winners[0]?.id;
  return { ms, statuses, winners, losersOk, seated };
}

async function roomsPart(reference: {
  rate: number | null;
  p50: number | null;
  p99: number | null;
}) {
  const app = await startRoomsApp({ realClock: true });
  // The recording party client keeps every push; drop them as they come (memory, not speed).
  const party = app.party;
  const trim = setInterval(() => {
    if (party) {
      party.rooms.length = 0;
      party.lobbies.length = 0;
    }
  }, 500);
  try {
    const signupStart = performance.now();
    // Sign-ups 4 at a time (argon2 is deliberately slow); funding through db/payments.
    const players = await pool(Array.from({ length: 2 * PAIRS * ACCOUNT_SETS }), 4, () =>
      app.player({ fundZmw: 100_000 }),
    );
    notes.push(
      `rooms: ${players.length} players signed up (HTTP, argon2) and funded in ${((performance.now() - signupStart) / 1000).toFixed(1)} s`,
    );
    const before = await app.ledger();

    const load = await roomLoad(players, WARMUP_SECONDS, LOAD_SECONDS);
    await app.rooms.publisher.idle();

    const plainName = 'plain libsql stake, 50 callers';
    const section: Section = {};
    let total = 0;
    for (const kind of KINDS) {
      const { latencies, failed } = load.stats[kind];
      total += latencies.length;
      section[kind] = {
        perSecond: figure(
          latencies.length / load.seconds,
          'tx/s',
          { name: plainName, value: reference.rate },
          `${latencies.length} ok, ${failed.length} non-2xx${failed.length ? ` (${statusCounts(failed)})` : ''}`,
        ),
        p50: figure(percentile(latencies, 50), 'ms', { name: plainName, value: reference.p50 }),
        p99: figure(percentile(latencies, 99), 'ms', { name: plainName, value: reference.p99 }),
      };
    }
    section.all = {
      perSecond: figure(total / load.seconds, 'tx/s', { name: plainName, value: reference.rate }),
    };
    figures.rooms50 = section;
    const failures = KINDS.reduce((n, kind) => n + load.stats[kind].failed.length, 0);
    notes.push(
      `rooms load: ${PAIRS} streams (${PAIRS} requests in flight), each a host/guest pair looping create (host) → join (guest) → leave (guest) → leave (host, closes the room), moving on to a fresh pair after ${CYCLES_PER_PAIR} cycles (the per-account limit on creates)${load.ranOut ? `; ${load.ranOut} streams ran out of fresh pairs before the end` : ''}; counted: requests started in the ${LOAD_SECONDS} s after a ${WARMUP_SECONDS} s warm-up (the first cycles all start at once); every request is one room write transaction (create/join: seat + stake; leave: refund + seat); ${failures === 0 ? 'every request answered 2xx' : `${failures} NON-2xx answers, first: ${load.firstFailure}`}`,
    );

    notes.push(
      `rooms load: slowest requests ${load.slowest.map((x) => `${x.kind} ${x.ms.toFixed(0)} ms at +${x.at.toFixed(1)} s`).join(', ')}`,
    );
    const after = await app.ledger();
    const moved = (after.byKind.wallet ?? 0) - (before.byKind.wallet ?? 0);
    notes.push(
      ledgerNote('rooms after load', after.report),
      `rooms after load: wallets ${moved === 0 ? 'back to what was funded' : `off by ${moved} ngwee`}, escrow ${after.byKind.escrow ?? 0} ngwee`,
    );

    // The races: fresh host each time; losers go back to the pool, the winner and host are seated.
    const free = [...players];
    const races: Awaited<ReturnType<typeof seatRace>>[] = [];
    for (let r = 0; r < RACES && free.length >= RACERS + 1; r += 1) {
      const host = free.shift()!;
      const racers = free.slice(0, RACERS);
      const race = await seatRace(app, host, racers);
      races.push(race);
      for (const w of race.winners) free.splice(free.indexOf(w), 1);
    }
    const times = races.map((r) => r.ms);
    const oneWinner = races.filter((r) => r.winners.length === 1 && r.seated && r.losersOk).length;
    figures.seatRace40 = {
      allAnswered: figure(
        median(times),
        'ms',
        {
          name: 'plain libsql: 40 stakes at its measured rate',
          value: reference.rate ? (RACERS / reference.rate) * 1000 : null,
        },
        `median of ${races.length} races (${times.map((t) => t.toFixed(0)).join(', ')} ms); exactly one seat taken in ${oneWinner}/${races.length}; answers: ${races.map((r) => statusCounts(r.statuses)).join(' | ')}`,
      ),
    };
    if (oneWinner !== races.length) {
      notes.push(
        `seat race: ${races.length - oneWinner} race(s) did NOT end with exactly one seat`,
      );
    }
    await app.rooms.publisher.idle();
    const end = await app.ledger();
    notes.push(
      ledgerNote('rooms after races', end.report),
      `rooms after races: escrow ${end.byKind.escrow ?? 0} ngwee (expected ${races.length * 2 * STAKE_ZMW * 100}: host + winner of each race)`,
    );
  } finally {
    clearInterval(trim);
    await app.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Deposits: pending through POST /api/wallet/deposit, then their signed COMPLETED callbacks.

async function walletPart(reference: {
  rate: number | null;
  p50: number | null;
  p99: number | null;
}) {
  // The sandbox's own "phone" never answers within the run: only our callbacks complete them.
  const app: WalletApp = await startWalletApp({ sandboxDelayMs: 3_600_000 });
  try {
    const players: TestPlayer[] = await pool(Array.from({ length: SENDERS }), 4, () =>
      app.player(),
    );

    const requested: string[] = [];
    const depositStatuses: number[] = [];
    const perSender = Math.ceil(DEPOSITS / SENDERS);
    const deposits = await closedLoop({
      callers: SENDERS,
      seconds: 600,
      maxOps: perSender * SENDERS,
      op: async (caller) => {
        const answer = await players[caller]!.client.post('/api/wallet/deposit', {
          phone: '0961234567',
          amount: STAKE_ZMW,
        });
        if (answer.status !== 202) {
          depositStatuses.push(answer.status);
          throw new Error(`deposit ${answer.status} ${answer.text.slice(0, 160)}`);
        }
        requested.push(String(answer.json.paymentId));
      },
    });
    const d = summary(deposits);

    // Signed beforehand (the signature is the provider's work, not the site's); valid for 5 min.
    const callbacks = requested.map((id) =>
      sandboxCallback(app.url, {
        id,
        kind: 'deposit',
        status: 'COMPLETED',
        amount: String(STAKE_ZMW),
        phone: '0961234567',
      }),
    );
    const callbackStatuses: number[] = [];
    let next = 0;
    const result = await closedLoop({
      callers: SENDERS,
      seconds: 600,
      maxOps: callbacks.length,
      op: async () => {
        const status = await postCallback(callbacks[next++]!);
        if (status !== 200) {
          callbackStatuses.push(status);
          throw new Error(`callback ${status}`);
        }
      },
    });
    const c = summary(result);

    figures.deposits = {
      requestsPerSecond: figure(
        d.rate,
        'req/s',
        { name: 'plain libsql stake, 50 callers', value: reference.rate },
        `POST /api/wallet/deposit, ${SENDERS} senders; ${deposits.count} × 202, ${deposits.errors} other${depositStatuses.length ? ` (${statusCounts(depositStatuses)})` : ''}; 3 write transactions each (record, sandbox store, initiation status)`,
      ),
      requestP99: figure(d.p99, 'ms', { name: 'plain libsql stake p99', value: reference.p99 }),
      callbacksPerSecond: figure(
        c.rate,
        'callbacks/s',
        { name: 'plain libsql stake, 50 callers', value: reference.rate },
        `signed COMPLETED callbacks, ${SENDERS} senders; ${result.count} × 200, ${result.errors} other${callbackStatuses.length ? ` (${statusCounts(callbackStatuses)})` : ''}`,
      ),
      callbackP50: figure(c.p50, 'ms', { name: 'plain libsql stake p50', value: reference.p50 }),
      callbackP99: figure(c.p99, 'ms', { name: 'plain libsql stake p99', value: reference.p99 }),
    };

    const completed = await app.database.client.execute(
      "select count(*) as n, coalesce(sum(amount), 0) as total from payment_requests where kind = 'deposit' and status = 'completed'",
    );
    const wallets = await app.database.client.execute(
      "select coalesce(sum(balance), 0) as total from accounts where kind = 'wallet'",
    );
    const n = Number(completed.rows[0]!.n);
    const total = Number(completed.rows[0]!.total);
    const inWallets = Number(wallets.rows[0]!.total);
    notes.push(
      ledgerNote('wallet after callbacks', await checkLedger(app.database.read)),
      `wallet after callbacks: ${n}/${requested.length} deposits completed; wallets hold ${inWallets} ngwee, ${inWallets === total ? 'exactly' : 'NOT'} the ${total} ngwee completed`,
    );
  } finally {
    await app.close();
  }
}

const reference = await plainReference();
await roomsPart(reference);
await walletPart(reference);
figures.plainStakeReference = {
  perSecond: figure(
    reference.rate,
    'transfers/s',
    undefined,
    'stake SQL, plain libsql, 50 callers on one connection, no HTTP, no project code',
  ),
  p50: figure(reference.p50, 'ms'),
  p99: figure(reference.p99, 'ms'),
};
notes.push(
  `files in ${benchDbRoot()} (BENCH_DB_DIR moves them), WAL, synchronous=FULL; server and HTTP clients (fetch) share this one Node process on ${availableParallelism()} cores`,
  "room-server pushes go to the harness's recording fake (the PartyKit server is benchmarked elsewhere); the site still reads the room and the lobby after each commit to push them",
);
savePart('site', { figures, notes, seconds: (performance.now() - started) / 1000 });
