// The challenge page's server side (site/server/challenge/pages.ts), as its loader and its form's
// action call it: the action starts today's challenge only for a same-origin post by a signed-in
// person; the loader's data marks the reader's own place, adds it when it is below the list, and
// shows the latest revealed day with its rolls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeRolls } from '#game/challenge.ts';
import { rateLimitCounters } from '#db/schema/people.ts';
import { counterKey } from '#site/server/rate-limit/counters.ts';
import { ENDPOINT_LIMITS } from '#site/server/rate-limit/limits.ts';
import type { PublicUser } from '#site/server/auth/users.ts';
import { challengePages, type ChallengePages } from '#site/server/challenge/pages.ts';
import { challengeDepsOf } from '#site/server/challenge/service.ts';
import { practiceDepsOf } from '#site/server/practice/service.ts';
import { startRoomsApp, type RoomsApp, type TestUser } from '#tests/support/rooms-app.ts';
import { advanceTo } from '../rooms/settlement-support';
import { finishChallenge, lusaka } from './support';

let app: RoomsApp;
let pages: ChallengePages;

beforeAll(async () => {
  app = await startRoomsApp({ start: lusaka('2025-08-01', '10:00') });
  pages = challengePages(challengeDepsOf(app.deps), practiceDepsOf(app.deps), app.url);
});

afterAll(async () => {
  await app?.close();
});

async function publicUser(user: TestUser): Promise<PublicUser> {
  return (await user.client.get('/api/me')).json.user as PublicUser;
}

const post = (origin: string | null) =>
  new Request(`${app.url}/rentalgame/challenge`, {
    method: 'POST',
    headers: origin ? { origin } : {},
  });

describe('the challenge page', () => {
  it('starts the challenge only from a same-origin form post by a signed-in person', async () => {
    const ann = await app.player({ firstName: 'Ann' });
    const user = await publicUser(ann);
    for (const origin of [
      null,
      'https://evil.example',
      app.url.replace('127.0.0.1', 'localhost'),
    ]) {
      expect(await pages.start(post(origin), user, '10.70.1.1')).toMatchObject({
        ok: false,
        status: 403,
        code: 'forbidden_origin',
      });
    }
    expect(await pages.start(post(app.url), null, '10.70.1.1')).toMatchObject({
      ok: false,
      status: 401,
      code: 'not_signed_in',
    });
    expect((await publicUser(ann)).currentRoomId).toBeNull();

    const started = await pages.start(post(app.url), user, '10.70.1.1');
    if (!started.ok) throw new Error(started.error);
    const room = await app.rooms.roomForParty(started.roomId);
    expect(room?.dailyChallenge).toBe('2025-08-01');
    const page = await pages.page(await publicUser(ann));
    expect(page).toMatchObject({ liveRoomId: started.roomId, liveIsChallenge: true });
    // A second post while that game is live: the refusal names it.
    expect(await pages.start(post(app.url), await publicUser(ann), '10.70.1.1')).toMatchObject({
      ok: false,
      status: 409,
      code: 'already_in_another_room',
      roomId: started.roomId,
    });
  });

  it('counts each start against the practice limit, per account and per address', async () => {
    const practice = ENDPOINT_LIMITS.practice;
    const spend = (per: 'account' | 'address', subject: string) => {
      const rule = practice.rules.find((r) => r.per === per)!;
      return app.db.database.write((tx) =>
        tx.insert(rateLimitCounters).values({
          key: counterKey(practice, per, subject),
          count: rule.limit,
          windowEndsAt: app.now() + rule.windowMs,
        }),
      );
    };
    const refused = {
      ok: false,
      status: 429,
      code: 'rate_limited',
      error: 'Too many practice games started. Please wait 10 minutes and try again.',
      retryAfterSeconds: 600,
    };
    const boPlayer = await app.player({ firstName: 'Bo' });
    const bo = await publicUser(boPlayer);
    await spend('account', bo.id);
    expect(await pages.start(post(app.url), bo, '10.70.0.1')).toMatchObject(refused);
    expect((await publicUser(boPlayer)).currentRoomId).toBeNull();

    await spend('address', '10.70.0.2');
    const cy = await publicUser(await app.player({ firstName: 'Cy' }));
    expect(await pages.start(post(app.url), cy, '10.70.0.2')).toMatchObject(refused);
    const started = await pages.start(post(app.url), cy, '10.70.0.3');
    expect(started.ok).toBe(true);
  });

  it("lists ten places, marks the reader's own and adds it when it is further down", async () => {
    const players: TestUser[] = [];
    for (let i = 0; i < 11; i += 1) {
      const player = await app.player({ firstName: `Runner${i}`, lastName: 'Tembo' });
      players.push(player);
      // The same moves, so the same net profit: all share rank 1, listed by finish, and the
      // eleventh to finish is below the ten places the page lists.
      await finishChallenge(app, player);
    }
    const last = players[10]!;
    const page = await pages.page(await publicUser(last));
    expect(page.leaderboard.ranked).toBe(11);
    expect(page.leaderboard.entries).toHaveLength(11);
    expect(page.leaderboard.entries.slice(0, 10).map((entry) => entry.name)).toEqual(
      players.slice(0, 10).map((_, i) => `Runner${i} T.`),
    );
    expect(page.leaderboard.entries.filter((entry) => entry.mine)).toEqual([
      { rank: 1, name: 'Runner10 T.', netProfit: page.result!.netProfit, mine: true },
    ]);
    expect(page.leaderboard.entries.at(-1)?.mine).toBe(true);
    expect(page.result?.rank).toBe(1);
    expect(page.streak).toBe(1);
    expect(page.result?.comparedWithBest[0]?.key).toBe('challenge_profit');

    const first = await pages.page(await publicUser(players[0]!));
    expect(first.leaderboard.entries).toHaveLength(10);
    expect(first.leaderboard.entries[0]).toMatchObject({ name: 'Runner0 T.', mine: true });

    const signedOut = await pages.page(null);
    expect(signedOut).toMatchObject({ signedIn: false, streak: 0, result: null, liveRoomId: null });
    expect(signedOut.leaderboard.entries).toHaveLength(10);
    expect(signedOut.leaderboard.entries.every((entry) => !entry.mine)).toBe(true);
    expect(JSON.stringify(signedOut)).not.toContain('Tembo');
  });

  it("shows the day before yesterday until 01:00, then yesterday's seed and rolls", async () => {
    advanceTo(app, lusaka('2025-08-02', '00:30'));
    const early = await pages.page(null);
    expect(early.today.date).toBe('2025-08-02');
    expect(early.revealed?.date).toBe('2025-07-31');
    expect(early.yesterdayRevealAt).toBe(new Date(lusaka('2025-08-02', '01:00')).toISOString());

    advanceTo(app, lusaka('2025-08-02', '01:00'));
    const page = await pages.page(null);
    expect(page.yesterdayRevealAt).toBeNull();
    const revealed = page.revealed!;
    expect(revealed.date).toBe('2025-08-01');
    expect(revealed.ranked).toBe(11);
    expect(revealed.rolls).toEqual(challengeRolls(revealed.fairness, 30));
    const board = await app.client().get('/api/challenge/leaderboard?date=2025-08-01');
    expect(board.json.fairness).toEqual(revealed.fairness);
  });
});
