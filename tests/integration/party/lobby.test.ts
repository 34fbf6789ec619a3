// The lobby party through a real `partykit dev`: sockets only with a lobby ticket, capped per
// address and in all, signed pushes only, latest list on connect, broadcast on change, nothing
// accepted from clients.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE, LOBBY_LIMITS } from '#party/room/limits.ts';
import { addressKey, signLobbyTicket, signRequest, TICKET_TTL_MS } from '#wire/signing.ts';
import { connect, mustConnect, reopenUntilRefused } from '#tests/support/ws-client.ts';
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
  options: { secret?: string; now?: number; body?: string; at?: number } = {},
) {
  const body = options.body ?? JSON.stringify({ type: 'rooms', rooms, at: options.at });
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

  it('opens a socket only with a lobby ticket of its key, within its minute', async () => {
    const lobby = `${env.party.wsUrl}${LOBBY_PATH}`;
    const now = Date.now();
    const signedWith = (key: string) =>
      `${lobby}?ticket=${signLobbyTicket(key, addressKey(key, '10.0.0.9'), now)}`;
    const refused = [
      lobby,
      `${lobby}?ticket=`,
      `${lobby}?ticket=not.a-ticket`,
      env.lobbyUrl('10.0.0.9', now - TICKET_TTL_MS - 1),
      // A room's ticket, and lobby tickets signed with any other key.
      env.ticketUrl('some-room', 'u1').replace(/^.*\?/, `${lobby}?`),
      signedWith(env.keys.siteToRoom),
      signedWith(env.secret),
    ];
    for (const url of refused)
      expect(await connect(url), url).toMatchObject({ ok: false, status: 401 });
    // …and a lobby ticket opens no room.
    const ticket = new URL(env.lobbyUrl()).searchParams.get('ticket')!;
    expect(
      await connect(`${env.party.wsUrl}/parties/main/some-room?ticket=${ticket}`),
    ).toMatchObject({
      ok: false,
      status: 401,
    });

    const watcher = await mustConnect(env.lobbyUrl('10.0.0.9'));
    await watcher.waitFor((m) => m.type === 'rooms');
    await watcher.close();
  });

  it('lets one address reopen sockets only so often; another address still gets in', async () => {
    const { capacity, perSecond } = LOBBY_LIMITS.admissionsPerAddress;
    const url = env.lobbyUrl('10.0.0.30');
    const { admitted, seconds, refusal } = await reopenUntilRefused(
      () => url,
      (m) => m.type === 'rooms',
    );
    expect(refusal).toEqual(CLOSE.lobbyAddressTooOften);
    expect(admitted).toBeGreaterThanOrEqual(capacity);
    expect(admitted).toBeLessThanOrEqual(capacity + 1 + seconds * perSecond);
    const other = await mustConnect(env.lobbyUrl('10.0.0.31'));
    await other.waitFor((m) => m.type === 'rooms');
    await other.close();
  });

  it('broadcasts a signed push and gives the latest list to a new connection', async () => {
    const watcher = await mustConnect(env.lobbyUrl());
    await watcher.waitFor((m) => m.type === 'rooms');

    const response = await pushRooms([room('a'), room('b')]);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const pushed = await watcher.waitFor(
      (m) => m.type === 'rooms' && (m.rooms as unknown[]).length === 2,
    );
    expect((pushed.rooms as { roomId: string }[]).map((r) => r.roomId)).toEqual(['a', 'b']);

    const late = await mustConnect(env.lobbyUrl('10.0.0.2'));
    const first = await late.waitFor(() => true);
    expect(first).toEqual(pushed);

    // A client sends nothing: one that does is closed, never answered message by message.
    for (let i = 0; i < 100; i++) late.send(JSON.stringify({ type: 'rooms', rooms: [] }));
    expect(await late.closed).toEqual(CLOSE.lobbyMessage);
    expect(late.messages.filter((m) => m.type !== 'rooms')).toEqual([]);
    // …and its address comes back only after a while.
    const back = await mustConnect(env.lobbyUrl('10.0.0.2'));
    expect(await back.closed).toEqual(CLOSE.lobbyAddressTooOften);
    const list = await (await fetch(`${env.party.httpUrl}${LOBBY_PATH}`)).json();
    expect((list as { rooms: unknown[] }).rooms).toHaveLength(2);
    expect(watcher.isOpen()).toBe(true);

    await watcher.close();
  });

  it('keeps the newer list when an older one arrives late, and says when each was read', async () => {
    const watcher = await mustConnect(env.lobbyUrl('10.0.0.7'));
    await watcher.waitFor((m) => m.type === 'rooms');
    const readAt = Date.now();
    expect((await pushRooms([room('new')], { at: readAt })).status).toBe(200);
    await watcher.waitFor((m) => m.type === 'rooms' && m.at === readAt);
    // A push read earlier, held up (a retry, another site process), is not a newer picture.
    const late = await pushRooms([room('old')], { at: readAt - 1_000 });
    expect(late.status).toBe(200);
    expect(await late.json()).toEqual({ ok: true, kept: 'newer' });
    const list = (await (await fetch(`${env.party.httpUrl}${LOBBY_PATH}`)).json()) as {
      rooms: { roomId: string }[];
      at: number;
    };
    expect(list).toMatchObject({ rooms: [{ roomId: 'new' }], at: readAt });
    expect(watcher.messages.some((m) => JSON.stringify(m).includes('"old"'))).toBe(false);
    await watcher.close();
  });

  it('keeps the list across a restart of the room server', async () => {
    await pushRooms([room('kept')]);
    await env.restartParty();
    const client = await mustConnect(env.lobbyUrl());
    const first = await client.waitFor(() => true);
    expect(first).toMatchObject({ type: 'rooms', rooms: [{ roomId: 'kept' }] });
    await client.close();
  });
});
