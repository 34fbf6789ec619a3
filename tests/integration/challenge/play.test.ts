// Today's challenge end to end with the real servers: the site's rooms app on a libSQL file and a
// real `partykit dev`. A player starts it through the API and plays it on the room socket against
// the day's bots; the room keeps the day's seed to itself at game over (it is the whole day's),
// the settlement counts the finish, the player is ranked, and no money moved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postings, transfers } from '#db/schema/ledger.ts';
import type { FinishedGame } from '#site/server/rooms/settlement-record.ts';
import { startBot } from '#tests/support/bot.ts';
import { waitFor } from '#tests/support/wait.ts';
import { startRoomsWithParty, type RoomsWithParty } from '../rooms/with-party';

// Five minutes → 9 s; the player's intents stay under the room's message rate (see practice.test).
const TIME_SCALE = 0.03;

let servers: RoomsWithParty;

beforeAll(async () => {
  servers = await startRoomsWithParty({
    secret: 'challenge-internal-secret',
    timeScale: TIME_SCALE,
  });
}, 60_000);

afterAll(async () => {
  await servers?.close();
});

describe("today's challenge on the real room server", () => {
  it('plays to the end, keeps the seed secret, ranks the player and moves no money', async () => {
    const { app } = servers;
    const ann = await app.player({ firstName: 'Ann', lastName: 'Mwansa', fundZmw: 30 });
    const ledgerBefore =
      (await app.db.database.read.select().from(transfers)).length +
      (await app.db.database.read.select().from(postings)).length;
    const today = (await ann.client.get('/api/challenge')).json as {
      date: string;
      roomOptions: { time: number; bots: number };
      serverSeedHash: string;
    };

    const created = await ann.client.post('/api/practice', { challenge: true });
    expect(created.status).toBe(201);
    const room = created.json.room as {
      roomId: string;
      joinedOrder: string[];
      serverSeedHash: string;
    };
    expect(created.json.room).toMatchObject({
      practice: true,
      amount: 0,
      time: today.roomOptions.time,
      maxPlayers: today.roomOptions.bots + 1,
      roomName: `Daily challenge · ${today.date}`,
      serverSeedHash: today.serverSeedHash,
    });

    const ticket = await ann.client.post(`/api/rooms/${room.roomId}/ticket`);
    const player = await startBot({ url: ticket.json.url as string, uid: ann.id, buyChance: 0.7 });
    const first = await player.waitForState((s) => s.status === 'active', 20_000);
    expect(first.dailyChallenge).toBe(today.date);
    const ended = await player.waitForState(
      (s) => s.status === 'ended' && s.result !== null,
      60_000,
    );
    // An intent that crossed the end of the game on the wire is refused as `game_over`: the
    // clock's race, not a fault. Anything else is.
    expect(player.errors.filter((error) => error.code !== 'game_over')).toEqual([]);
    // Game over, and still no seed: every other game of the day rolls these dice.
    expect(ended.fairness).toMatchObject({
      serverSeed: null,
      serverSeedHash: today.serverSeedHash,
    });
    expect(ended.dailyChallenge).toBe(today.date);
    expect(player.states.every((s) => s.fairness.serverSeed === null)).toBe(true);
    await player.close();

    const game = await waitFor('the challenge settlement', async () => {
      const answer = await ann.client.get(`/api/games/${room.roomId}`);
      return answer.status === 200 ? (answer.json.game as FinishedGame) : null;
    });
    expect(game).toMatchObject({ practice: true, dailyChallenge: today.date, totalPot: 0 });
    expect(game.fairness.serverSeed).toBeNull();
    const netProfit = game.statements[ann.id]!.netProfit;

    const board = await app.client().get(`/api/challenge/leaderboard?date=${today.date}`);
    expect(board.json).toEqual({
      date: today.date,
      entries: [{ rank: 1, name: 'Ann M.', netProfit }],
    });
    const mine = await ann.client.get('/api/challenge');
    expect(mine.json).toMatchObject({ streak: 1, best: { date: today.date, netProfit } });
    // (Unless Lusaka's midnight fell during the game: then today is a new day, not yet played.)
    if (mine.json.date === today.date) {
      expect(mine.json.today).toMatchObject({ netProfit, rank: 1 });
    }
    expect((await ann.client.get('/api/me')).json).toMatchObject({
      challengeStreak: 1,
      user: { currentRoomId: null, accountBalance: 30 },
    });
    expect(
      (await app.db.database.read.select().from(transfers)).length +
        (await app.db.database.read.select().from(postings)).length,
    ).toBe(ledgerBefore);
  }, 120_000);
});
