// The challenge runs on Lusaka days (UTC+2), with the clock an input: the streak over midnight,
// and the day's seed kept secret until the day is over (01:00 the next day), then revealed so that
// anyone can check every roll against the hash published that morning.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashServerSeed, rollDie } from '#game/dice.ts';
import { verifyDice } from '#site/app/game/verify-dice.ts';
import type { Leaderboard } from '#site/server/challenge/service.ts';
import type { FinishedGame } from '#site/server/rooms/settlement-record.ts';
import { startRoomsApp, type RoomsApp, type TestUser } from '#tests/support/rooms-app.ts';
import { advanceTo } from '../rooms/settlement-support';
import { finishChallenge, lusaka } from './support';

let app: RoomsApp;

beforeAll(async () => {
  app = await startRoomsApp({ start: lusaka('2025-06-09', '08:00') });
});

afterAll(async () => {
  await app?.close();
});

async function streakOf(user: TestUser): Promise<number> {
  const me = await user.client.get('/api/me');
  expect(me.status).toBe(200);
  const overview = await user.client.get('/api/challenge');
  expect(overview.json.streak).toBe(me.json.challengeStreak);
  return me.json.challengeStreak as number;
}

describe('the streak', () => {
  it('counts Lusaka days in a row, across midnight, and breaks after a day without a finish', async () => {
    const ann = await app.player({ firstName: 'Ann' });
    expect(await streakOf(ann)).toBe(0);

    // 23:45 in Lusaka is 21:45 UTC: still 10 June for both.
    advanceTo(app, lusaka('2025-06-10', '23:45'));
    const first = await finishChallenge(app, ann);
    expect(first.room.dailyChallenge).toBe('2025-06-10');
    expect(await streakOf(ann)).toBe(1);

    // 00:10 in Lusaka is 22:10 UTC, still 10 June in UTC: a new Lusaka day, a new challenge.
    advanceTo(app, lusaka('2025-06-11', '00:10'));
    expect((await ann.client.get('/api/challenge')).json.date).toBe('2025-06-11');
    expect(await streakOf(ann)).toBe(1); // yesterday's still counts until today is over
    const second = await finishChallenge(app, ann);
    expect(second.room.dailyChallenge).toBe('2025-06-11');
    expect(await streakOf(ann)).toBe(2);

    // A challenge started at 23:58 and finished after midnight counts for the day it was started.
    advanceTo(app, lusaka('2025-06-12', '23:58'));
    const third = await finishChallenge(app, ann);
    expect(third.room.dailyChallenge).toBe('2025-06-12');
    expect(app.now()).toBeGreaterThan(lusaka('2025-06-13', '00:00'));
    expect(await streakOf(ann)).toBe(3);

    // 13 June passes without a finish: on the 14th the streak is gone.
    advanceTo(app, lusaka('2025-06-13', '23:59'));
    expect(await streakOf(ann)).toBe(3);
    advanceTo(app, lusaka('2025-06-14', '00:00'));
    expect(await streakOf(ann)).toBe(0);
    await finishChallenge(app, ann);
    expect(await streakOf(ann)).toBe(1);
    expect((await ann.client.get('/api/challenge')).json.best).toBeDefined();
  });
});

describe("the day's seed", () => {
  it('stays secret until 01:00 the next day, then checks out against the morning’s hash', async () => {
    advanceTo(app, lusaka('2025-06-20', '09:00'));
    const ben = await app.player({ firstName: 'Ben' });
    const morning = await ben.client.get('/api/challenge');
    expect(morning.json).toMatchObject({ date: '2025-06-20', roomOptions: { time: 5 } });
    const publishedHash = morning.json.serverSeedHash as string;
    expect(publishedHash).toMatch(/^[0-9a-f]{64}$/);

    const { room } = await finishChallenge(app, ben);
    const readGame = async () => {
      const answer = await ben.client.get(`/api/games/${room.roomId}`);
      expect(answer.status).toBe(200);
      return answer.json.game as FinishedGame;
    };
    const readBoard = async (date: string) =>
      (await app.client().get(`/api/challenge/leaderboard?date=${date}`))
        .json as unknown as Leaderboard;

    // During the day, after midnight, and up to a moment before 01:00: nothing of the seed.
    for (const at of [
      lusaka('2025-06-20', '12:00'),
      lusaka('2025-06-20', '23:59'),
      lusaka('2025-06-21', '00:59'),
    ]) {
      advanceTo(app, at);
      const game = await readGame();
      expect(game.fairness.serverSeed).toBeNull();
      expect(game.dailyChallenge).toBe('2025-06-20');
      expect(game.seedRevealAt).toBe(new Date(lusaka('2025-06-21', '01:00')).toISOString());
      expect(game.fairness.serverSeedHash).toBe(publishedHash);
      const board = await readBoard('2025-06-20');
      expect(board.entries).toHaveLength(1);
      expect(board.fairness).toBeUndefined();
      expect(JSON.stringify({ game, board })).not.toContain(room.serverSeed);
    }
    // Tomorrow's board cannot be asked for yet.
    expect(await app.client().get('/api/challenge/leaderboard?date=2025-06-22')).toMatchObject({
      status: 400,
      json: { code: 'invalid_date' },
    });

    advanceTo(app, lusaka('2025-06-21', '01:00'));
    const board = await readBoard('2025-06-20');
    const fairness = board.fairness!;
    expect(fairness.serverSeed).toBe(room.serverSeed);
    expect(hashServerSeed(fairness.serverSeed)).toBe(publishedHash);
    const game = await readGame();
    expect(game.fairness.serverSeed).toBe(room.serverSeed);
    expect(game.seedRevealAt).toBeUndefined();
    // The game history's dice check passes on every roll, and anyone can recompute the day's
    // rolls from the board's answer alone.
    const check = verifyDice(
      { ...game.fairness, serverSeed: game.fairness.serverSeed! },
      game.logs,
    );
    expect(check.allOk).toBe(true);
    expect(check.rolls.length).toBeGreaterThan(20);
    for (const roll of check.rolls) {
      expect(rollDie(fairness.serverSeed, fairness.clientSeed, roll.nonce)).toBe(roll.logged);
    }
  });
});
