// `kill -9` of the whole product (the start script, the site and `partykit dev` with its workerd,
// all at once) at seeded random points of real games, with deposits, withdrawals and settlement in
// flight; then `npm start` again on the same data folder and ports. Everything resumes: the game
// finishes and is settled once, pending deposits complete (the sandbox keeps its payments in the
// database and delivers their callbacks after the restart), withdrawals complete or return, and the
// money is whole. The seed is printed; FAULT_SEED=<seed> replays the same points.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Bot } from '#tests/support/bot.ts';
import { seededRandom } from '#tests/support/seeded-random.ts';
import { sleep } from '#tests/support/wait.ts';
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
  type Player,
} from './support';

// 10 minutes → 6 s of game, a turn → 200 ms.
const TIME_SCALE = 0.01;
const GAME_MS = 10 * 60_000 * TIME_SCALE;
const SEED = Number(process.env.FAULT_SEED ?? Date.now() % 1_000_000);

beforeAll(() => {
  console.log(`[faults] crash.test.ts seed ${SEED} (FAULT_SEED=${SEED} replays these points)`);
});
const whole = wholeProductPerFile({
  prefix: 'faults-crash-',
  timeScale: TIME_SCALE,
  sandboxDelayMs: 800,
});

describe('kill -9 of the whole product', () => {
  it('at seeded points of a game, with payments and settlement in flight: everything resumes', async () => {
    const random = seededRandom(SEED);
    const { siteUrl, publicUrl, database } = whole;
    // Withdrawals to the guest's number fail at the provider: their money must come back.
    const game = await twoPlayerGame(whole, random, '0961234079');
    const { host, guest, roomId, seats } = game;
    let bots: Bot[] = game.bots;
    const started = Date.now();

    // Two kills: one at a seeded point of the game, one a seeded moment after its end, while
    // its settlement report is on the way.
    const duringGame = Math.floor(random() * (GAME_MS - 1_000));
    const afterEnd = Math.floor(random() * 500);
    console.log(`[faults] kills ${duringGame} ms into the game and ${afterEnd} ms after its end`);
    const payments: string[] = [];
    const crashAndRestart = async (when: () => Promise<void>) => {
      // Money in flight at the kill: a new player's deposit and a withdrawal, started a seeded
      // moment before it (the sandbox answers after 800 ms).
      const lead = Math.floor(random() * 1_200);
      const newcomer: Player = await signUp(siteUrl, publicUrl);
      await when();
      payments.push(await startDeposit(newcomer, 15));
      payments.push(await startWithdrawal(random() < 0.5 ? host : guest, 5));
      await sleep(lead);
      const statuses = await Promise.all(payments.map((id) => paymentStatus(database, id)));
      const room = await roomRow(database, roomId);
      console.log(
        `[faults] kill ${Date.now() - started} ms after the start: room ${room?.status}${room?.settled_at ? ' (settled)' : ''}, payments ${statuses.join(' ')}`,
      );
      await whole.product.kill();
      await Promise.all(bots.map((bot) => bot.close()));
      whole.product = await whole.product.restart();
      // The players come back (a browser reconnects), which also wakes the room.
      bots =
        (await roomRow(database, roomId))?.settled_at == null
          ? await Promise.all(seats.map((p) => seatBot(p, roomId, random)))
          : [];
    };
    await crashAndRestart(() => sleep(Math.max(0, started + duringGame - Date.now())));
    await crashAndRestart(async () => {
      if (bots.length === 0) return;
      await bots[0]!.waitForState((s) => s.status === 'ended', 60_000);
      await sleep(afterEnd);
    });

    await waitForSettlement(database, roomId);
    await waitForPaymentsFinal(database);
    await Promise.all(bots.map((bot) => bot.close()));
    // Deposits complete; withdrawals complete, or fail and return (to the 079 number).
    const finals = await database.client.execute(
      'SELECT p.status, p.kind, p.phone FROM payment_requests p',
    );
    for (const { status, kind, phone } of finals.rows) {
      const failing = kind === 'withdrawal' && String(phone).endsWith('079');
      expect({ kind, phone, status }).toEqual({
        kind,
        phone,
        status: failing ? 'failed' : 'completed',
      });
    }
    expect((await roomRow(database, roomId))?.status).toBe('ended');
    await expectMoneyWhole(database);
  }, 240_000);
});
