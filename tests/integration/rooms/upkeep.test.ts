// Rooms through the API after they are made: expiry, tickets, pushes to the room servers, the sweeper.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rooms } from '#db/schema/rooms.ts';
import { verifyTicket } from '#wire/signing.ts';
import { API_REFUSAL_WORDS as words } from '#site/server/api/refusal-words.ts';
import { startRoomsApp, type RoomsApp } from '#tests/support/rooms-app.ts';
import { settings, type Room } from './lifecycle-support';

let app: RoomsApp;

beforeEach(async () => {
  app = await startRoomsApp();
});

afterEach(async () => {
  await app.close();
});

describe('expiry', () => {
  it('closes rooms that never filled after 30 minutes and refunds every stake', async () => {
    const host = await app.player({ fundZmw: 10 });
    const room = (await host.client.post('/api/rooms', { ...settings, amount: 10 })).json
      .room as Room;
    const second = await app.player({ fundZmw: 10 });
    await second.client.post(`/api/rooms/${room.roomId}/join`);
    const fresh = await app.player({ fundZmw: 10 });
    app.advance(29 * 60_000);
    const younger = (await fresh.client.post('/api/rooms', { ...settings, amount: 10 })).json
      .room as Room;

    expect(await app.rooms.expire()).toEqual([]);
    app.advance(60_000);
    expect(await app.rooms.expire()).toEqual([room.roomId]);
    expect(await app.rooms.expire()).toEqual([]);

    expect((await app.client().get(`/api/rooms/${room.roomId}`)).json.room).toMatchObject({
      status: 'closed',
      isActive: false,
    });
    expect(await app.wallet(host.id)).toBe(1000);
    expect(await app.wallet(second.id)).toBe(1000);
    expect((await second.client.get('/api/me')).json.user).toMatchObject({ currentRoomId: null });
    expect((await app.client().get('/api/rooms')).json.rooms).toMatchObject([
      { roomId: younger.roomId },
    ]);
    await app.rooms.publisher.idle();
    expect(app.party!.rooms.filter((r) => r.roomId === room.roomId).at(-1)).toMatchObject({
      status: 'closed',
    });
    expect(await host.client.post(`/api/rooms/${room.roomId}/join`)).toMatchObject({
      status: 410,
      json: { error: words.room_closed },
    });
  });

  it('scales the expiry by GAME_TIME_SCALE', async () => {
    await app.close();
    app = await startRoomsApp({ gameTimeScale: 0.01 });
    const host = await app.player({ fundZmw: 10 });
    const room = (await host.client.post('/api/rooms', { ...settings, amount: 10 })).json
      .room as Room;
    app.advance(17_999);
    expect(await app.rooms.expire()).toEqual([]);
    app.advance(1);
    expect(await app.rooms.expire()).toEqual([room.roomId]);
  });
});

describe('rooms and tickets', () => {
  it('shows any room by id and hands out tickets to players, spectators and guests', async () => {
    const host = await app.player({ fundZmw: 10, firstName: 'Lweendo' });
    const room = (
      await host.client.post('/api/rooms', { ...settings, amount: 10, privacy: 'Private' })
    ).json.room as Room;
    expect((await app.client().get('/api/rooms')).json.rooms).toEqual([]);
    expect((await app.client().get(`/api/rooms/${room.roomId}`)).json.room).toMatchObject({
      roomId: room.roomId,
      privacy: 'Private',
    });
    expect(await app.client().get('/api/rooms/unknown-room')).toMatchObject({
      status: 404,
      json: { error: words.room_not_found },
    });

    const ticket = await host.client.post(`/api/rooms/${room.roomId}/ticket`);
    expect(ticket.status).toBe(200);
    const { ticket: token, url } = ticket.json as { ticket: string; url: string };
    expect(url).toBe(
      `ws://127.0.0.1:9/parties/main/${room.roomId}?ticket=${encodeURIComponent(token)}`,
    );
    const verdict = verifyTicket(app.keys.tickets, token, room.roomId, app.now());
    // Only the tickets key opens it: not INTERNAL_SECRET, not the keys of the internal calls.
    for (const key of [app.internalSecret, app.keys.siteToRoom, app.keys.roomToSite]) {
      expect(verifyTicket(key, token, room.roomId, app.now())).toMatchObject({ ok: false });
    }
    expect(verdict).toMatchObject({
      ok: true,
      payload: { uid: host.id, name: 'Lweendo Phiri', roomId: room.roomId },
    });

    const guest = await app.guest();
    const watch = await guest.client.post(`/api/rooms/${room.roomId}/ticket`);
    expect(
      verifyTicket(app.keys.tickets, watch.json.ticket as string, room.roomId, app.now()),
    ).toMatchObject({ ok: true, payload: { uid: guest.id, name: 'Guest' } });

    expect((await app.client().post(`/api/rooms/${room.roomId}/ticket`)).status).toBe(401);
    expect((await guest.client.post('/api/rooms/unknown/ticket')).status).toBe(404);
  });
});

