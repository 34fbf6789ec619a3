// The rules a settlement is replayed with (docs/decisions/094): a report names the rules its game was
// played under; a report without the version comes from a room server before versions (rules 1); a
// game under rules newer than the site's waits (retry) and shows on the console; one under rules the
// site no longer has is refunded, once, after its latest end, never left in escrow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES_VERSION } from '#game/rules.ts';
import { latestGameEnd } from '#game/timing.ts';
import { SETTLEMENT_REFUNDED } from '#site/server/rooms/settlement.ts';
import { startRoomsApp, type RoomsApp } from '#tests/support/rooms-app.ts';
import {
  advanceTo,
  errorsFor,
  fullRoom,
  honestGame,
  postSettlement,
  type FullRoom,
} from './settlement-support';

let app: RoomsApp;

beforeAll(async () => {
  app = await startRoomsApp();
});

afterAll(async () => {
  await app.close();
});

const escrowOf = async (roomId: string) => {
  const { rows } = await app.db.database.client.execute({
    sql: `select balance from accounts where id = ?`,
    args: [`escrow:${roomId}`],
  });
  return Number(rows[0]?.balance ?? 0);
};

function latestEnd(full: FullRoom): number {
  return latestGameEnd(full.filledAt, full.room.timeMinutes, app.deps.config.gameTimeScale);
}

describe('the rules a settlement is replayed with', () => {
  it('replays a report without a rules version under rules 1, the rules before versions', async () => {
    expect(RULES_VERSION).toBe(1);
    const full = await fullRoom(app, 2, 20);
    const { rulesVersion: _version, ...previous } = honestGame(app, full, 3);
    advanceTo(app, previous.endTime);
    const answer = await postSettlement(app, full.room.roomId, previous);
    expect(answer).toEqual({ status: 200, json: { ok: true, settled: true } });
    expect(await escrowOf(full.room.roomId)).toBe(0);
  });

  it('keeps a game played under newer rules in escrow, to be tried again, and on the console', async () => {
    const full = await fullRoom(app, 2, 20);
    const report = honestGame(app, full, 4);
    advanceTo(app, report.endTime);
    const answer = await postSettlement(app, full.room.roomId, {
      ...report,
      rulesVersion: RULES_VERSION + 1,
    });
    expect(answer.status).toBe(409);
    expect(answer.json).toMatchObject({ code: 'settlement_rules_newer', retry: true });
    expect(await escrowOf(full.room.roomId)).toBe(4000);
    const [logged] = await errorsFor(app, full.room.roomId);
    expect(logged?.message).toContain('newer than this site');
    // The same game under the site's rules is paid.
    const paid = await postSettlement(app, full.room.roomId, report);
    expect(paid.status).toBe(200);
  });

  it('refunds a game played under rules the site no longer has, once, after its latest end', async () => {
    const full = await fullRoom(app, 3, 20);
    const { room, players } = full;
    const report = { ...honestGame(app, full, 5), rulesVersion: 0 };
    const before = await Promise.all(players.map((p) => app.wallet(p.id)));

    // Before the game could have ended, nothing moves (a report cannot end a game early this way).
    advanceTo(app, latestEnd(full) - 1_000);
    const early = await postSettlement(app, room.roomId, report);
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ code: 'settlement_too_early', retry: true });
    expect(await escrowOf(room.roomId)).toBe(6000);

    advanceTo(app, latestEnd(full) + 1);
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await postSettlement(app, room.roomId, report);
      expect(answer).toEqual({ status: 200, json: { ok: true, settled: true, refunded: true } });
    }
    const after = await Promise.all(players.map((p) => app.wallet(p.id)));
    expect(after).toEqual(before.map((balance) => balance + 2000));
    expect(await escrowOf(room.roomId)).toBe(0);
    const publicRoom = (await app.client().get(`/api/rooms/${room.roomId}`)).json.room;
    expect(publicRoom).toMatchObject({ status: 'closed', isActive: false });
    const refunds = (await errorsFor(app, room.roomId)).filter((e) =>
      e.message.startsWith(SETTLEMENT_REFUNDED),
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.message).toContain('rules 0');
    const { sum } = await app.ledger();
    expect(sum).toBe(0);
  });
});
