// Small messages on the real room server (docs/protocol.md): a change reaches every socket, players
// and spectators alike, as a merge patch of the next version; a client that missed one asks `sync`
// and ends with the server's exact view; a (re)connecting socket gets a whole state first; presence
// and spectator counts are patches of those keys alone; and `sync` is rate-limited like any message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE } from '#party/room/limits.ts';
import { MESSAGE_RATE_LIMIT, SYNC_LIMIT } from '#party/room/rate-limit.ts';
import { ViewFollower } from '#game/room-sync.ts';
import type { RoomView, ServerMessage as Wire } from '#game/protocol.ts';
import {
  connect,
  mustConnect,
  stateOf,
  type ServerMessage,
  type TestClient,
} from '#tests/support/ws-client.ts';
import { makeRoom, startEnvironment, type Environment } from './support/environment';

let env: Environment;

beforeAll(async () => {
  // A countdown of 2.5 s, and turns of 10 s: long enough that the timer rolls for nobody here.
  env = await startEnvironment({ timeScale: 0.5 });
});

afterAll(async () => {
  await env?.close();
});

const isState = (m: ServerMessage) => m.type === 'state';
const isWholeState = (m: ServerMessage) => m.type === 'state' && m.fromPatch !== true;
const isPatch = (m: ServerMessage) => m.type === 'patch';

/** Rolls for whoever's turn it is until `rolls` rolls have landed; returns the last state seen. */
async function play(players: Record<string, TestClient>, watcher: TestClient, rolls: number) {
  for (let i = 0; i < rolls; i++) {
    await watcher.waitFor(isState);
    const holder = stateOf(watcher.messages.filter(isState).at(-1)!).pendingPurchase;
    if (holder) {
      const mark = watcher.messages.length;
      players[holder]!.send('{"type":"declineTruck"}');
      await watcher.waitFor((m) => isState(m) && stateOf(m).pendingPurchase === null, 5_000, mark);
    }
    const latest = stateOf(watcher.messages.filter(isState).at(-1)!);
    const mark = watcher.messages.length;
    players[latest.turn!.currentPlayer!]!.send('{"type":"roll"}');
    const nonce = latest.lastRoll?.nonce ?? -1;
    await watcher.waitFor(
      (m) => isState(m) && (stateOf(m).lastRoll?.nonce ?? -1) > nonce,
      5_000,
      mark,
    );
  }
}

async function activeRoom() {
  const room = makeRoom({ players: ['a', 'b'], maxPlayers: 2 });
  await env.putRoom(room);
  const a = await mustConnect(env.ticketUrl(room.roomId, 'a'));
  const b = await mustConnect(env.ticketUrl(room.roomId, 'b'));
  await a.waitFor((m) => isState(m) && stateOf(m).status === 'active', 15_000);
  await b.waitFor((m) => isState(m) && stateOf(m).status === 'active', 15_000);
  return { room, a, b };
}