describe('pushes to the room servers', () => {
  it('a failing room server never undoes a seat; the push is retried until it lands', async () => {
    const host = await app.player({ fundZmw: 10 });
    app.party!.failNext(6);
    const created = await host.client.post('/api/rooms', { ...settings, amount: 10 });
    expect(created.status).toBe(201);
    const roomId = (created.json.room as Room).roomId;
    await app.rooms.publisher.idle();
    expect(app.party!.failures).toBe(6);
    expect(app.party!.rooms.at(-1)).toMatchObject({ roomId, seats: [{ uid: host.id }] });
    expect(app.party!.lobbies.at(-1)!.map((r) => r.roomId)).toEqual([roomId]);
    expect((await app.client().get(`/api/rooms/${roomId}`)).json.room).toMatchObject({
      joinedOrder: [host.id],
    });
  });
});

describe('sweeper', () => {
  it('wakes the room server of a started game that should have been settled by now', async () => {
    const host = await app.player({ fundZmw: 10 });
    const guest = await app.player({ fundZmw: 10 });
    const created = await host.client.post('/api/rooms', {
      ...settings,
      amount: 10,
      maxPlayers: 2,
    });
    const roomId = (created.json.room as Room).roomId;
    expect((await guest.client.post(`/api/rooms/${roomId}/join`, {})).status).toBe(200);
    await app.rooms.publisher.idle();
    const pushes = () => app.party!.rooms.filter((r) => r.roomId === roomId).length;
    const before = pushes();

    // Countdown, a first roll left to the timer, ten minutes of game, a minute of grace.
    app.advance(5_000 + 20_000 + 10 * 60_000 + 60_000);
    expect(await app.rooms.wakeOverdue(app.now())).toEqual([]);
    app.advance(1);
    expect(await app.rooms.wakeOverdue(app.now())).toEqual([roomId]);
    await app.rooms.publisher.idle();
    expect(pushes()).toBe(before + 1);
    // Long past its start: a room server holding the game ignores it, one that lost it closes the
    // room instead of starting it again from the beginning.
    expect(app.party!.rooms.at(-1)).toMatchObject({ roomId, status: 'closed' });

    // Once settled, never again.
    await app.db.database.write((tx) =>
      tx
        .update(rooms)
        .set({ settledAt: app.now(), status: 'ended' })
        .where(eq(rooms.roomId, roomId)),
    );
    expect(await app.rooms.wakeOverdue(app.now())).toEqual([]);
  });

  it('runs expire on its timer and can be stopped', async () => {
    const { startRoomSweeper } = await import('#site/server/rooms/sweeper.ts');
    const host = await app.player({ fundZmw: 10 });
    const room = (await host.client.post('/api/rooms', { ...settings, amount: 10 })).json
      .room as Room;
    app.advance(30 * 60_000);
    const sweeper = startRoomSweeper({ service: app.rooms, intervalMs: 20, clock: app.now });
    try {
      for (let i = 0; i < 100; i += 1) {
        const current = (await app.client().get(`/api/rooms/${room.roomId}`)).json.room as Room;
        if (current.status === 'closed') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await app.client().get(`/api/rooms/${room.roomId}`)).json.room).toMatchObject({
        status: 'closed',
      });
      expect(await app.wallet(host.id)).toBe(1000);
      expect(await sweeper.sweep()).toEqual([]);
    } finally {
      sweeper.stop();
    }
  });
});
