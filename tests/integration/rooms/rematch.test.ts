// POST /api/rooms/:roomId/rematch: the same players' next game, one tap each, stakes taken only as
// each joins; refused to others and before the game is over.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents } from '#db/schema/responsible-play.ts';
import { rooms } from '#db/schema/rooms.ts';
import { findUserById, loadPublicUser } from '#site/server/auth/users.ts';
import { playDoor } from '#site/server/pages/play.ts';
import { roomsDoor } from '#site/server/pages/rooms.ts';
import { gamesDoor } from '#site/server/pages/wallet.ts';
import { authDepsOf } from '#site/server/rooms/deps.ts';
import { startRoomsApp, type RoomsApp } from '#tests/support/rooms-app.ts';
import { advanceTo, fullRoom, honestGame, postSettlement } from './settlement-support';

let app: RoomsApp;

beforeAll(async () => {
  app = await startRoomsApp();
});

afterAll(async () => {
  await app.close();
});

/** A 2-player game of ZMW 20 played and settled; each player then funded with `topUpZmw`. */
async function finishedGame(topUpZmw = 20) {
  const full = await fullRoom(app, 2, 20);
  const report = honestGame(app, full, 7);
  advanceTo(app, report.endTime);
  expect((await postSettlement(app, full.room.roomId, report)).status).toBe(200);
  for (const player of full.players) await app.fund(player.id, topUpZmw);
  return full;
}

/** A player's page door, as the dashboard's loader and action use it. */
async function pagesOf(userId: string) {
  const row = await findUserById(app.db.database.read, userId);
  const user = await loadPublicUser(app.db.database.read, row!, app.deps.auth, app.now());
  const caller = {
    user,
    sessionId: `page-${userId}`,
    sessionToken: null,
    address: '10.9.0.2',
    userAgent: 'rematch.test',
  };
  return {
    games: gamesDoor(app.deps, caller),
    play: playDoor(authDepsOf(app.deps), caller),
    rooms: roomsDoor({ rooms: app.deps, auth: authDepsOf(app.deps) }, caller),
  };
}

type Room = { roomId: string; amount: number; time: number; maxPlayers: number; privacy: string };

