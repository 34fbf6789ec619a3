import { describe, expect, it } from 'vitest';
import { purposeKey, verifyRequest } from '#wire/signing.ts';
import { httpPartyClient, PartyCallError } from '#site/server/rooms/party-client.ts';
import { createRoomPublisher } from '#site/server/rooms/publisher.ts';
import type { PublicRoom, RoomForParty } from '#wire/site-room.ts';

function room(roomId: string, seats: number): RoomForParty {
  return {
    roomId,
    stakeNgwee: 1000,
    timeMinutes: 10,
    maxPlayers: 6,
    serverSeed: 'ab'.repeat(32),
    status: 'waiting',
    seats: Array.from({ length: seats }, (_, i) => ({
      uid: `u${i}`,
      name: `P${i}`,
      clientSeed: '',
    })),
  };
}

describe('room publisher', () => {
  it('sends the latest committed picture, retrying failures with backoff', async () => {
    let seats = 1;
    let failures = 2;
    const sent: RoomForParty[] = [];
    const logs: string[] = [];
    const publisher = createRoomPublisher({
      client: {
        async sendRoom(r) {
          if (failures > 0) {
            failures -= 1;
            throw new Error('down');
          }
          sent.push(r);
        },
        async sendLobby() {},
      },
      loadRoom: async (roomId) => room(roomId, seats),
      loadLobby: async () => [],
      retry: { firstDelayMs: 1, maxDelayMs: 5, maxAttempts: 10 },
      log: (m) => logs.push(m),
    });
    publisher.roomChanged('r1');
    seats = 2;
    publisher.roomChanged('r1');
    await publisher.idle();
    expect(sent.at(-1)?.seats).toHaveLength(2);
    expect(sent.length).toBeLessThanOrEqual(2);
    expect(logs).toEqual([]);
  });

  it('spaces lobby pushes: a burst of changes goes out as one fresh read, the last one included', async () => {
    let rooms = 0;
    const pushes: number[] = [];
    const publisher = createRoomPublisher({
      client: {
        async sendRoom() {},
        async sendLobby(list) {
          pushes.push(list.length);
        },
      },
      loadRoom: async () => null,
      loadLobby: async () =>
        Array.from({ length: rooms }, (_, i) => ({ roomId: `r${i}` }) as unknown as PublicRoom),
      lobbyMinIntervalMs: 40,
    });
    for (let i = 0; i < 50; i += 1) {
      rooms += 1;
      publisher.lobbyChanged();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await publisher.idle();
    expect(pushes.length).toBeLessThan(10);
    expect(pushes.at(-1)).toBe(50);
  });

  it('sends with each list the time its read began', async () => {
    let clock = 1_000;
    const sent: { at: number; readAt: number }[] = [];
    let readAt = 0;
    const publisher = createRoomPublisher({
      client: {
        async sendRoom() {},
        async sendLobby(_list, at) {
          sent.push({ at, readAt });
        },
      },
      loadRoom: async () => null,
      loadLobby: async () => {
        readAt = clock;
        clock += 500; // a slow read: its picture is as of its start
        return [];
      },
      now: () => clock,
      lobbyMinIntervalMs: 0,
    });
    publisher.lobbyChanged();
    await publisher.idle();
    expect(sent).toEqual([{ at: 1_000, readAt: 1_000 }]);
  });

  it('never sends an older picture after a newer one, whatever the timing', async () => {
    let version = 0;
    const sent: number[] = [];
    const publisher = createRoomPublisher({
      client: {
        async sendRoom(r) {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
          sent.push(r.seats.length);
        },
        async sendLobby() {},
      },
      loadRoom: async (roomId) => room(roomId, version),
      loadLobby: async () => [],
    });
    for (let i = 1; i <= 30; i += 1) {
      version = i;
      publisher.roomChanged('r');
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 2));
    }
    await publisher.idle();
    expect(sent.at(-1)).toBe(30);
    expect([...sent].sort((a, b) => a - b)).toEqual(sent);
  });

  it('gives up after maxAttempts and says so, without throwing', async () => {
    const logs: string[] = [];
    let calls = 0;
    const publisher = createRoomPublisher({
      client: {
        async sendRoom() {},
        async sendLobby() {
          calls += 1;
          throw new Error('lobby down');
        },
      },
      loadRoom: async () => null,
      loadLobby: async (): Promise<PublicRoom[]> => [],
      retry: { firstDelayMs: 1, maxDelayMs: 2, maxAttempts: 3 },
      log: (m) => logs.push(m),
    });
    publisher.lobbyChanged();
    await publisher.idle();
    expect(calls).toBe(3);
    expect(logs).toEqual([expect.stringContaining('giving up pushing lobby after 3 attempts')]);
  });

  it('stops waiting at once when stopped', async () => {
    const publisher = createRoomPublisher({
      client: {
        async sendRoom() {
          throw new Error('down');
        },
        async sendLobby() {},
      },
      loadRoom: async (id) => room(id, 1),
      loadLobby: async () => [],
      retry: { firstDelayMs: 60_000, maxAttempts: 100 },
      log: () => {},
    });
    publisher.roomChanged('r');
    await new Promise((resolve) => setTimeout(resolve, 10));
    const started = Date.now();
    publisher.stop();
    await publisher.idle();
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('HTTP party client', () => {
  it('signs protocol calls 1 and 4 so the party can verify them', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const client = httpPartyClient({
      partyUrl: 'http://party.test:1999/',
      internalSecret: 's3cret',
      clock: () => 1_700_000_000_000,
      fetch: async (url, init) => {
        calls.push({ url: String(url), init: init! });
        return new Response('{"ok":true}', { status: 200 });
      },
    });
    await client.sendRoom(room('abc', 1));
    await client.sendLobby([], 1_699_999_999_000);
    expect(calls.map((c) => c.url)).toEqual([
      'http://party.test:1999/parties/main/abc',
      'http://party.test:1999/parties/lobby/main',
    ]);
    const [first, second] = calls;
    expect(JSON.parse(String(first!.init.body))).toEqual({ type: 'room', room: room('abc', 1) });
    expect(JSON.parse(String(second!.init.body))).toEqual({
      type: 'rooms',
      rooms: [],
      at: 1_699_999_999_000,
    });
    for (const [call, path] of [
      [first!, '/parties/main/abc'],
      [second!, '/parties/lobby/main'],
    ] as const) {
      const verify = (key: string) =>
        verifyRequest(key, {
          method: 'POST',
          path,
          body: String(call.init.body),
          headers: call.init.headers as Record<string, string>,
          now: 1_700_000_000_000,
        });
      // Signed with the site → room key only, never with INTERNAL_SECRET itself.
      expect(verify(purposeKey('s3cret', 'site-to-room'))).toEqual({ ok: true });
      expect(verify('s3cret')).toMatchObject({ ok: false });
      expect(verify(purposeKey('s3cret', 'room-to-site'))).toMatchObject({ ok: false });
    }
  });

  it('throws on a non-2xx answer and on a network error', async () => {
    const failing = httpPartyClient({
      partyUrl: 'http://party.test',
      internalSecret: 's',
      clock: () => 0,
      fetch: async () => new Response('nope', { status: 401 }),
    });
    await expect(failing.sendLobby([], 0)).rejects.toBeInstanceOf(PartyCallError);
    const offline = httpPartyClient({
      partyUrl: 'http://party.test',
      internalSecret: 's',
      clock: () => 0,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(offline.sendRoom(room('x', 1))).rejects.toThrow(/fetch failed/);
  });
});
