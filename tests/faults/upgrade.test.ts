// An upgrade on the previous release's data: the whole product (`npm start`) with a game in play and
// payments pending is stopped the way a deploy stops it (SIGTERM: the room's sockets are closed with
// 1012 "reconnect", the site finishes its requests and flushes), the room's stored snapshot is put
// back in the previous release's format (format 1: no `format`, no `rules`; the site's database
// format did not change between the two), and the product is started again on the same data. The
// same game resumes, is settled once under the rules it was played under, every deposit is credited
// once and every withdrawal paid once, and the money is whole.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOM_CLOSE } from '#game/protocol-version.ts';
import type { Bot } from '#tests/support/bot.ts';
import { seededRandom } from '#tests/support/seeded-random.ts';
import { readStoredRoom, rewriteStoredValue } from '#tests/integration/party/support/storage.ts';
import {
  expectMoneyWhole,
  paymentStatus,
  roomRow,
  seatBot,
  twoPlayerGame,
  signUp,
  startDeposit,
  startWithdrawal,
  waitForPaymentsFinal,
  waitForSettlement,
  wholeProductPerFile,
} from './support';

// 10 minutes → 60 s of game, a turn → 2 s: room for the stop to fall between two of the turn
// timer's rolls.
const TIME_SCALE = 0.1;

const whole = wholeProductPerFile({
  prefix: 'faults-upgrade-',
  timeScale: TIME_SCALE,
  // Long enough that the payments started just before the stop are still pending at it.
  sandboxDelayMs: 8_000,
});

describe('a deploy over a game in play and pending payments', () => {
  it('drains, resumes the previous release’s snapshot, settles once and credits once', async () => {
    const random = seededRandom(24);
    const { siteUrl, publicUrl, database } = whole;
    const game = await twoPlayerGame(whole, random);
    const { host, roomId, seats } = game;
    let bots: Bot[] = game.bots;
    await bots[0]!.waitForState((s) => s.status === 'active' && (s.lastRoll?.nonce ?? -1) >= 2);

    const newcomer = await signUp(siteUrl, publicUrl);
    const payments = [await startDeposit(newcomer, 15), await startWithdrawal(host, 5)];

    // The stop falls just after a change was stored (the turn timer's roll, seen by the boards only
    // once it is on disk), not while one is being written: a room server stopped mid-write can keep
    // a snapshot without its log entries, which it then refunds instead (party/room/storage.ts).
    for (const bot of bots) bot.setMode('idle');
    const seen = bots[0]!.states.length;
    await bots[0]!.waitForState(
      (s) => bots[0]!.states.indexOf(s) >= seen && s.lastRoll?.auto === true,
    );
    const pending = await Promise.all(payments.map((id) => paymentStatus(database, id)));
    expect(pending).toEqual(['pending', 'pending']);

    // The deploy's stop: every board is told to reconnect before the room server goes.
    const closes = bots.map((bot) => bot.client.closed);
    await whole.product.stop();
    for (const closed of await Promise.all(closes)) expect(closed).toEqual(ROOM_CLOSE.restarting);
    expect(await whole.product.output()).toMatch(/told 1 of 1 live rooms a restart is coming/);
    await Promise.all(bots.map((bot) => bot.close()));
    const nonceAtStop = bots[0]!.latest()?.lastRoll?.nonce ?? -1;

    // What the stop left: the snapshot with every log entry it counts.
    const partyDir = path.join(whole.dataDir, 'party');
    const atStop = await readStoredRoom(partyDir, roomId);
    const logKeys = [...(atStop?.keys() ?? [])].filter((key) => key.startsWith('log:'));
    expect((atStop?.get('snapshot') as { logCount: number }).logCount).toBe(logKeys.length);
    // What the previous release had stored for the room: its snapshot without `format` and `rules`.
    await rewriteStoredValue(partyDir, roomId, 'snapshot', (value) => {
      const { format: _format, rules: _rules, ...previous } = value as Record<string, unknown>;
      expect(Object.keys(previous).sort()).toEqual(['logCount', 'machine']);
      return previous;
    });

    whole.product = await whole.product.restart();
    bots = await Promise.all(seats.map((p) => seatBot(p, roomId, random)));
    // The same game: the rolls made before the stop are there (not a new game, not a refund).
    const resumed = await bots[0]!.waitForState(() => true);
    expect(resumed.lastRoll?.nonce ?? -1).toBeGreaterThanOrEqual(nonceAtStop);
    expect(['active', 'ended']).toContain(resumed.status);

    await waitForSettlement(database, roomId).catch(async (error: unknown) => {
      const errors = await database.client.execute('SELECT message, details FROM admin_errors');
      throw new Error(`${String(error)}; the operator's error log: ${JSON.stringify(errors.rows)}`);
    });
    await waitForPaymentsFinal(database);
    await Promise.all(bots.map((bot) => bot.close()));
    expect(await Promise.all(payments.map((id) => paymentStatus(database, id)))).toEqual([
      'completed',
      'completed',
    ]);
    expect((await roomRow(database, roomId))?.status).toBe('ended');
    const refunds = await database.client.execute({
      sql: `SELECT count(*) AS n FROM admin_errors WHERE room_id = ? AND message LIKE 'Settlement refunded%'`,
      args: [roomId],
    });
    expect(Number(refunds.rows[0]?.n)).toBe(0);
    // Settled once (expectMoneyWhole: one settlement transfer), credited once (each payment's
    // postings exactly what its final status says), the ledger clean.
    await expectMoneyWhole(database);
    // The room now stores today's format, still under the rules the game was played under.
    expect((await readStoredRoom(partyDir, roomId))?.get('snapshot')).toMatchObject({
      format: 2,
      rules: 1,
    });
  }, 240_000);
});
