// Rooms through the API: create, join and leave, with their stakes, refusals and pushes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashServerSeed } from '#game/dice.ts';
import { API_REFUSAL_WORDS as words, refusalWords } from '#site/server/api/refusal-words.ts';
import { startRoomsApp, type RoomsApp, type TestUser } from '#tests/support/rooms-app.ts';
import { settings, type Room } from './lifecycle-support';

let app: RoomsApp;

beforeEach(async () => {
  app = await startRoomsApp();
});

afterEach(async () => {
  await app.close();
});

describe('create', () => {
  it('creates a room, stakes the host and publishes it', async () => {
    const host = await app.player({ fundZmw: 50, firstName: 'Chanda' });
    const created = await host.client.post('/api/rooms', settings);
    expect(created.status).toBe(201);
    const room = created.json.room as Room;
    expect(room).toMatchObject({
      roomName: "Chanda's Room",
      hostId: host.id,
      amount: 20,
      time: 10,
      maxPlayers: 3,
      privacy: 'Public',
      isActive: true,
      status: 'waiting',
      joinedOrder: [host.id],
    });
    expect(room.participants[host.id]).toMatchObject({ uid: host.id, name: 'Chanda Phiri' });
    expect(room.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(created.text).not.toContain('serverSeed"');
    expect(new Date(room.createdAt).getTime()).toBe(app.now());
    expect(await app.wallet(host.id)).toBe(3000);

    const me = await host.client.get('/api/me');
    expect(me.json.user).toMatchObject({ currentRoomId: room.roomId, accountBalance: 30 });

    const list = await app.client().get('/api/rooms');
    expect(list.status).toBe(200);
    expect((list.json.rooms as Room[]).map((r) => r.roomId)).toEqual([room.roomId]);

    await app.rooms.publisher.idle();
    const pushed = app.party!.rooms.at(-1)!;
    expect(pushed).toMatchObject({
      roomId: room.roomId,
      stakeNgwee: 2000,
      timeMinutes: 10,
      maxPlayers: 3,
      status: 'waiting',
      seats: [{ uid: host.id, name: 'Chanda Phiri', clientSeed: '' }],
    });
    expect(hashServerSeed(pushed.serverSeed)).toBe(room.serverSeedHash);
    expect(app.party!.lobbies.at(-1)!.map((r) => r.roomId)).toEqual([room.roomId]);
    expect(JSON.stringify(app.party!.lobbies)).not.toContain(pushed.serverSeed);
  });

  it('refuses missing and invalid settings with the spec message', async () => {
    const host = await app.player({ fundZmw: 100 });
    for (const missing of ['amount', 'time', 'maxPlayers', 'privacy']) {
      const body: Record<string, unknown> = { ...settings };
      delete body[missing];
      expect(await host.client.post('/api/rooms', body)).toMatchObject({
        status: 400,
        json: { error: refusalWords('missing_settings', 'all'), code: 'missing_settings' },
      });
    }
    expect((await host.client.post('/api/rooms', {})).json.error).toBe(
      refusalWords('missing_settings', 'all'),
    );
    // Another host for the rest: every create counts against the account's limit, refused or not.
    const other = await app.player({ fundZmw: 100 });
    const invalid: [Record<string, unknown>, string][] = [
      [{ amount: 15 }, refusalWords('invalid_settings', 'stake')],
      [{ amount: 20.5 }, refusalWords('invalid_settings', 'stake')],
      [{ amount: -10 }, refusalWords('invalid_settings', 'stake')],
      [{ time: 15 }, refusalWords('invalid_settings', 'time')],
      [{ maxPlayers: 1 }, refusalWords('invalid_settings', 'players')],
      [{ maxPlayers: 7 }, refusalWords('invalid_settings', 'players')],
      [{ privacy: 'Secret' }, refusalWords('invalid_settings', 'privacy')],
      [{ amount: { $gt: 0 } }, refusalWords('invalid_settings', 'stake')],
    ];
    for (const [change, message] of invalid) {
      expect(await other.client.post('/api/rooms', { ...settings, ...change })).toMatchObject({
        status: 400,
        json: { error: message, code: 'invalid_settings' },
      });
    }
    expect(await app.wallet(host.id)).toBe(10_000);
    expect(await app.wallet(other.id)).toBe(10_000);
    expect((await app.client().get('/api/rooms')).json.rooms).toEqual([]);
  });

  it('refuses without funds, twice in a room, guests and the signed out', async () => {
    const poor = await app.player({ fundZmw: 19.99 });
    expect(await poor.client.post('/api/rooms', settings)).toMatchObject({
      status: 402,
      json: { error: refusalWords('insufficient_funds', 'create'), code: 'insufficient_funds' },
    });
    expect(await app.wallet(poor.id)).toBe(1999);

    const host = await app.player({ fundZmw: 100 });
    const first = (await host.client.post('/api/rooms', settings)).json.room as Room;
    expect(await host.client.post('/api/rooms', settings)).toMatchObject({
      status: 409,
      json: { code: 'already_in_another_room', roomId: first.roomId },
    });
    expect(await app.wallet(host.id)).toBe(8000);

    const guest = await app.guest();
    expect(await guest.client.post('/api/rooms', settings)).toMatchObject({
      status: 403,
      json: { error: 'Guests can only watch. Please sign up to play.' },
    });
    expect(await app.client().post('/api/rooms', settings)).toMatchObject({
      status: 401,
      json: { error: 'You must be logged in.' },
    });
  });

  it('refuses a request from another origin (CSRF)', async () => {
    const host = await app.player({ fundZmw: 100 });
    host.client.origin = 'https://evil.example';
    expect((await host.client.post('/api/rooms', settings)).status).toBe(403);
    host.client.origin = null;
    expect((await host.client.post('/api/rooms', settings)).status).toBe(403);
    expect(await app.wallet(host.id)).toBe(10_000);
  });
});

describe('join', () => {
  it('seats players in order, fills the room and starts it', async () => {
    const host = await app.player({ fundZmw: 20 });
    const room = (await host.client.post('/api/rooms', { ...settings, maxPlayers: 3 })).json
      .room as Room;
    const second = await app.player({ fundZmw: 20 });
    const third = await app.player({ fundZmw: 25 });

    const joined = await second.client.post(`/api/rooms/${room.roomId}/join`, {
      clientSeed: 'seed-two_2',
    });
    expect(joined.status).toBe(200);
    expect(joined.json.room).toMatchObject({
      joinedOrder: [host.id, second.id],
      isActive: true,
      status: 'waiting',
    });
    const full = await third.client.post(`/api/rooms/${room.roomId}/join`);
    expect(full.json.room).toMatchObject({
      joinedOrder: [host.id, second.id, third.id],
      isActive: false,
      status: 'active',
    });
    expect(await app.wallet(third.id)).toBe(500);
    expect((await app.client().get('/api/rooms')).json.rooms).toEqual([]);

    await app.rooms.publisher.idle();
    expect(app.party!.rooms.at(-1)).toMatchObject({
      status: 'active',
      seats: [
        { uid: host.id, clientSeed: '' },
        { uid: second.id, clientSeed: 'seed-two_2' },
        { uid: third.id, clientSeed: '' },
      ],
    });

    const late = await app.player({ fundZmw: 50 });
    expect(await late.client.post(`/api/rooms/${room.roomId}/join`)).toMatchObject({
      status: 409,
      json: { error: words.room_full, code: 'room_full' },
    });
    expect(await second.client.post(`/api/rooms/${room.roomId}/leave`)).toMatchObject({
      status: 409,
      json: { error: words.room_started, code: 'room_started' },
    });
  });

  it('answers every refusal with the spec message', async () => {
    const host = await app.player({ fundZmw: 50 });
    const room = (await host.client.post('/api/rooms', settings)).json.room as Room;
    const join = (c: TestUser, body?: unknown) =>
      c.client.post(`/api/rooms/${room.roomId}/join`, body);

    expect(await join(host)).toMatchObject({
      status: 409,
      json: { error: words.already_in_this_room, code: 'already_in_this_room' },
    });
    const poor = await app.player({ fundZmw: 10 });
    expect(await join(poor)).toMatchObject({
      status: 402,
      json: { error: refusalWords('insufficient_funds', 'join'), code: 'insufficient_funds' },
    });
    const busy = await app.player({ fundZmw: 100 });
    const other = (await busy.client.post('/api/rooms', settings)).json.room as Room;
    expect(await join(busy)).toMatchObject({
      status: 409,
      json: {
        error: words.already_in_another_room,
        code: 'already_in_another_room',
        roomId: other.roomId,
      },
    });
    const seeded = await app.player({ fundZmw: 100 });
    for (const clientSeed of ['has space', 'x'.repeat(65), 42, 'ünï']) {
      expect(await join(seeded, { clientSeed })).toMatchObject({
        status: 400,
        json: { code: 'invalid_client_seed' },
      });
    }
    expect(await seeded.client.post('/api/rooms/nope-not-here/join')).toMatchObject({
      status: 404,
      json: { error: words.room_not_found },
    });
    expect(await seeded.client.post('/api/rooms/bad%20id/join')).toMatchObject({
      status: 404,
      json: { error: words.room_not_found },
    });
    const guest = await app.guest();
    expect((await join(guest)).status).toBe(403);

    // The host leaves alone: the room closes.
    expect((await host.client.post(`/api/rooms/${room.roomId}/leave`)).status).toBe(204);
    expect(await join(seeded)).toMatchObject({
      status: 410,
      json: { error: words.room_closed, code: 'room_closed' },
    });
    expect(await app.wallet(seeded.id)).toBe(10_000);
  });
});

describe('leave', () => {
  it('refunds, hands the host tag on, and closes the room with the last one out', async () => {
    const host = await app.player({ fundZmw: 30, firstName: 'Bupe' });
    const room = (await host.client.post('/api/rooms', { ...settings, amount: 30 })).json
      .room as Room;
    const second = await app.player({ fundZmw: 30, firstName: 'Mutale' });
    const third = await app.player({ fundZmw: 30, firstName: 'Natasha' });
    await second.client.post(`/api/rooms/${room.roomId}/join`);

    const left = await host.client.post(`/api/rooms/${room.roomId}/leave`);
    expect(left.status).toBe(200);
    expect(left.json.room).toMatchObject({
      hostId: second.id,
      roomName: "Mutale's Room",
      joinedOrder: [second.id],
      status: 'waiting',
    });
    expect(await app.wallet(host.id)).toBe(3000);
    expect((await host.client.get('/api/me')).json.user).toMatchObject({ currentRoomId: null });
    expect(await host.client.post(`/api/rooms/${room.roomId}/leave`)).toMatchObject({
      status: 409,
      json: { code: 'not_in_room' },
    });
    expect(await third.client.post(`/api/rooms/${room.roomId}/leave`)).toMatchObject({
      status: 409,
      json: { code: 'not_in_room' },
    });

    // A stake is taken once per room and player: who left cannot sit down again.
    expect(await host.client.post(`/api/rooms/${room.roomId}/join`)).toMatchObject({
      status: 409,
      json: { error: words.left_room, code: 'left_room' },
    });
    expect(await app.wallet(host.id)).toBe(3000);

    expect((await second.client.post(`/api/rooms/${room.roomId}/leave`)).status).toBe(204);
    expect(await app.wallet(second.id)).toBe(3000);
    expect(await app.wallet(host.id)).toBe(3000);
    const closed = await app.client().get(`/api/rooms/${room.roomId}`);
    expect(closed.json.room).toMatchObject({ status: 'closed', isActive: false, joinedOrder: [] });

    await app.rooms.publisher.idle();
    expect(app.party!.rooms.at(-1)).toMatchObject({
      roomId: room.roomId,
      status: 'closed',
      seats: [],
    });
    expect(app.party!.lobbies.at(-1)).toEqual([]);
    const { byKind, sum, report } = await app.ledger();
    expect(sum).toBe(0);
    expect(byKind.escrow).toBe(0);
    expect(report.mismatchedAccounts).toEqual([]);
  });
});