describe('rematch', () => {
  it('one tap each puts both players in a new private room with the same settings', async () => {
    const { room, players } = await finishedGame();
    const [first, second] = players;
    const before = [await app.wallet(first!.id), await app.wallet(second!.id)];

    const one = await first!.client.post(`/api/rooms/${room.roomId}/rematch`, {});
    expect(one.status, one.text).toBe(200);
    const created = one.json.room as Room & { joinedOrder: string[]; status: string };
    expect(created).toMatchObject({ amount: 20, time: 10, maxPlayers: 2, privacy: 'Private' });
    expect(created.joinedOrder).toEqual([first!.id]);
    // Only the one who tapped has paid so far.
    expect(await app.wallet(first!.id)).toBe(before[0]! - 2000);
    expect(await app.wallet(second!.id)).toBe(before[1]);
    const [old] = await app.db.database.db
      .select()
      .from(rooms)
      .where(eq(rooms.roomId, room.roomId));
    expect(old?.rematchRoomId).toBe(created.roomId);

    // A second tap by the same player answers the same room, and takes nothing more.
    const again = await first!.client.post(`/api/rooms/${room.roomId}/rematch`, {});
    expect(again.status, again.text).toBe(200);
    expect((again.json.room as Room).roomId).toBe(created.roomId);
    expect(await app.wallet(first!.id)).toBe(before[0]! - 2000);

    const two = await second!.client.post(`/api/rooms/${room.roomId}/rematch`, {});
    expect(two.status, two.text).toBe(200);
    const joined = two.json.room as Room & { joinedOrder: string[]; status: string };
    expect(joined.roomId).toBe(created.roomId);
    expect(joined.joinedOrder).toEqual([first!.id, second!.id]);
    expect(joined.status).toBe('active');
    expect(await app.wallet(second!.id)).toBe(before[1]! - 2000);
    expect((await app.ledger()).sum).toBe(0);
  });

  it('the other player is told on their dashboard and joins through the normal join', async () => {
    const { room, players } = await finishedGame();
    const [first, second] = players;
    const started = await first!.client.post(`/api/rooms/${room.roomId}/rematch`, {});
    expect(started.status, started.text).toBe(200);
    const rematchId = (started.json.room as Room).roomId;
    const starter = room.seats.find((seat) => seat.uid === first!.id)!.name.split(' ')[0];

    // The finished game's room server is told (call 1), so the board's game over can say it.
    await expect
      .poll(() => app.party!.rooms.filter((r) => r.roomId === room.roomId).at(-1)?.rematch)
      .toEqual({ roomId: rematchId, hostId: first!.id, hostName: starter });

    const other = await pagesOf(second!.id);
    const lobby = await other.games.lobby();
    expect(lobby).toMatchObject({
      ok: true,
      rematches: [{ roomId: rematchId, fromRoomId: room.roomId, startedBy: starter, amount: 20 }],
      opponents: [{ uid: first!.id, name: starter, amount: 20, rematch: { roomId: rematchId } }],
    });
    // The header's notification list says it too, linking to the room's join page.
    const rematchNotice = { kind: 'rematch', roomId: rematchId, startedBy: starter, amount: 20 };
    expect((await other.play.notices())?.items).toContainEqual({ ...rematchNotice, unread: true });
    // The one who started it sits there already: nothing waits for them.
    expect(await (await pagesOf(first!.id)).games.lobby()).toMatchObject({ rematches: [] });
    expect((await (await pagesOf(first!.id)).play.notices())?.items).not.toContainEqual(
      expect.objectContaining({ kind: 'rematch' }),
    );

    const before = await app.wallet(second!.id);
    const joined = await other.rooms.join(rematchId);
    expect(joined).toMatchObject({ ok: true, room: { roomId: rematchId, status: 'active' } });
    expect(await app.wallet(second!.id)).toBe(before - 2000);
    expect(await other.games.lobby()).toMatchObject({ rematches: [] });
    expect((await other.play.notices())?.items).not.toContainEqual(
      expect.objectContaining({ kind: 'rematch' }),
    );
    expect((await app.ledger()).sum).toBe(0);
  });

  it('two taps at the same moment end in one room, the loser’s stake back', async () => {
    const { room, players } = await finishedGame();
    const [first, second] = players;
    const before = [await app.wallet(first!.id), await app.wallet(second!.id)];
    const [a, b] = await Promise.all([
      first!.client.post(`/api/rooms/${room.roomId}/rematch`, {}),
      second!.client.post(`/api/rooms/${room.roomId}/rematch`, {}),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((a.json.room as Room).roomId).toBe((b.json.room as Room).roomId);
    expect(await app.wallet(first!.id)).toBe(before[0]! - 2000);
    expect(await app.wallet(second!.id)).toBe(before[1]! - 2000);
    expect((await app.ledger()).sum).toBe(0);
  });

  it('is refused to someone who did not play, and before the game is over', async () => {
    const { room } = await finishedGame();
    const stranger = await app.player({ fundZmw: 50 });
    const refused = await stranger.client.post(`/api/rooms/${room.roomId}/rematch`, {});
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({
      error: "You're not part of this room.",
      code: 'not_a_participant',
    });

    const live = await fullRoom(app, 2, 20);
    const early = await live.players[0]!.client.post(`/api/rooms/${live.room.roomId}/rematch`, {});
    expect(early.status).toBe(409);
    expect(early.json).toEqual({ error: 'The game is not over yet.', code: 'game_not_over' });

    const unknown = await stranger.client.post('/api/rooms/nosuchroom/rematch', {});
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: 'room_not_found' });
  });

  it('takes no stake from a player who has not accepted the terms in force (create or join)', async () => {
    const { room, players } = await finishedGame();
    const [first, second] = players;
    const before = [await app.wallet(first!.id), await app.wallet(second!.id)];
    const acceptedAnEarlierVersion = (userId: string) =>
      app.db.database.write((tx) =>
        tx.update(consents).set({ version: '2020-01-01' }).where(eq(consents.userId, userId)),
      );

    // The first tap would create the rematch room: refused, nothing created, nothing taken.
    await acceptedAnEarlierVersion(first!.id);
    const refused = await first!.client.post(`/api/rooms/${room.roomId}/rematch`, {});
    expect(refused.status, refused.text).toBe(403);
    expect(refused.json.code).toBe('terms_required');
    expect(await app.wallet(first!.id)).toBe(before[0]);
    const [old] = await app.db.database.db
      .select()
      .from(rooms)
      .where(eq(rooms.roomId, room.roomId));
    expect(old?.rematchRoomId).toBeNull();

    // The other player's tap creates it; the first, still on the old terms, cannot join it.
    const created = await second!.client.post(`/api/rooms/${room.roomId}/rematch`, {});
    expect(created.status, created.text).toBe(200);
    const again = await first!.client.post(`/api/rooms/${room.roomId}/rematch`, {});
    expect(again.status, again.text).toBe(403);
    expect(again.json.code).toBe('terms_required');
    expect(await app.wallet(first!.id)).toBe(before[0]);
    expect(await app.wallet(second!.id)).toBe(before[1]! - 2000);
    expect((await app.ledger()).sum).toBe(0);
  });
});
