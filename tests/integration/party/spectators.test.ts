// Spectators are connection state, not game state: however many watch, the machine's persisted
// snapshot holds only the seats, and a spectator coming or going writes nothing. Connections are
// capped per room and per user, with a clear close reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE, ROOM_LIMITS } from '#party/room/limits.ts';
import {
  connect,
  mustConnect,
  stateOf,
  type ServerMessage,
  type TestClient,
} from '#tests/support/ws-client.ts';
import {
  eventually,
  makeRoom,
  sleep,
  startEnvironment,
  type Environment,
} from './support/environment';
import { readStoredRoom } from './support/storage';

let env: Environment;

beforeAll(async () => {
  // Turns of 20 minutes: nothing moves by itself while a test looks.
  env = await startEnvironment({ timeScale: 60 });
});

afterAll(async () => {
  await env?.close();
});

const isState = (m: ServerMessage) => m.type === 'state';

async function storedSnapshot(roomId: string): Promise<string> {
  const stored = await readStoredRoom(env.party.persistDir, roomId);
  if (!stored) throw new Error(`room ${roomId} has no storage`);
  return JSON.stringify(stored.get('snapshot'));
}

/** Opens `count` sockets, a few at a time (two cores are shared by everything). */
async function connectMany(urls: string[]): Promise<TestClient[]> {
  const clients: TestClient[] = [];
  for (let start = 0; start < urls.length; start += 10) {
    const batch = await Promise.all(urls.slice(start, start + 10).map((url) => mustConnect(url)));
    clients.push(...batch);
  }
  return clients;
}

async function closeAll(clients: TestClient[]): Promise<void> {
  for (let start = 0; start < clients.length; start += 20) {
    await Promise.all(clients.slice(start, start + 20).map((client) => client.close()));
  }
}

describe('spectators', () => {
  it('keeps 50 spectators out of the stored snapshot, and their comings and goings write nothing', async () => {
    const room = makeRoom({ players: ['ann', 'ben'], maxPlayers: 3 });
    await env.putRoom(room);
    const ann = await mustConnect(env.ticketUrl(room.roomId, 'ann'));
    await ann.waitFor((m) => isState(m) && stateOf(m).participants.ann?.connected === true);
    await sleep(300);
    const before = await storedSnapshot(room.roomId);
    expect(before).toContain('"ann"');

    const watchers = await connectMany(
      Array.from({ length: 50 }, (_, i) => env.ticketUrl(room.roomId, `watcher-${i}`)),
    );
    // Every newcomer gets the whole state at once…
    for (const watcher of watchers) await watcher.waitFor(isState);
    // …and the count reaches everyone without the snapshot changing.
    await ann.waitFor((m) => isState(m) && stateOf(m).spectators === 50, 10_000);
    const last = watchers[watchers.length - 1]!;
    await last.waitFor((m) => isState(m) && stateOf(m).spectators === 50, 10_000);
    // The first watcher is not sent the whole state again for each of the 49 who came after it.
    const firstWatcherStates = watchers[0]!.messages.filter(isState).length;
    expect(firstWatcherStates).toBeLessThan(10);

    const during = await storedSnapshot(room.roomId);
    for (let i = 0; i < 50; i++) expect(during).not.toContain(`watcher-${i}"`);
    expect(during).toBe(before);

    await closeAll(watchers.slice(0, 25));
    await ann.waitFor((m) => isState(m) && stateOf(m).spectators === 25, 10_000);
    await closeAll(watchers.slice(25));
    await ann.waitFor((m) => isState(m) && stateOf(m).spectators === 0, 10_000);
    expect(await storedSnapshot(room.roomId)).toBe(before);

    // A seated player still shows as connected and away, and that is game state.
    await ann.close();
    const ben = await mustConnect(env.ticketUrl(room.roomId, 'ben'));
    await ben.waitFor((m) => isState(m) && stateOf(m).participants.ann?.connected === false);
    await eventually(async () => (await storedSnapshot(room.roomId)).includes('"ben":true'));
    await ben.close();
  }, 60_000);

  it('shows everyone the rematch the site pushes (call 1), and a newcomer gets it too', async () => {
    const room = makeRoom({ players: ['ann'], maxPlayers: 3 });
    await env.putRoom(room);
    const ann = await mustConnect(env.ticketUrl(room.roomId, 'ann'));
    await ann.waitFor(isState);
    const rematch = { roomId: 'rematch-room-1', hostId: 'ben', hostName: 'Ben' };
    await env.putRoom({ ...room, rematch });
    await ann.waitFor((m) => isState(m) && stateOf(m).rematch?.roomId === rematch.roomId);
    const watcher = await mustConnect(env.ticketUrl(room.roomId, 'watcher-rematch'));
    const first = stateOf(await watcher.waitFor(isState));
    expect(first.rematch).toEqual(rematch);
    await closeAll([ann, watcher]);
  });

  it('marks a watcher who takes a seat as connected', async () => {
    const room = makeRoom({ players: ['ann'], maxPlayers: 3 });
    await env.putRoom(room);
    const cat = await mustConnect(env.ticketUrl(room.roomId, 'cat'));
    expect(stateOf(await cat.waitFor(isState)).spectators).toBe(1);
    await env.putRoom({
      ...room,
      seats: [...room.seats, { uid: 'cat', name: 'Cat', clientSeed: '' }],
    });
    const seated = await cat.waitFor(
      (m) => isState(m) && stateOf(m).participants.cat?.connected === true,
    );
    expect(stateOf(seated).spectators).toBe(0);
    await cat.close();
  });
});

