// The day's leaderboard: first name and initial only (never a full name, even one typed into the
// first-name field), signed-up players only (a guest plays unranked), equal net profits share a
// rank, and each player's result is compared with the day's best.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChallengeOverview } from '#site/server/challenge/service.ts';
import { startRoomsApp, type RoomsApp } from '#tests/support/rooms-app.ts';
import type { PersonPolicy } from './play-room';
import { finishChallenge, lusaka } from './support';

let app: RoomsApp;

beforeAll(async () => {
  app = await startRoomsApp({ start: lusaka('2025-05-05', '09:00') });
});

afterAll(async () => {
  await app?.close();
});

/** Rolls at once and declines every truck. */
const declineAll: PersonPolicy = (view, me) => {
  if (view.pendingPurchase === me) return { message: { type: 'declineTruck' }, afterMs: 500 };
  if (view.turn.currentPlayer === me) return { message: { type: 'roll' }, afterMs: 500 };
  return null;
};

describe("the day's leaderboard", () => {
  it('shows first names and initials of signed-up players, ranked by net profit', async () => {
    const chanda = await app.player({ firstName: 'Chanda Mwila', lastName: 'banda' });
    const mutale = await app.player({ firstName: 'Mutale', lastName: 'Zulu' });
    const guest = await app.guest();
    const empty = await app.client().get('/api/challenge/leaderboard');
    expect(empty.json).toEqual({ date: '2025-05-05', entries: [] });

    const first = await finishChallenge(app, chanda);
    app.advance(60_000);
    // The same moves at the same moments: the same net profit, one minute later.
    const second = await finishChallenge(app, mutale);
    const mine = first.played.report.statements[chanda.id]!.netProfit;
    expect(second.played.report.statements[mutale.id]!.netProfit).toBe(mine);
    const guestGame = await finishChallenge(app, guest, declineAll);

    const board = await app.client().get('/api/challenge/leaderboard?date=2025-05-05');
    expect(board.status).toBe(200);
    // Equal net profits share the rank; the earlier finish is listed first.
    expect(board.json).toEqual({
      date: '2025-05-05',
      entries: [
        { rank: 1, name: 'Chanda B.', netProfit: mine },
        { rank: 1, name: 'Mutale Z.', netProfit: mine },
      ],
    });
    const text = board.text;
    for (const hidden of ['Mwila', 'banda', 'Banda', 'Zulu', chanda.id, chanda.email]) {
      expect(text).not.toContain(hidden);
    }

    // The guest played and got a comparison, but holds no rank.
    const guestView = await guest.client.get('/api/challenge');
    const guestToday = (guestView.json as unknown as ChallengeOverview).today!;
    expect(guestView.json.today).toMatchObject({
      netProfit: guestGame.played.report.statements[guest.id]!.netProfit,
      rank: null,
    });
    const points = guestToday.comparedWithBest;
    expect(points.map((p) => p.key)).toEqual([
      'challenge_profit',
      'challenge_trucks',
      'challenge_fees',
      'challenge_turns',
    ]);
    expect(points[0]!.text).toContain('Chanda B.');
    expect(JSON.stringify(points)).not.toContain('Mwila');

    // The best sees that it is theirs.
    const best = await chanda.client.get('/api/challenge');
    expect(best.json).toMatchObject({
      date: '2025-05-05',
      roomOptions: { time: 5 },
      streak: 1,
      best: { date: '2025-05-05', netProfit: mine },
      today: { netProfit: mine, rank: 1 },
    });
    const bestToday = (best.json as unknown as ChallengeOverview).today!;
    expect(bestToday.comparedWithBest[0]!.text).toContain("the day's best so far");
  });

  it('answers signed-out visitors, and refuses a date that is not a past or present day', async () => {
    const anonymous = await app.client().get('/api/challenge');
    expect(anonymous.status).toBe(200);
    expect(anonymous.json).toEqual({
      date: '2025-05-05',
      roomOptions: { time: 5, bots: expect.any(Number) },
      serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      streak: 0,
    });
    for (const date of ['2025-5-5', '2025-02-30', 'yesterday', '2025-05-06']) {
      expect(
        await app.client().get(`/api/challenge/leaderboard?date=${encodeURIComponent(date)}`),
      ).toMatchObject({
        status: 400,
        json: {
          code: 'invalid_date',
          error: 'Please give a date as YYYY-MM-DD, today or earlier.',
        },
      });
    }
    expect(await app.client().post('/api/practice', { challenge: true })).toMatchObject({
      status: 401,
      json: { code: 'not_signed_in' },
    });
    const player = await app.player();
    expect(await player.client.post('/api/practice', { challenge: 'yes' })).toMatchObject({
      status: 400,
      json: { code: 'invalid_settings' },
    });
  });
});
