// `npx tsx bench/ledger/run.ts` (BENCH_QUICK=1 for a short run): stakes (wallet → room escrow) per
// second at synchronous=FULL through the project's ledger code — `database.write` (the one write
// queue) + db/money.ts `stake` + db/ledger.ts `postTransfer` — against the same SQL replayed through
// plain @libsql/client on another fresh file (bench/ledger/plain.ts), one at a time and 50 in flight.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient } from '@libsql/client';
import { createDatabase } from '#db/client.ts';
import type { Database } from '#db/client.ts';
import { checkLedger, isLedgerClean } from '#db/ledger.ts';
import type { LedgerReport } from '#db/ledger.ts';
import { stake } from '#db/money.ts';
import { figure, QUICK, savePart } from '../support/report';
import type { Section } from '../support/report';
import { closedLoop, summary } from './load';
import type { LoadResult } from './load';
import {
  benchDbRoot,
  captureSql,
  compareSql,
  FILE_PRAGMAS,
  makeTempDir,
  openPlainLedger,
  prepareStakeFixture,
} from './plain';
import type { PlainLedger, StakeFixture } from './plain';

const started = performance.now();
const USERS = 50;
const CONCURRENCY = 50;
const PHASE_SECONDS = QUICK ? 0.8 : 4;
const ROUNDS = QUICK ? 1 : 2;
const ROOMS = QUICK ? 80 : 500; // a fresh (room, player) pair per stake: up to USERS × ROOMS stakes
const STAKE_NGWEE = 1_000;
const FUND_NGWEE = STAKE_NGWEE * ROOMS;
const WARMUP = 100;

type Side = 'project' | 'plain';
const notes: string[] = [];
const temp = makeTempDir('zed-bench-ledger-');

/** Hands out fresh (room, player) pairs: player u's k-th stake goes to room k. */
function pairs(fixture: StakeFixture) {
  const nextRoom = new Array<number>(fixture.userIds.length).fill(0);
  return (user: number) => {
    const room = nextRoom[user]!;
    if (room >= fixture.roomIds.length) throw new Error('fixture exhausted: no fresh room left');
    nextRoom[user] = room + 1;
    return { roomId: fixture.roomIds[room]!, userId: fixture.userIds[user]! };
  };
}

async function diskFloor(seconds: number): Promise<number | null> {
  const client = createClient({ url: `file:${path.join(temp.dir, 'floor.db')}`, concurrency: 1 });
  try {
    for (const pragma of FILE_PRAGMAS) await client.execute(pragma);
    await client.execute('create table t (x integer)');
    const result = await closedLoop({
      callers: 1,
      seconds,
      op: async (_caller, index) => {
        const tx = await client.transaction('write');
        try {
          await tx.execute({ sql: 'insert into t (x) values (?)', args: [index] });
          await tx.commit();
        } finally {
          tx.close();
        }
      },
    });
    return summary(result).rate;
  } finally {
    client.close();
  }
}

function merge(into: LoadResult | undefined, next: LoadResult): LoadResult {
  if (!into) return next;
  return {
    count: into.count + next.count,
    errors: into.errors + next.errors,
    firstError: into.firstError ?? next.firstError,
    seconds: into.seconds + next.seconds,
    latencies: into.latencies.concat(next.latencies),
  };
}

function describeReport(side: string, report: LedgerReport): string {
  const ok = isLedgerClean(report);
  return ok
    ? `${side}: checkLedger clean (postings sum 0, cached balances = postings, nothing negative)`
    : `${side}: checkLedger NOT clean: ${JSON.stringify(report).slice(0, 400)}`;
}

