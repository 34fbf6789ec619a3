import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRevenue } from '#db/schema/operator.ts';
import { gameHistory } from '#db/schema/rooms.ts';
import { hashServerSeed, rollDie } from '#game/dice.ts';
import { lessonsOf, type LessonInput } from '#game/lesson.ts';
import { payoutOf } from '#game/payout.ts';
import { signRequest } from '#wire/signing.ts';
import type { Statement } from '#game/statement.ts';
import { REFUSAL_ROW_EVERY_MS } from '#site/server/logging.ts';
import type { FinishedGame } from '#site/server/rooms/settlement-record.ts';
import type { RoomForParty } from '#wire/site-room.ts';
import { startRoomsApp, type RoomsApp } from '#tests/support/rooms-app.ts';
import { seededRandom } from '#tests/support/seeded-random.ts';
import {
  advanceTo,
  errorsFor as errorsOf,
  fullRoom as fullRoomOf,
  honestGame,
  postSettlement,
  totalRevenue as revenueOf,
  type FullRoom,
} from './settlement-support';
import type { SettlementReportBody } from './simulated-game';

let app: RoomsApp;

beforeAll(async () => {
  app = await startRoomsApp();
});

afterAll(async () => {
  await app.close();
});

async function fullRoom(count: number, stakeZmw = 20, fundZmw = stakeZmw): Promise<FullRoom> {
  return fullRoomOf(app, count, stakeZmw, fundZmw);
}

function post(roomId: string, body: unknown, options: Parameters<typeof postSettlement>[3] = {}) {
  return postSettlement(app, roomId, body, options);
}

function errorsFor(roomId: string) {
  return errorsOf(app, roomId);
}

function totalRevenue(): Promise<number> {
  return revenueOf(app);
}

/** An honest game of the room, with the clock moved to its end so that it may be reported. */
function game(full: FullRoom, seed: number): SettlementReportBody {
  const report = honestGame(app, full, seed);
  advanceTo(app, report.endTime);
  return report;
}