describe('connection caps', () => {
  it(`closes a user's socket beyond ${ROOM_LIMITS.connectionsPerUser} in one room`, async () => {
    const room = makeRoom({ players: ['ann'], maxPlayers: 2 });
    await env.putRoom(room);
    const tabs = await connectMany(
      Array.from({ length: ROOM_LIMITS.connectionsPerUser }, () =>
        env.ticketUrl(room.roomId, 'ann'),
      ),
    );
    for (const tab of tabs) await tab.waitFor(isState);
    const extra = await connect(env.ticketUrl(room.roomId, 'ann'));
    expect(extra.ok).toBe(true);
    if (!extra.ok) return;
    expect(await extra.client.closed).toEqual(CLOSE.userFull);
    expect(extra.client.messages.filter(isState)).toEqual([]);
    // Another user still gets in, and the tabs that were there stay open.
    const other = await mustConnect(env.ticketUrl(room.roomId, 'ben'));
    await other.waitFor(isState);
    expect(tabs.every((tab) => tab.isOpen())).toBe(true);
    // Once one tab closes, a new one fits again.
    await tabs[0]!.close();
    await sleep(200);
    const again = await mustConnect(env.ticketUrl(room.roomId, 'ann'));
    await again.waitFor(isState);
    await closeAll([...tabs, other, again]);
  });

  it(`closes spectator sockets beyond ${ROOM_LIMITS.spectatorsPerRoom} in one room`, async () => {
    const room = makeRoom({ players: ['ann'], maxPlayers: 2 });
    await env.putRoom(room);
    const crowd = await connectMany(
      Array.from({ length: ROOM_LIMITS.spectatorsPerRoom }, (_, i) =>
        env.ticketUrl(room.roomId, `crowd-${i}`),
      ),
    );
    await crowd[crowd.length - 1]!.waitFor(isState);
    const extra = await connect(env.ticketUrl(room.roomId, 'one-too-many'));
    expect(extra.ok).toBe(true);
    if (!extra.ok) return;
    expect(await extra.client.closed).toEqual(CLOSE.roomFull);
    // A seated player still gets in: the crowd cannot lock a player out of the game.
    const ann = await mustConnect(env.ticketUrl(room.roomId, 'ann'));
    await ann.waitFor(isState);
    // Once a watcher leaves, another fits again.
    await crowd[0]!.close();
    await sleep(200);
    const late = await mustConnect(env.ticketUrl(room.roomId, 'late-watcher'));
    await late.waitFor(isState);
    await closeAll([...crowd, ann, late]);
  }, 120_000);
});
