// The lobby party through a real `partykit dev`: signed pushes only, latest list on connect,
// broadcast on change, nothing accepted from clients.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest } from '../../../wire/signing';
import { mustConnect } from '../../support/ws-client';
import { startEnvironment, type Environment } from './support/environment';

const LOBBY_PATH = '/parties/lobby/main';

let env: Environment;

beforeAll(async () => {
  env = await startEnvironment({ timeScale: 1 });
});

afterAll(async () => {
  await env?.close();
});

function pushRooms(
  rooms: unknown[],
  options: { secret?: string; now?: number; body?: string } = {},
) {
  const body = options.body ?? JSON.stringify({ type: 'rooms', rooms });
  const headers = signRequest(options.secret ?? env.keys.siteToRoom, {
    method: 'POST',
    path: LOBBY_PATH,
    body,
    now: options.now ?? Date.now(),
  });
  return fetch(`${env.party.httpUrl}${LOBBY_PATH}`, {
    method: 'POST',
    body,
    headers: { ...headers },
  });
}

const room = (roomId: string) => ({
  roomId,
  roomName: "Mwila's Room",
  hostId: 'u1',
  amount: 10,
  time: 10,
  maxPlayers: 2,
  privacy: 'Public',
  isActive: true,
  status: 'waiting',
  participants: {},
  joinedOrder: ['u1'],
  createdAt: new Date().toISOString(),
  serverSeedHash: 'ab',
  practice: false,
});

describe('lobby party', () => {
  it('refuses unsigned, forged and stale pushes and keeps the list', async () => {
    const before = await (await fetch(`${env.party.httpUrl}${LOBBY_PATH}`)).json();
    const unsigned = await fetch(`${env.party.httpUrl}${LOBBY_PATH}`, {
      method: 'POST',
      body: JSON.stringify({ type: 'rooms', rooms: [room('x')] }),
    });
    expect(unsigned.status).toBe(401);
    expect((await pushRooms([room('x')], { secret: 'not-the-secret' })).status).toBe(401);
    for (const key of [env.keys.roomToSite, env.keys.tickets, env.secret]) {
      expect((await pushRooms([room('x')], { secret: key })).status).toBe(401);
    }
    expect((await pushRooms([room('x')], { now: Date.now() - 120_000 })).status).toBe(401);
    expect((await pushRooms([], { body: '{"type":"rooms","rooms":"nope"}' })).status).toBe(400);
    const after = await (await fetch(`${env.party.httpUrl}${LOBBY_PATH}`)).json();
    expect(after).toEqual(before);
  });

  it('broadcasts a signed push and gives the latest list to a new connection', async () => {
    const watcher = await mustConnect(`${env.party.wsUrl}${LOBBY_PATH}`);
    await watcher.waitFor((m) => m.type === 'rooms');

    const response = await pushRooms([room('a'), room('b')]);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const pushed = await watcher.waitFor(
      (m) => m.type === 'rooms' && (m.rooms as unknown[]).length === 2,
    );
    expect((pushed.rooms as { roomId: string }[]).map((r) => r.roomId)).toEqual(['a', 'b']);

    const late = await mustConnect(`${env.party.wsUrl}${LOBBY_PATH}`);
    const first = await late.waitFor(() => true);
    expect(first).toEqual(pushed);

    late.send(JSON.stringify({ type: 'rooms', rooms: [] }));
    const refusal = await late.waitFor((m) => m.type === 'error');
    expect(refusal.message).toBeTypeOf('string');
    const list = await (await fetch(`${env.party.httpUrl}${LOBBY_PATH}`)).json();
    expect((list as { rooms: unknown[] }).rooms).toHaveLength(2);

    await watcher.close();
    await late.close();
  });

  it('keeps the list across a restart of the room server', async () => {
    await pushRooms([room('kept')]);
    await env.restartParty();
    const client = await mustConnect(`${env.party.wsUrl}${LOBBY_PATH}`);
    const first = await client.waitFor(() => true);
    expect(first).toMatchObject({ type: 'rooms', rooms: [{ roomId: 'kept' }] });
    await client.close();
  });
});
