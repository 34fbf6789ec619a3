import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_REFUSAL_WORDS as words } from '#site/server/api/refusal-words.ts';
import { startRoomsApp, type RoomsApp, type TestUser } from '#tests/support/rooms-app.ts';

let app: RoomsApp;

beforeAll(async () => {
  app = await startRoomsApp();
});

afterAll(async () => {
  await app.close();
});

async function players(count: number, fundZmw: number): Promise<TestUser[]> {
  const list: TestUser[] = [];
  // Sign-ups one by one: argon2 is deliberately slow and the seat race is what is under test.
  for (let i = 0; i < count; i += 1) list.push(await app.player({ fundZmw }));
  return list;
}

describe('seat races through HTTP', () => {
  it('40 players race for the one free seat of a 2-player room: exactly one wins', async () => {
    const host = await app.player({ fundZmw: 50 });
    const racers = await players(40, 50);
    const before = await app.ledger();
    const room = (
      await host.client.post('/api/rooms', {
        amount: 50,
        time: 10,
        maxPlayers: 2,
        privacy: 'Public',
      })
    ).json.room as { roomId: string };

    const answers = await Promise.all(
      racers.map((p) =>
        p.client.post(`/api/rooms/${room.roomId}/join`, { clientSeed: p.id.slice(0, 8) }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 200)) {
      expect(lost).toMatchObject({
        status: 409,
        json: { error: words.room_full, code: 'room_full' },
      });
    }
    const winner = racers[statuses.indexOf(200)]!;
    const final = (await app.client().get(`/api/rooms/${room.roomId}`)).json.room;
    expect(final).toMatchObject({ joinedOrder: [host.id, winner.id], status: 'active' });

    for (const p of racers) {
      expect(await app.wallet(p.id)).toBe(p === winner ? 0 : 5000);
    }
    const after = await app.ledger();
    // Money is conserved: wallets + escrow unchanged in sum (the host's stake was already counted).
    expect((after.byKind.wallet ?? 0) + (after.byKind.escrow ?? 0)).toBe(
      (before.byKind.wallet ?? 0) + (before.byKind.escrow ?? 0),
    );
    expect(after.byKind.escrow).toBe((before.byKind.escrow ?? 0) + 10_000);
    expect(after.sum).toBe(0);
    expect(after.report.mismatchedAccounts).toEqual([]);
    expect(after.report.negativeAccounts).toEqual([]);
  });

  it('one player tries six rooms at once: one seat, one stake', async () => {
    const hosts = await players(6, 10);
    const roomIds: string[] = [];
    for (const host of hosts) {
      const created = await host.client.post('/api/rooms', {
        amount: 10,
        time: 10,
        maxPlayers: 6,
        privacy: 'Public',
      });
      roomIds.push((created.json.room as { roomId: string }).roomId);
    }
    const greedy = await app.player({ fundZmw: 100 });
    const answers = await Promise.all(
      roomIds.map((roomId) => greedy.client.post(`/api/rooms/${roomId}/join`)),
    );
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    const seatedIn = (won[0]!.json.room as { roomId: string }).roomId;
    for (const lost of answers.filter((a) => a.status !== 200)) {
      expect(lost).toMatchObject({
        status: 409,
        json: {
          error: words.already_in_another_room,
          code: 'already_in_another_room',
          roomId: seatedIn,
        },
      });
    }
    expect(await app.wallet(greedy.id)).toBe(9000);
    expect((await greedy.client.get('/api/me')).json.user).toMatchObject({
      currentRoomId: seatedIn,
    });
  });

  it('joins and leaves interleaved at random keep every seat and every ngwee in place', async () => {
    const host = await app.player({ fundZmw: 20 });
    const crowd = await players(12, 20);
    const room = (
      await host.client.post('/api/rooms', {
        amount: 20,
        time: 10,
        maxPlayers: 6,
        privacy: 'Public',
      })
    ).json.room as { roomId: string };
    const before = await app.ledger();
    const calls = crowd.flatMap((p, i) => [
      p.client.post(`/api/rooms/${room.roomId}/join`),
      ...(i % 2 === 0 ? [p.client.post(`/api/rooms/${room.roomId}/leave`)] : []),
    ]);
    const answers = await Promise.all(calls);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);

    const final = (await app.client().get(`/api/rooms/${room.roomId}`)).json.room as {
      joinedOrder: string[];
      status: string;
    };
    expect(final.joinedOrder[0]).toBe(host.id);
    expect(final.joinedOrder.length).toBeLessThanOrEqual(6);
    expect(new Set(final.joinedOrder).size).toBe(final.joinedOrder.length);
    let seated = 0;
    for (const p of crowd) {
      const wallet = await app.wallet(p.id);
      if (final.joinedOrder.includes(p.id)) {
        seated += 1;
        expect(wallet).toBe(0);
      } else {
        expect(wallet).toBe(2000);
      }
    }
    expect(seated).toBe(final.joinedOrder.length - 1);
    expect(final.status).toBe(final.joinedOrder.length === 6 ? 'active' : 'waiting');
    const after = await app.ledger();
    expect(after.sum).toBe(0);
    expect((after.byKind.wallet ?? 0) + (after.byKind.escrow ?? 0)).toBe(
      (before.byKind.wallet ?? 0) + (before.byKind.escrow ?? 0),
    );
  });
});
