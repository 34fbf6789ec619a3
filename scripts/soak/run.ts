// `npm run soak -- --minutes N`: the whole product as `npm start` runs it (tests/support/product.ts:
// free ports, its own temp data folder, a short GAME_TIME_SCALE and SANDBOX_DELAY_MS), a bounded
// crowd of seeded players (player.ts) on 127.0.0.1 for N minutes, one report a minute (games,
// payments, the ledger check, late rooms, each process's memory and open files), and a loud failure
// (exit 1, the invariant named, the data folder kept) on the first invariant broken. At the end it
// lets the games in flight finish, checks everything once more, prints a summary and stops the
// product.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDatabase } from '#db/client.ts';
import { STUCK_AFTER_MS } from '#site/server/admin/rooms.ts';
import { startProduct, type Product } from '#tests/support/product.ts';
import { seededRandom } from '#tests/support/seeded-random.ts';
import { sleep } from '#tests/support/wait.ts';
import { checkProduct, type Figures, type Violation } from './invariants';
import { SoakPlayer } from './player';
import { emptyStats, type PlayerStats } from './stats';
import { describeProcesses, sampleProcesses, type ProcessSample } from './processes';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '3' },
    players: { type: 'string', default: '30' },
    seed: { type: 'string', default: '1' },
    'time-scale': { type: 'string', default: '0.05' },
    'sandbox-delay-ms': { type: 'string', default: '200' },
    'grace-seconds': { type: 'string', default: String(STUCK_AFTER_MS / 1000) },
  },
});

function positive(name: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`soak: --${name} must be a positive number (got ${text})`);
    process.exit(2);
  }
  return value;
}

const minutes = positive('minutes', args.minutes);
const playerCount = Math.round(positive('players', args.players));
const seed = Math.round(positive('seed', args.seed));
const timeScale = positive('time-scale', args['time-scale']);
const sandboxDelayMs = Math.round(positive('sandbox-delay-ms', args['sandbox-delay-ms']));
const graceMs = positive('grace-seconds', args['grace-seconds']) * 1000;

const started = Date.now();
const stamp = () => `[soak ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s]`;
const say = (line: string) => console.log(`${stamp()} ${line}`);

interface MinuteRecord {
  minute: number;
  figures: Figures;
  processes: ProcessSample[];
  stats: PlayerStats;
}

const minutesSeen: MinuteRecord[] = [];
const violations: Violation[] = [];
let product: Product | null = null;
let failing = false;
/** Set once the soak itself stops the product (from then on its exit is expected). */
let stopping = false;

function sumStats(all: PlayerStats[]): PlayerStats {
  const total = emptyStats();
  for (const stats of all) {
    for (const key of Object.keys(total) as (keyof PlayerStats)[]) {
      if (key === 'refusals' || key === 'serverCloses') {
        for (const [code, n] of Object.entries(stats[key]))
          total[key][code] = (total[key][code] ?? 0) + n;
      } else if (key === 'unexpected') {
        total.unexpected.push(...stats.unexpected);
      } else {
        total[key] += stats[key];
      }
    }
  }
  return total;
}

function figuresLine(figures: Figures): string {
  const pay = (c: Figures['deposits']) =>
    `${c.completed} ok/${c.failed} failed/${c.pending} pending`;
  const ledger = figures.ledgerClean
    ? 'ledger clean'
    : `LEDGER NOT CLEAN ${JSON.stringify(figures.ledger)}`;
  return (
    `games settled ${figures.settled}, rooms closed unplayed ${figures.closed}, live ${figures.live}` +
    ` · deposits ${pay(figures.deposits)} · withdrawals ${pay(figures.withdrawals)} · ${ledger}` +
    ` · overdue ${figures.overdue.length}, stuck ${figures.stuck.length}`
  );
}

function closes(stats: PlayerStats): string {
  const entries = Object.entries(stats.serverCloses);
  const n = entries.reduce((sum, [, count]) => sum + count, 0);
  return n === 0 ? '0' : `${n} (${entries.map(([code, count]) => `${code}: ${count}`).join(', ')})`;
}