describe('settlement (protocol call 3)', () => {
  it('pays the winners once, records the game and frees the players', async () => {
    const full = await fullRoom(3, 30);
    const { room, players } = full;
    const report = game(full, 1);
    const revenueBefore = await totalRevenue();
    const answer = await post(room.roomId, report);
    expect(answer).toEqual({ status: 200, json: { ok: true, settled: true } });

    const payout = payoutOf(3000, report.joinedOrder, report.winners);
    expect(payout.totalPotNgwee).toBe(9000);
    for (const p of players) {
      expect(await app.wallet(p.id)).toBe(payout.payouts[p.id]);
      expect((await p.client.get('/api/me')).json.user).toMatchObject({ currentRoomId: null });
    }
    expect(await totalRevenue()).toBe(revenueBefore + payout.systemShareNgwee);
    const [revenue] = await app.db.database.read
      .select()
      .from(adminRevenue)
      .where(eq(adminRevenue.roomId, room.roomId));
    expect(revenue).toMatchObject({
      amount: payout.systemShareNgwee,
      totalPot: 9000,
      numberOfPlayers: 3,
      timestamp: app.now(),
    });

    const publicRoom = (await app.client().get(`/api/rooms/${room.roomId}`)).json.room;
    expect(publicRoom).toMatchObject({ status: 'ended', isActive: false });

    // The finished game, readable by its players and admins only.
    const [first] = players;
    const record = await first!.client.get(`/api/games/${room.roomId}`);
    expect(record.status).toBe(200);
    expect(record.json.game).toMatchObject({
      roomId: room.roomId,
      joinedOrder: report.joinedOrder,
      winners: report.winners,
      totalPot: 90,
      winnerShare: payout.winnerShareNgwee / 100,
      systemShare: payout.systemShareNgwee / 100,
      statements: report.statements,
      boardState: report.boardState,
      endTime: new Date(report.endTime).toISOString(),
      fairness: {
        serverSeed: room.serverSeed,
        serverSeedHash: hashServerSeed(room.serverSeed),
        clientSeed: room.seats.map((s) => s.clientSeed).join(':'),
      },
      logs: report.logs,
      // Every seat's business lesson, from the replayed totals (the same as state.result's).
      lessons: lessonsOf({
        joinedOrder: report.joinedOrder,
        players: report.participants as unknown as LessonInput['players'],
        statements: report.statements as unknown as Record<string, Statement>,
        winners: report.winners,
      }),
    });
    expect(Object.keys((record.json.game as FinishedGame).lessons ?? {})).toEqual(
      report.joinedOrder,
    );
    const stranger = await app.player();
    expect(await stranger.client.get(`/api/games/${room.roomId}`)).toMatchObject({
      status: 403,
      json: { error: "You're not part of this room." },
    });
    await app.makeAdmin(stranger.id);
    expect((await stranger.client.get(`/api/games/${room.roomId}`)).status).toBe(200);
    expect((await app.client().get(`/api/games/${room.roomId}`)).status).toBe(401);
    expect((await first!.client.get('/api/games/unknown-room')).status).toBe(404);

    const history = await first!.client.get('/api/games');
    expect(history.json.games).toEqual([
      {
        roomId: room.roomId,
        endTime: new Date(report.endTime).toISOString(),
        result: report.winners.includes(first!.id)
          ? report.winners.length > 1
            ? 'tied'
            : 'won'
          : 'lost',
        prize: (payout.payouts[first!.id] ?? 0) / 100,
        totalPot: 90,
        players: players.map((p) => ({ uid: p.id, name: `${p.firstName} ${p.lastName}` })),
        practice: false,
      },
    ]);
  });

  it('answers a repeat (sequential or concurrent) with 200 and never pays twice', async () => {
    const full = await fullRoom(2, 50);
    const { room, players } = full;
    const report = game(full, 2);
    const answers = await Promise.all(Array.from({ length: 12 }, () => post(room.roomId, report)));
    expect(answers.every((a) => a.status === 200 && a.json.settled === true)).toBe(true);
    expect(await post(room.roomId, report)).toMatchObject({ status: 200 });
    const payout = payoutOf(5000, report.joinedOrder, report.winners);
    for (const p of players) expect(await app.wallet(p.id)).toBe(payout.payouts[p.id]);
    const revenueRows = await app.db.database.read
      .select()
      .from(adminRevenue)
      .where(eq(adminRevenue.roomId, room.roomId));
    expect(revenueRows).toHaveLength(1);
    const history = await app.db.database.read
      .select()
      .from(gameHistory)
      .where(eq(gameHistory.roomId, room.roomId));
    expect(history).toHaveLength(2);
    // Even a different (forged) report for a settled room pays nothing more.
    const tampered = { ...report, winners: [...report.joinedOrder] };
    expect((await post(room.roomId, tampered)).status).toBe(200);
    for (const p of players) expect(await app.wallet(p.id)).toBe(payout.payouts[p.id]);
  });

  it('refuses unsigned, forged and stale calls, and logs a sample of them', async () => {
    // Refusals are sampled into the log, one row of a kind a minute (ops/refused-calls.test.ts):
    // a minute on, so the first refusal here writes its row whatever earlier tests refused.
    app.advance(REFUSAL_ROW_EVERY_MS + 1);
    const full = await fullRoom(2, 10);
    const { room, players } = full;
    const report = game(full, 3);
    expect(await post(room.roomId, report, { unsigned: true })).toMatchObject({ status: 401 });
    expect(await post(room.roomId, report, { key: 'not-the-key' })).toMatchObject({
      status: 401,
    });
    // INTERNAL_SECRET itself and the keys of other uses sign nothing here.
    for (const key of [app.internalSecret, app.keys.siteToRoom, app.keys.tickets]) {
      expect(await post(room.roomId, report, { key })).toMatchObject({ status: 401 });
    }
    expect(await post(room.roomId, report, { now: app.now() - 61_000 })).toMatchObject({
      status: 401,
    });
    expect(
      await post(room.roomId, report, { path: `/api/internal/rooms/other/settlement` }),
    ).toMatchObject({ status: 401 });
    const logged = await errorsFor(room.roomId);
    expect(logged.length).toBe(1);
    expect(logged[0]!.message).toMatch(/unsigned internal call/i);
    for (const p of players) expect(await app.wallet(p.id)).toBe(0);
    expect((await app.client().get(`/api/rooms/${room.roomId}`)).json.room).toMatchObject({
      status: 'active',
    });
  });

  it('refuses a report that the rules, the dice or the seats contradict, and logs it', async () => {
    const full = await fullRoom(3, 10);
    const { room, players } = full;
    const honest = game(full, 4);
    const stranger = await app.player();
    const [a, b, c] = honest.joinedOrder as [string, string, string];
    const firstRoll = honest.logs.findIndex((e) => e.type === 'dice_roll');
    const someoneElse = (uid: string) => honest.joinedOrder.find((u) => u !== uid)!;
    const cases: [string, SettlementReportBody | string, number, RegExp][] = [
      ['not JSON', '{"roomId":', 400, /not valid JSON/],
      ['wrong shape', JSON.stringify({ ...honest, rolls: 'many' }), 400, /wrong shape/],
      ['another room', { ...honest, roomId: 'another-room' }, 400, /another room/],
      ['players reordered', { ...honest, joinedOrder: [b, a, c] }, 409, /seated players/],
      [
        'a stranger',
        {
          ...honest,
          joinedOrder: [a, b, stranger.id],
          participants: {
            [a]: honest.participants[a]!,
            [b]: honest.participants[b]!,
            [stranger.id]: honest.participants[c]!,
          },
        },
        409,
        /seated players/,
      ],
      [
        'a changed die',
        {
          ...honest,
          logs: honest.logs.map((e, i) =>
            i === firstRoll && e.type === 'dice_roll' ? { ...e, roll: (e.roll % 6) + 1 } : e,
          ),
        },
        422,
        /roll does not match/,
      ],
      ['a missing roll', { ...honest, rolls: honest.rolls.slice(1) }, 422, /rolls list/],
      [
        'a roll credited to someone else',
        {
          ...honest,
          rolls: honest.rolls.map((r, i) =>
            i === 3 ? { ...r, player: someoneElse(r.player) } : r,
          ),
        },
        422,
        /rolls list/,
      ],
      [
        'a dropped first log entry',
        { ...honest, logs: honest.logs.slice(1) },
        422,
        /Replay failed/,
      ],
      // Without its last move the log may still be a legal shorter game; then the totals give it away.
      [
        'a dropped last log entry',
        { ...honest, logs: honest.logs.slice(0, -1) },
        422,
        /Replay failed|differs from the replay/,
      ],
      [
        'an invented revenue',
        {
          ...honest,
          logs: [
            ...honest.logs,
            {
              type: 'revenue',
              player: a,
              boxId: 'box4',
              key: 'gudwill',
              amount: 900,
              timestamp: 1,
            },
          ],
        },
        422,
        /no move produced/,
      ],
      [
        'a richer balance',
        {
          ...honest,
          participants: {
            ...honest.participants,
            [a]: { ...honest.participants[a]!, balance: 99_999 },
          },
        },
        422,
        /final balance/,
      ],
      [
        'a doctored statement',
        {
          ...honest,
          statements: {
            ...honest.statements,
            [b]: { ...honest.statements[b]!, netProfit: 1_000_000 },
          },
        },
        422,
        /statements differ/,
      ],
      [
        'the wrong winners',
        {
          ...honest,
          winners: honest.joinedOrder.filter((u) => !honest.winners.includes(u)).slice(0, 1),
        },
        422,
        /winners differ/,
      ],
      [
        'a moved truck',
        { ...honest, boardState: { ...honest.boardState, box2: { owner: b, trucks: 6 } } },
        422,
        /board differs/,
      ],
    ];
    for (const [name, body, status, pattern] of cases) {
      const before = (await errorsFor(room.roomId)).length;
      const answer = await post(room.roomId, body);
      expect({ name, status: answer.status }).toEqual({ name, status });
      expect(String(answer.json.error)).toMatch(pattern);
      const logged = await errorsFor(room.roomId);
      expect(logged.length).toBe(before + 1);
      expect(logged[0]!.message).toMatch(/^Settlement refused: /);
    }
    for (const p of players) expect(await app.wallet(p.id)).toBe(0);
    // After all that, the honest report still settles.
    expect((await post(room.roomId, honest)).status).toBe(200);
  });

  it('refuses an unknown room and a room that has not started', async () => {
    const report = game(await fullRoom(2, 10), 5);
    const unknown = await post('no-such-room', { ...report, roomId: 'no-such-room' });
    expect(unknown).toMatchObject({ status: 404 });
    expect((await errorsFor('no-such-room'))[0]!.message).toMatch(/Unknown room/);

    const host = await app.player({ fundZmw: 10 });
    const waiting = (
      await host.client.post('/api/rooms', {
        amount: 10,
        time: 10,
        maxPlayers: 2,
        privacy: 'Public',
      })
    ).json.room as { roomId: string };
    const early = await post(waiting.roomId, { ...report, roomId: waiting.roomId });
    expect(early).toMatchObject({ status: 409 });
    expect(await app.wallet(host.id)).toBe(0);
  });

  it('keeps the ledger whole over many settlements', async () => {
    const revenueBefore = await totalRevenue();
    let systemShares = 0;
    const settledRooms: string[] = [];
    const random = seededRandom(99);
    for (let i = 0; i < 10; i += 1) {
      const count = 2 + (i % 5);
      const stake = [10, 20, 30, 40, 50][i % 5]!;
      const full = await fullRoom(count, stake);
      const { room } = full;
      const report = game(full, 100 + Math.floor(random() * 1000));
      expect((await post(room.roomId, report)).status).toBe(200);
      systemShares += payoutOf(stake * 100, report.joinedOrder, report.winners).systemShareNgwee;
      settledRooms.push(room.roomId);
    }
    expect(await totalRevenue()).toBe(revenueBefore + systemShares);
    const { sum, report } = await app.ledger();
    expect(sum).toBe(0);
    expect(report.mismatchedAccounts).toEqual([]);
    expect(report.negativeAccounts).toEqual([]);
    expect(report.unbalancedTransfers).toEqual([]);
    const escrows = await app.db.database.client.execute(
      `select id, balance from accounts where kind = 'escrow' and balance <> 0`,
    );
    const open = escrows.rows.map((r) => String(r.id).replace('escrow:', ''));
    for (const roomId of settledRooms) expect(open).not.toContain(roomId);
  });

  it('serves the room to its room server (protocol call 2), signed only', async () => {
    const { room } = await fullRoom(2, 10);
    const path = `/api/internal/rooms/${room.roomId}`;
    const signed = signRequest(app.keys.roomToSite, {
      method: 'GET',
      path,
      body: '',
      now: app.now(),
    });
    const answer = await fetch(`${app.url}${path}`, { headers: signed });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { room: RoomForParty };
    expect(body.room).toEqual(room);
    expect(rollDie(body.room.serverSeed, 'x', 0)).toBeGreaterThan(0);

    expect((await fetch(`${app.url}${path}`)).status).toBe(401);
    const wrongPath = signRequest(app.keys.roomToSite, {
      method: 'GET',
      path: '/api/internal/rooms/other',
      body: '',
      now: app.now(),
    });
    expect((await fetch(`${app.url}${path}`, { headers: wrongPath })).status).toBe(401);
    const missing = '/api/internal/rooms/nothing-here';
    const signedMissing = signRequest(app.keys.roomToSite, {
      method: 'GET',
      path: missing,
      body: '',
      now: app.now(),
    });
    expect((await fetch(`${app.url}${missing}`, { headers: signedMissing })).status).toBe(404);
    // Not behind the Origin check, and a cross-origin POST is still refused by its signature.
    const forged = await fetch(`${app.url}/api/internal/rooms/${room.roomId}/settlement`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(forged.status).toBe(401);
  });
});
