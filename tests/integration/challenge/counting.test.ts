// What counts: the first finish of the day, once per player, however the settlement reports
// arrive (the same report three times at once, two games of one player at once); a game that ends
// after the day's seed is out does not count; and nothing in a challenge moves money.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRevenue } from '#db/schema/operator.ts';
import { challengeResults } from '#db/schema/challenge.ts';
import { postings, transfers } from '#db/schema/ledger.ts';
import { users } from '#db/schema/people.ts';
import { userTransactions } from '#db/schema/wallet-history.ts';
import { startRoomsApp, type RoomsApp } from '#tests/support/rooms-app.ts';
import { advanceTo, postSettlement } from '../rooms/settlement-support';
import { playRoom, steadyPerson } from './play-room';
import { lusaka, playChallenge, settle, startChallenge } from './support';

let app: RoomsApp;

beforeAll(async () => {
  app = await startRoomsApp({ start: lusaka('2025-04-02', '10:00') });
});

afterAll(async () => {
  await app?.close();
});

async function resultsOf(userId: string) {
  return app.db.database.read
    .select()
    .from(challengeResults)
    .where(eq(challengeResults.userId, userId));
}

async function ledgerRows(): Promise<number> {
  const t = await app.db.database.read.select().from(transfers);
  const p = await app.db.database.read.select().from(postings);
  return t.length + p.length;
}

/** Lets the user start another game while their challenge is still in play (as if it had ended). */
async function freeSeat(userId: string) {
  await app.db.database.write((tx) =>
    tx.update(users).set({ currentRoomId: null }).where(eq(users.id, userId)),
  );
}

describe('a challenge finish', () => {
  it('counts once when the same report arrives three times at once', async () => {
    const ann = await app.player({ firstName: 'Ann' });
    const room = await startChallenge(app, ann);
    const played = playChallenge(app, room);
    advanceTo(app, played.report.endTime + 1_000);
    const answers = await Promise.all(
      [1, 2, 3].map(() => postSettlement(app, room.roomId, played.report)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const rows = await resultsOf(ann.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      date: '2025-04-02',
      roomId: room.roomId,
      netProfit: played.report.statements[ann.id]!.netProfit,
      ranked: true,
    });
  });

  it('counts the first of two games of one day, even when both reports arrive at once', async () => {
    const ben = await app.player({ firstName: 'Ben' });
    const first = await startChallenge(app, ben);
    await freeSeat(ben.id);
    const second = await startChallenge(app, ben);
    // Different moves, so the two games differ.
    const a = playChallenge(app, first);
    const b = playChallenge(app, second, () => null);
    expect(b.report.statements[ben.id]).not.toEqual(a.report.statements[ben.id]);
    advanceTo(app, Math.max(a.report.endTime, b.report.endTime) + 1_000);
    const answers = await Promise.all([
      postSettlement(app, first.roomId, a.report),
      postSettlement(app, second.roomId, b.report),
      postSettlement(app, second.roomId, b.report),
      postSettlement(app, first.roomId, a.report),
    ]);
    expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 200]);
    const rows = await resultsOf(ben.id);
    expect(rows).toHaveLength(1);
    const counted = rows[0]!.roomId === first.roomId ? a : b;
    expect(rows[0]!.netProfit).toBe(counted.report.statements[ben.id]!.netProfit);

    // Both games are in the history; a third game the same day adds no result either.
    expect((await ben.client.get('/api/games')).json.games).toHaveLength(2);
    const third = await startChallenge(app, ben);
    expect((await settle(app, third, playChallenge(app, third))).status).toBe(200);
    expect(await resultsOf(ben.id)).toEqual(rows);
    const overview = await ben.client.get('/api/challenge');
    expect(overview.json.today).toMatchObject({ netProfit: rows[0]!.netProfit, rank: 1 });
  });

  it('does not count a game that ended after the day’s seed was revealed', async () => {
    const cara = await app.player({ firstName: 'Cara' });
    advanceTo(app, lusaka('2025-04-02', '23:59'));
    const room = await startChallenge(app, cara);
    expect(room.dailyChallenge).toBe('2025-04-02');
    // The room server was away for an hour: the game only starts at 01:05 the next day, when
    // the day's seed (and so every roll to come) is public.
    const late = playRoom(room, {
      start: lusaka('2025-04-03', '01:05'),
      timeScale: 1,
      person: steadyPerson,
    });
    expect((await settle(app, room, late)).status).toBe(200);
    expect(await resultsOf(cara.id)).toEqual([]);
    expect((await cara.client.get('/api/games')).json.games).toHaveLength(1);
  });

  it('moves no money: no ledger row, the wallet as it was, no revenue', async () => {
    const dan = await app.player({ firstName: 'Dan', fundZmw: 25 });
    const walletBefore = await app.wallet(dan.id);
    const rowsBefore = await ledgerRows();
    const room = await startChallenge(app, dan);
    const played = playChallenge(app, room);
    expect((await settle(app, room, played)).status).toBe(200);
    expect(await resultsOf(dan.id)).toHaveLength(1);

    expect(await app.wallet(dan.id)).toBe(walletBefore);
    expect(await ledgerRows()).toBe(rowsBefore);
    const history = await app.db.database.read
      .select()
      .from(userTransactions)
      .where(eq(userTransactions.userId, dan.id));
    expect(history.map((h) => h.type)).toEqual(['deposit']);
    expect(
      await app.db.database.read
        .select()
        .from(adminRevenue)
        .where(inArray(adminRevenue.roomId, [room.roomId])),
    ).toEqual([]);
    expect((await app.ledger()).report).toEqual({
      sumOfAllPostings: 0,
      mismatchedAccounts: [],
      negativeAccounts: [],
      unbalancedTransfers: [],
    });
    expect((await dan.client.get('/api/games')).json.games).toEqual([
      expect.objectContaining({ roomId: room.roomId, practice: true, prize: 0, totalPot: 0 }),
    ]);
  });
});