function statsLine(stats: PlayerStats): string {
  return (
    `players: ${stats.roomsCreated} created, ${stats.joins} joined, ${stats.leftBeforeStart} left ` +
    `before the start, ${stats.gamesPlayed} seats played to the end, ${stats.drops} sockets ` +
    `dropped mid-game and back, ${closes(stats)} closed by the server and back, ` +
    `${stats.expiredRooms} seats in rooms closed unfilled, ${stats.balanceChecks} balance checks, ` +
    `${stats.unexpected.length} unexpected answers`
  );
}

function fail(found: Violation[]): void {
  for (const violation of found) {
    violations.push(violation);
    console.error(`${stamp()} INVARIANT BROKEN: ${violation.invariant}: ${violation.detail}`);
  }
  failing = true;
}

async function main(): Promise<void> {
  say(
    `starting the product (GAME_TIME_SCALE ${timeScale}, SANDBOX_DELAY_MS ${sandboxDelayMs}); ` +
      `${playerCount} players, seed ${seed}, ${minutes} min, stuck after ${graceMs / 1000} s`,
  );
  product = await startProduct({
    prefix: 'soak-',
    env: { GAME_TIME_SCALE: String(timeScale), SANDBOX_DELAY_MS: String(sandboxDelayMs) },
    readyTimeoutMs: 600_000,
  });
  const running = product;
  say(`product ready in ${running.startSeconds.toFixed(0)} s at ${running.baseUrl}`);
  say(`data folder ${running.dataDir} (log: ${running.logFile})`);
  const siteUrl = running.baseUrl.replace('//localhost:', '//127.0.0.1:');
  const database = createDatabase({ url: `file:${path.join(running.dataDir, 'app.db')}` });

  const random = seededRandom(seed);
  const playersStartAt = Date.now();
  const stopAt = playersStartAt + minutes * 60_000;
  const stats = Array.from({ length: playerCount }, () => emptyStats());
  const players = stats.map(
    (playerStats, index) =>
      new SoakPlayer({
        index,
        siteUrl,
        origin: running.baseUrl,
        // Each player its own stream, all from the one seed.
        random: seededRandom(Math.floor(random() * 2 ** 32)),
        gameTimeScale: timeScale,
        stopAt: () => (failing ? 0 : stopAt),
        stats: playerStats,
        violation: (violation) => fail([violation]),
        log: say,
        settleWaitMs: graceMs,
      }),
  );

  const check = async (now = Date.now()) => {
    const result = await checkProduct(database.read, { gameTimeScale: timeScale, graceMs, now });
    if (result.violations.length > 0) fail(result.violations);
    return result.figures;
  };

  const report = async (minute: number, label: string) => {
    const figures = await check();
    const processes = await sampleProcesses(running.process.pid);
    const total = sumStats(stats);
    minutesSeen.push({ minute, figures, processes, stats: total });
    say(`${label}: ${figuresLine(figures)}`);
    say(`${label}: ${statsLine(total)}`);
    say(`${label}: ${describeProcesses(processes)}`);
  };

  let minute = 0;
  const ticker = setInterval(() => {
    minute += 1;
    const label = `minute ${minute}/${minutes}`;
    report(minute, label).catch((error: unknown) =>
      fail([{ invariant: 'the minute check could not run', detail: String(error) }]),
    );
  }, 60_000);

  // Staggered, as people arrive.
  const runs = players.map(async (player, index) => {
    await sleep(index * 300);
    try {
      await player.run();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      stats[index]!.unexpected.push(`player ${index} stopped: ${message}`);
      say(`player ${index} stopped: ${message}`);
    }
  });
  const productGone = new Promise<void>((resolve) => {
    const watch = setInterval(() => {
      try {
        process.kill(running.process.pid, 0);
      } catch {
        clearInterval(watch);
        if (stopping) return resolve();
        fail([{ invariant: 'the product stopped on its own', detail: `see ${running.logFile}` }]);
        resolve();
      }
    }, 1_000);
    watch.unref();
  });
  const failed = new Promise<void>((resolve) => {
    const watch = setInterval(() => {
      if (failing) {
        clearInterval(watch);
        resolve();
      }
    }, 250);
    watch.unref();
  });
  await Promise.race([Promise.all(runs), productGone, failed]);
  clearInterval(ticker);

  if (!failing) {
    // Every game that was played must now be settled and every unfilled room closed.
    say('players done; waiting for the last settlements');
    const deadline = Date.now() + graceMs;
    for (;;) {
      const figures = await check();
      if (failing) break;
      if (figures.live === 0 || Date.now() > deadline) {
        if (figures.live > 0) say(`${figures.live} rooms still live at the end`);
        break;
      }
      await sleep(2_000);
    }
  }
  if (!failing) await report(minute + 1, 'final');
  const total = sumStats(stats);
  database.close();

  summary(total);
  stopping = true;
  if (failing) {
    say(`FAILED: ${[...new Set(violations.map((v) => v.invariant))].join('; ')}`);
    say(`the product's data folder is kept for a look: ${running.dataDir}`);
    await running.stop({ keepData: true });
    process.exit(1);
  }
  await running.stop();
  say('stopped everything it started; no invariant broken');
}