let project: Database | null = null;
let plain: PlainLedger | null = null;
try {
  const options = { users: USERS, rooms: ROOMS, fundNgwee: FUND_NGWEE, amount: STAKE_NGWEE };
  const fixtures: Record<Side, StakeFixture> = {
    project: await prepareStakeFixture(path.join(temp.dir, 'project.db'), options),
    plain: await prepareStakeFixture(path.join(temp.dir, 'plain.db'), options),
  };
  const projectDb = createDatabase({ url: fixtures.project.url });
  project = projectDb;
  await projectDb.ready;
  const plainLedger = await openPlainLedger(fixtures.plain.url);
  plain = plainLedger;

  const next: Record<Side, ReturnType<typeof pairs>> = {
    project: pairs(fixtures.project),
    plain: pairs(fixtures.plain),
  };
  const stakeOf: Record<Side, (user: number) => Promise<unknown>> = {
    project: (user) => {
      const pair = next.project(user);
      return projectDb.write((tx) => stake(tx, pair));
    },
    plain: (user) => plainLedger.stake(next.plain(user)),
  };

  // The reference must be the same SQL: record both sides' statements for one stake and compare.
  const projectSql = await captureSql(projectDb.client, () => stakeOf.project(0));
  const plainSql = await captureSql(plainLedger.client, () => stakeOf.plain(0));
  const difference = compareSql(projectSql, plainSql);
  notes.push(
    difference
      ? `the plain replay DIFFERS from the project's SQL at ${difference}`
      : `the plain replay runs exactly the project's ${projectSql.length} statements per stake (compared at run time)`,
  );

  for (const side of ['project', 'plain'] as const) {
    await closedLoop({ callers: 10, seconds: 60, maxOps: WARMUP, op: (c) => stakeOf[side](c) });
  }

  const results: Record<string, Partial<Record<Side, LoadResult>>> = {
    sequential: {},
    concurrent: {},
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    const order: Side[] = round % 2 === 0 ? ['project', 'plain'] : ['plain', 'project'];
    for (const mode of ['sequential', 'concurrent'] as const) {
      for (const side of order) {
        const result = await closedLoop({
          callers: mode === 'sequential' ? 1 : CONCURRENCY,
          seconds: PHASE_SECONDS,
          op:
            mode === 'sequential'
              ? (_caller, index) => stakeOf[side](index % USERS)
              : (caller) => stakeOf[side](caller % USERS),
        });
        results[mode]![side] = merge(results[mode]![side], result);
      }
    }
  }
  const floor = await diskFloor(QUICK ? 0.5 : 2);

  const figures: Section = {};
  for (const mode of ['sequential', 'concurrent'] as const) {
    const mine = results[mode]!.project!;
    const ref = results[mode]!.plain!;
    const a = summary(mine);
    const b = summary(ref);
    const name = 'plain libsql, same SQL';
    figures[mode === 'sequential' ? 'sequential' : `concurrent${CONCURRENCY}`] = {
      transfersPerSecond: figure(
        a.rate,
        'transfers/s',
        { name, value: b.rate },
        `${mine.count} vs ${ref.count} stakes`,
      ),
      p50: figure(a.p50, 'ms', { name, value: b.p50 }),
      p99: figure(a.p99, 'ms', { name, value: b.p99 }),
    };
    for (const [side, result] of [
      ['project', mine],
      ['plain', ref],
    ] as const) {
      if (result.errors > 0) {
        notes.push(`${mode} ${side}: ${result.errors} stakes FAILED (first: ${result.firstError})`);
      }
    }
  }
  figures.statementsPerStake = figure(
    projectSql.length,
    'statements',
    { name: 'plain libsql', value: plainSql.length },
    'SQL statements inside the BEGIN IMMEDIATE … COMMIT of one stake',
  );
  figures.diskFloor = figure(
    floor,
    'commits/s',
    undefined,
    'one-row insert per transaction, plain libsql, same PRAGMAs: what fsync alone allows',
  );

  // The money must add up on both files: every stake moved exactly STAKE_NGWEE out of a wallet.
  for (const side of ['project', 'plain'] as const) {
    const checker = side === 'project' ? projectDb : createDatabase({ url: fixtures[side].url });
    try {
      notes.push(describeReport(side, await checkLedger(checker.read)));
      const totals = await checker.client.execute(
        "select kind, sum(balance) as total from accounts where kind in ('wallet', 'escrow') group by kind",
      );
      const stakes = await checker.client.execute(
        "select count(*) as n from transfers where reason = 'stake'",
      );
      const byKind = Object.fromEntries(totals.rows.map((r) => [String(r.kind), Number(r.total)]));
      const n = Number(stakes.rows[0]!.n);
      const expectedEscrow = n * STAKE_NGWEE;
      const walletOk = (byKind.wallet ?? 0) === USERS * FUND_NGWEE - expectedEscrow;
      notes.push(
        `${side}: ${n} stakes; escrow ${byKind.escrow ?? 0} ngwee (expected ${expectedEscrow}), wallets ${walletOk ? 'match' : 'DO NOT match'} funding − stakes`,
      );
    } finally {
      if (checker !== projectDb) checker.close();
    }
  }
  notes.push(
    `files in ${benchDbRoot()} (set BENCH_DB_DIR to move them); WAL, synchronous=FULL; ${USERS} funded players, stake ${STAKE_NGWEE} ngwee, fresh (room, player) idempotency key per stake`,
    `sequential: one caller, next stake after the last committed; concurrent: ${CONCURRENCY} callers in flight — through database.write's queue for the project, through a promise-chain lock on one connection for plain libsql (one connection cannot hold two transactions); latency includes the wait in the queue`,
    `${ROUNDS} round(s) of ${PHASE_SECONDS} s per side and mode, sides alternating, after ${WARMUP} warm-up stakes each`,
  );
  savePart('ledger', {
    figures,
    notes,
    seconds: (performance.now() - started) / 1000,
  });
} finally {
  project?.close();
  plain?.close();
  temp.remove();
}