describe('small messages', () => {
  it('sends each change as a patch of the next version, to players and spectators', async () => {
    const { room, a, b } = await activeRoom();
    const watcher = await mustConnect(env.ticketUrl(room.roomId, 'watcher'));
    await watcher.waitFor(isWholeState);
    await play({ a, b }, a, 6);
    const lastVersion = a.messages.filter(isState).at(-1)!.version as number;
    for (const client of [b, watcher]) {
      await client.waitFor((m) => isState(m) && m.version === lastVersion, 5_000);
    }
    for (const client of [a, b, watcher]) {
      const patches = client.messages.filter(isPatch);
      expect(patches.length).toBeGreaterThanOrEqual(6);
      // Versions rise by one, from the whole state each socket started with.
      const versions = client.messages
        .filter((m) => isPatch(m) || isWholeState(m))
        .map((m) => m.version as number);
      for (let i = 1; i < versions.length; i++) {
        if (client.messages.filter((m) => isPatch(m) || isWholeState(m))[i]!.type === 'patch') {
          expect(versions[i]).toBe(versions[i - 1]! + 1);
        }
      }
      // A roll's patch is far smaller than the whole state.
      const whole = JSON.stringify(client.messages.find(isWholeState)).length;
      const rollPatch = patches.find((m) => (m.patch as Record<string, unknown>).lastRoll);
      expect(JSON.stringify(rollPatch).length).toBeLessThan(whole / 3);
    }
    // Everyone ends with the same view.
    const last = (c: TestClient) => stateOf(c.messages.filter(isState).at(-1)!);
    expect(last(watcher)).toEqual(last(a));
    expect(last(b)).toEqual(last(a));
    await Promise.all([a.close(), b.close(), watcher.close()]);
  }, 60_000);

  it('a client that missed a patch asks sync and ends with the exact server view', async () => {
    const { room, a, b } = await activeRoom();
    // A spectator that loses its first patch on purpose, and follows the rest itself.
    const follower = new ViewFollower();
    let dropped = false;
    let syncs = 0;
    const raw: Wire[] = [];
    const opened = await connect(env.ticketUrl(room.roomId, 'lossy'), {
      autoSync: false,
      onMessage: (text) => {
        const message = JSON.parse(text) as Wire;
        raw.push(message);
        if (message.type !== 'state' && message.type !== 'patch') return;
        if (message.type === 'patch' && !dropped) {
          dropped = true;
          return;
        }
        if (follower.receive(message).kind === 'gap') {
          syncs += 1;
          lossy.send('{"type":"sync"}');
        }
      },
    });
    if (!opened.ok) throw new Error('could not connect');
    const lossy = opened.client;
    await lossy.waitFor(isWholeState);
    await play({ a, b }, a, 4);
    const server = stateOf(a.messages.filter(isState).at(-1)!);
    const version = a.messages.filter(isState).at(-1)!.version as number;
    await lossy.waitFor(() => follower.version === version, 5_000);
    expect(dropped).toBe(true);
    expect(syncs).toBe(1);
    // The answer to sync was a whole state, and the patches after it applied on top.
    expect(raw.filter((m) => m.type === 'state').length).toBe(2);
    expect(follower.view as RoomView).toEqual(server);
    await Promise.all([a.close(), b.close(), lossy.close()]);
  }, 60_000);

  it('gives a reconnecting player a whole state first', async () => {
    const { room, a, b } = await activeRoom();
    await play({ a, b }, a, 2);
    await b.close();
    await a.waitFor((m) => isState(m) && stateOf(m).participants.b?.connected === false);
    const again = await mustConnect(env.ticketUrl(room.roomId, 'b'));
    const first = await again.waitFor((m) => isState(m) || isPatch(m));
    expect(isWholeState(first)).toBe(true);
    expect(stateOf(first).participants.b?.connected).toBe(true);
    expect(Object.keys(stateOf(first).boardState)).toHaveLength(20);
    await Promise.all([a.close(), again.close()]);
  }, 60_000);

  it('sends presence and spectator counts without the board', async () => {
    const { room, a, b } = await activeRoom();
    let mark = a.messages.length;
    await b.close();
    const away = await a.waitFor(isPatch, 5_000, mark);
    expect(away.patch).toEqual({ participants: { b: { connected: false } } });
    mark = a.messages.length;
    const watcher = await mustConnect(env.ticketUrl(room.roomId, 'watcher'));
    // The newcomer sees itself counted at once; the others learn it within a second.
    expect(stateOf(await watcher.waitFor(isWholeState)).spectators).toBe(1);
    const counted = await a.waitFor(isPatch, 5_000, mark);
    expect(counted.patch).toEqual({ spectators: 1 });
    await Promise.all([a.close(), watcher.close()]);
  }, 60_000);

  it('answers a burst of sync with a few whole states, then closes the socket', async () => {
    const { room, a, b } = await activeRoom();
    const spammer = await mustConnect(env.ticketUrl(room.roomId, 'spammer'));
    await spammer.waitFor(isWholeState);
    const mark = spammer.messages.length;
    const burst = MESSAGE_RATE_LIMIT.capacity * 3;
    for (let i = 0; i < burst; i++) spammer.send('{"type":"sync"}');
    // Each answer is a whole state (~2 kB for 15 bytes): a few, then refusals, then the close.
    expect(await spammer.closed).toEqual(CLOSE.refusedMessages);
    const answers = spammer.messages.slice(mark);
    const states = answers.filter(isWholeState).length;
    const refused = answers.filter((m) => m.type === 'error' && m.code === 'too_many_messages');
    expect(states).toBeGreaterThan(0);
    expect(states).toBeLessThanOrEqual(SYNC_LIMIT.capacity + 1);
    expect(answers.length).toBe(states + refused.length);
    expect(answers.length).toBeLessThan(burst);
    // The others play on.
    expect(a.isOpen() && b.isOpen()).toBe(true);
    await Promise.all([a.close(), b.close()]);
  }, 60_000);
});