function trend(role: string, pick: (s: ProcessSample) => number, unit: string): string {
  const values = minutesSeen.map((m) =>
    m.processes.filter((p) => p.role === role).reduce((sum, p) => sum + pick(p), 0),
  );
  if (values.length === 0) return `${role}: no samples`;
  const middle = values[Math.floor((values.length - 1) / 2)]!;
  return (
    `${role} ${values[0]!.toFixed(0)} → ${middle.toFixed(0)} → ${values.at(-1)!.toFixed(0)} ${unit}` +
    ` (max ${Math.max(...values).toFixed(0)})`
  );
}

function summary(total: PlayerStats): void {
  const last = minutesSeen.at(-1);
  console.log('');
  console.log('=== soak summary ===');
  console.log(
    `ran ${((Date.now() - started) / 60_000).toFixed(1)} min in all (${minutes} min of players), ` +
      `${playerCount} players, seed ${seed}, GAME_TIME_SCALE ${timeScale}`,
  );
  if (last) console.log(`figures at the end: ${figuresLine(last.figures)}`);
  console.log(statsLine(total));
  console.log(
    `sign-ups ${total.signups}, deposits asked ${total.depositsAsked}, withdrawals asked ` +
      `${total.withdrawalsAsked}, games won or tied ${total.gamesWon}`,
  );
  const refusals = Object.entries(total.refusals)
    .map(([code, n]) => `${code} ${n}`)
    .join(', ');
  console.log(`expected refusals: ${refusals || 'none'}`);
  const roles = [...new Set(minutesSeen.flatMap((m) => m.processes.map((p) => p.role)))];
  console.log('memory (RSS, first → middle → last minute):');
  for (const role of roles) console.log(`  ${trend(role, (p) => p.rssMiB, 'MiB')}`);
  console.log('open files (first → middle → last minute):');
  for (const role of roles) console.log(`  ${trend(role, (p) => p.openFiles, 'fd')}`);
  const waiting = roles.filter((role) =>
    minutesSeen.some((m) => m.processes.some((p) => p.role === role && p.closeWait > 0)),
  );
  if (waiting.length > 0) {
    console.log('sockets left in CLOSE-WAIT (the peer closed, the process never did):');
    for (const role of waiting) console.log(`  ${trend(role, (p) => p.closeWait, 'sockets')}`);
  }
  if (total.unexpected.length > 0) {
    console.log(`unexpected answers (${total.unexpected.length}):`);
    for (const line of total.unexpected.slice(0, 20)) console.log(`  ${line}`);
  }
  console.log(
    violations.length === 0
      ? 'invariants: none broken'
      : `invariants broken (${violations.length}):\n${violations
          .map((v) => `  ${v.invariant}: ${v.detail}`)
          .join('\n')}`,
  );
}

process.once('SIGINT', () => {
  stopping = true;
  say('interrupted: stopping the product');
  void (product?.stop({ keepData: true }) ?? Promise.resolve()).then(() => process.exit(130));
});

main().catch(async (error: unknown) => {
  console.error(
    `${stamp()} the soak could not run: ${error instanceof Error ? error.stack : error}`,
  );
  stopping = true;
  await product?.stop({ keepData: true });
  process.exit(1);
});
