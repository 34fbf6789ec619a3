// Quick match (`POST /api/rooms/quick`) through HTTP on a real libSQL file, with a real `partykit dev`
// taking each full room: which room a player lands in, the refusals it shares with join and create,
// and 40 players at one stake at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICK_MATCH } from '#game/room-options.ts';
import { refusalWords } from '#site/server/api/refusal-words.ts';
import type { RoomsApp, TestUser } from '#tests/support/rooms-app.ts';
import type { Room } from './lifecycle-support';
import { startRoomsWithParty, type RoomsWithParty } from './with-party';

let rooms: RoomsWithParty;
let app: RoomsApp;

beforeAll(async () => {
  rooms = await startRoomsWithParty({ secret: 'rooms-quick-internal-secret' });
  app = rooms.app;
}, 60_000);

afterAll(async () => {
  await rooms?.close();
});

async function players(count: number, fundZmw: number): Promise<TestUser[]> {
  const list: TestUser[] = [];
  // Sign-ups one by one: argon2 is deliberately slow and the seat race is what is under test.
  for (let i = 0; i < count; i += 1) list.push(await app.player({ fundZmw }));
  return list;
}

async function open(host: TestUser, settings: Record<string, unknown>): Promise<string> {
  const created = await host.client.post('/api/rooms', { time: 10, ...settings });
  expect(created.status).toBe(201);
  return (created.json.room as Room).roomId;
}

const roomOf = async (roomId: string) =>
  (await app.client().get(`/api/rooms/${roomId}`)).json.room as Room;

describe('quick match', () => {
  it('seats a player in the fullest public room at the stake, else opens a new one', async () => {
    const [a, b, c, d, left, e] = await players(6, 30);
    // At ZMW 30: a private room with one free seat (never chosen), a 1-of-6 room, a 2-of-4 room.
    await open(a!, { amount: 30, maxPlayers: 2, privacy: 'Private' });
    const roomy = await open(b!, { amount: 30, maxPlayers: 6, privacy: 'Public' });
    const fuller = await open(c!, { amount: 30, maxPlayers: 4, privacy: 'Public' });
    expect((await d!.client.post(`/api/rooms/${fuller}/join`)).status).toBe(200);
    expect((await left!.client.post(`/api/rooms/${fuller}/join`)).status).toBe(200);
    expect((await left!.client.post(`/api/rooms/${fuller}/leave`)).status).toBe(200);

    // Who left the fuller room is not seated in it again: the roomy one takes them.
    const first = await left!.client.post('/api/rooms/quick', { amount: 30 });
    expect(first).toMatchObject({ status: 200, json: { room: { roomId: roomy } } });
    const second = await e!.client.post('/api/rooms/quick', { amount: 30 });
    expect(second).toMatchObject({ status: 200, json: { room: { roomId: fuller } } });
    expect((await roomOf(fuller)).joinedOrder).toEqual([c!.id, d!.id, e!.id]);
    expect(await app.wallet(e!.id)).toBe(0);

    const [f] = await players(1, 30);
    // Another stake has no room waiting: a new public room of quick match's shape.
    const other = await f!.client.post('/api/rooms/quick', { amount: 20 });
    expect(other.status).toBe(200);
    expect(other.json.room).toMatchObject({
      amount: 20,
      hostId: f!.id,
      time: QUICK_MATCH.timeMinutes,
      maxPlayers: QUICK_MATCH.maxPlayers,
      privacy: QUICK_MATCH.privacy,
      status: 'waiting',
    });
    expect(await app.wallet(f!.id)).toBe(1000);
  });

  it('refuses like join and create, and changes nothing', async () => {
    const [poor] = await players(1, 5);
    const guest = await app.guest();
    const before = await app.ledger();
    expect(await poor!.client.post('/api/rooms/quick', { amount: 10 })).toMatchObject({
      status: 402,
      json: { code: 'insufficient_funds', error: refusalWords('insufficient_funds', 'join') },
    });
    expect(await poor!.client.post('/api/rooms/quick', { amount: 15 })).toMatchObject({
      status: 400,
      json: { code: 'invalid_settings', error: refusalWords('invalid_settings', 'stake') },
    });
    expect(await poor!.client.post('/api/rooms/quick', {})).toMatchObject({
      status: 400,
      json: { code: 'missing_settings', error: refusalWords('missing_settings', 'stake') },
    });
    expect((await guest.client.post('/api/rooms/quick', { amount: 10 })).status).toBe(403);
    expect((await app.client().post('/api/rooms/quick', { amount: 10 })).status).toBe(401);
    expect(await app.ledger()).toEqual(before);
    expect((await poor!.client.get('/api/me')).json.user).toMatchObject({ currentRoomId: null });
  });

  it('40 players at one stake at once: full rooms, one room each, every stake taken once', async () => {
    const racers = await players(40, 40);
    const before = await app.ledger();
    const answers = await Promise.all(
      racers.map((p) => p.client.post('/api/rooms/quick', { amount: 40 })),
    );
    expect(answers.map((a) => a.status)).toEqual(racers.map(() => 200));

    const roomIds = [...new Set(answers.map((a) => (a.json.room as Room).roomId))];
    expect(roomIds).toHaveLength(40 / QUICK_MATCH.maxPlayers);
    const seatedIn = new Map<string, string>();
    for (const roomId of roomIds) {
      const room = await roomOf(roomId);
      expect(room).toMatchObject({ amount: 40, status: 'active', privacy: 'Public' });
      expect(room.joinedOrder).toHaveLength(QUICK_MATCH.maxPlayers);
      for (const uid of room.joinedOrder) {
        expect(seatedIn.has(uid)).toBe(false);
        seatedIn.set(uid, roomId);
      }
    }
    for (const p of racers) {
      expect(seatedIn.has(p.id)).toBe(true);
      expect(await app.wallet(p.id)).toBe(0);
      expect((await p.client.get('/api/me')).json.user).toMatchObject({
        currentRoomId: seatedIn.get(p.id),
      });
    }
    const after = await app.ledger();
    expect(after.sum).toBe(0);
    expect(after.byKind.escrow).toBe((before.byKind.escrow ?? 0) + 40 * 4000);
    expect(after.report.mismatchedAccounts).toEqual([]);
    expect(after.report.negativeAccounts).toEqual([]);
  });
});
