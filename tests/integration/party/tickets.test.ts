// Who may open a room's socket and what they may do: tickets are checked before any room state
// exists; a seat is the site's word; spectators watch and can change nothing. Also the signed
// site → room push (call 1) and the pull on start (call 2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest, signTicket } from '#wire/signing.ts';
import { pushRoom } from '#tests/support/fake-site.ts';
import { connect, mustConnect, stateOf, type WireState } from '#tests/support/ws-client.ts';
import { eventually, makeRoom, startEnvironment, type Environment } from './support/environment';

let env: Environment;

beforeAll(async () => {
  // Long enough turns (10 s) that nothing moves by itself while a test looks.
  env = await startEnvironment({ timeScale: 0.5 });
});

afterAll(async () => {
  await env?.close();
});

const isState = (m: { type: string }) => m.type === 'state';

describe('tickets', () => {
  it('refuses a connection without a ticket, with a forged, expired or other-room ticket', async () => {
    const room = makeRoom({ players: ['a'], maxPlayers: 2 });
    await env.putRoom(room);
    const base = `${env.party.wsUrl}/parties/main/${room.roomId}`;
    const forged = signTicket(
      'another-secret',
      { roomId: room.roomId, uid: 'a', name: 'A' },
      Date.now(),
    );
    const expired = signTicket(
      env.keys.tickets,
      { roomId: room.roomId, uid: 'a', name: 'A' },
      Date.now() - 61_000,
    );
    const otherRoom = signTicket(
      env.keys.tickets,
      { roomId: 'elsewhere', uid: 'a', name: 'A' },
      Date.now(),
    );
    const valid = signTicket(
      env.keys.tickets,
      { roomId: room.roomId, uid: 'a', name: 'A' },
      Date.now(),
    );
    const tampered = `${valid.slice(0, -2)}${valid.endsWith('AA') ? 'BB' : 'AA'}`;
    // Signed with a key for another use, or with INTERNAL_SECRET itself: not a ticket.
    const otherUses = [env.keys.siteToRoom, env.keys.roomToSite, env.secret].map((key) =>
      signTicket(key, { roomId: room.roomId, uid: 'a', name: 'A' }, Date.now()),
    );

    for (const url of [
      base,
      `${base}?ticket=`,
      `${base}?ticket=garbage`,
      `${base}?ticket=${forged}`,
      `${base}?ticket=${expired}`,
      `${base}?ticket=${otherRoom}`,
      `${base}?ticket=${tampered}`,
      ...otherUses.map((ticket) => `${base}?ticket=${ticket}`),
    ]) {
      const result = await connect(url);
      expect(result.ok, url).toBe(false);
      if (!result.ok) expect(result.status, url).toBe(401);
    }

    // A client cannot name itself through headers: the server sets them from the ticket alone.
    const watcherTicket = signTicket(
      env.keys.tickets,
      { roomId: room.roomId, uid: 'w', name: 'W' },
      Date.now(),
    );
    const spoofed = await connect(`${base}?ticket=${watcherTicket}`, {
      headers: { 'x-zt-uid': 'a', 'x-zt-name': 'A' },
    });
    expect(spoofed.ok).toBe(true);
    if (spoofed.ok) {
      const state = (await spoofed.client.waitFor((m) => m.type === 'state')).state as WireState;
      expect(state.spectators).toBe(1);
      expect(state.participants.a?.connected).toBe(false);
      await spoofed.client.close();
    }
    const owner = await mustConnect(`${base}?ticket=${valid}`);
    const seen = (await owner.waitFor((m) => m.type === 'state')).state as WireState;
    expect(seen.participants.a?.connected).toBe(true);
    await owner.close();
  });

  it('gives a spectator the full state at once and lets it change nothing', async () => {
    const room = makeRoom({ players: ['a', 'b'] });
    await env.putRoom(room);
    const spectator = await mustConnect(env.ticketUrl(room.roomId, 'watcher', 'Watcher'));
    const first = await spectator.waitFor(() => true);
    expect(first.type).toBe('state');
    const initial = stateOf(first);
    expect(initial.joinedOrder).toEqual(['a', 'b']);
    expect(initial.spectators).toBe(1);
    expect(JSON.stringify(initial)).not.toContain(room.serverSeed);

    const active = stateOf(
      await spectator.waitFor((m) => isState(m) && stateOf(m).status === 'active', 15_000),
    );
    for (const type of ['roll', 'buyTruck', 'declineTruck']) {
      const before = spectator.messages.length;
      spectator.send(JSON.stringify({ type }));
      const answer = await spectator.waitFor((m) => m.type === 'error', 5_000, before);
      expect(answer.message).toBe("You're not part of this room.");
      expect(answer.code).toBe('not_a_player');
    }
    const player = await mustConnect(env.ticketUrl(room.roomId, 'a'));
    const seen = stateOf(await player.waitFor(isState));
    expect(seen.lastRoll).toEqual(active.lastRoll);
    expect(seen.turn).toEqual(active.turn);
    await player.close();
    await spectator.close();
  });

  it('answers a roll out of turn with the spec message and applies the one in turn', async () => {
    const room = makeRoom({ players: ['a', 'b'] });
    await env.putRoom(room);
    const a = await mustConnect(env.ticketUrl(room.roomId, 'a'));
    const b = await mustConnect(env.ticketUrl(room.roomId, 'b'));
    const active = stateOf(
      await a.waitFor((m) => isState(m) && stateOf(m).status === 'active', 15_000),
    );
    expect(active.turn?.currentPlayer).toBe('a');
    expect(active.participants.a?.connected).toBe(true);
    expect(active.participants.b?.connected).toBe(true);

    const before = b.messages.length;
    b.send(JSON.stringify({ type: 'roll' }));
    expect(await b.waitFor((m) => m.type === 'error', 5_000, before)).toEqual({
      type: 'error',
      message: "It's not your turn to roll.",
      code: 'not_your_turn',
    });

    const mark = a.messages.length;
    a.send(JSON.stringify({ type: 'roll' }));
    const log = await a.waitFor((m) => m.type === 'log', 5_000, mark);
    expect(log.entry).toMatchObject({ type: 'dice_roll', player: 'a', nonce: 0, auto: false });
    const after = stateOf(
      await a.waitFor((m) => isState(m) && stateOf(m).lastRoll !== null, 5_000, mark),
    );
    expect(after.lastRoll).toMatchObject({ player: 'a', nonce: 0 });

    await b.close();
    const gone = await a.waitFor(
      (m) => isState(m) && stateOf(m).participants.b?.connected === false,
      5_000,
      mark,
    );
    expect(stateOf(gone).participants.a?.connected).toBe(true);
    await a.close();
  });

  it('refuses unsigned or forged pushes from the site and changes nothing', async () => {
    const room = makeRoom({ players: ['a'], maxPlayers: 2 });
    await env.putRoom(room);
    const path = `/parties/main/${room.roomId}`;
    const full = { ...room, seats: [...room.seats, { uid: 'b', name: 'B', clientSeed: 'x' }] };
    const body = JSON.stringify({ type: 'room', room: full });

    const unsigned = await fetch(`${env.party.httpUrl}${path}`, { method: 'POST', body });
    expect(unsigned.status).toBe(401);
    const forged = await fetch(`${env.party.httpUrl}${path}`, {
      method: 'POST',
      body,
      headers: { ...signRequest('wrong', { method: 'POST', path, body, now: Date.now() }) },
    });
    expect(forged.status).toBe(401);
    // Signed with a key for another use (the room → site key, the tickets key) or INTERNAL_SECRET.
    for (const key of [env.keys.roomToSite, env.keys.tickets, env.secret]) {
      const misused = await fetch(`${env.party.httpUrl}${path}`, {
        method: 'POST',
        body,
        headers: { ...signRequest(key, { method: 'POST', path, body, now: Date.now() }) },
      });
      expect(misused.status).toBe(401);
    }
    const otherBody = await fetch(`${env.party.httpUrl}${path}`, {
      method: 'POST',
      body: body.replace('"b"', '"c"'),
      headers: {
        ...signRequest(env.keys.siteToRoom, { method: 'POST', path, body, now: Date.now() }),
      },
    });
    expect(otherBody.status).toBe(401);

    const status = (await (await fetch(`${env.party.httpUrl}${path}`)).json()) as Record<
      string,
      unknown
    >;
    expect(status).toMatchObject({ roomId: room.roomId, status: 'waiting', players: 1 });

    const spectator = await mustConnect(env.ticketUrl(room.roomId, 'b'));
    expect(stateOf(await spectator.waitFor(isState)).joinedOrder).toEqual(['a']);
    // The site seats b: the same connection becomes a player's.
    expect((await pushRoom(env.party.httpUrl, env.secret, full)).status).toBe(200);
    const seated = await spectator.waitFor(
      (m) => isState(m) && stateOf(m).joinedOrder.length === 2,
    );
    expect(stateOf(seated).participants.b?.connected ?? true).toBe(true);
    await spectator.close();
  });

  it('pulls the room from the site when a socket opens before any push', async () => {
    const room = makeRoom({ players: ['a', 'b'], maxPlayers: 3 });
    env.site.rooms.set(room.roomId, room);
    const client = await mustConnect(env.ticketUrl(room.roomId, 'a'));
    const state = stateOf(await client.waitFor(isState));
    expect(state.joinedOrder).toEqual(['a', 'b']);
    expect(state.status).toBe('waiting');
    expect(env.site.pulls.get(room.roomId)).toBe(1);
    await client.close();

    // A room the site does not know: the socket gets the error and nothing else.
    const unknown = await mustConnect(env.ticketUrl('no-such-room', 'a'));
    const answer = await unknown.waitFor(() => true);
    expect(answer).toEqual({
      type: 'error',
      message: 'Failed to load game data. Please check your connection or room ID.',
      code: 'room_not_loaded',
    });
    await eventually(() => env.site.pulls.get('no-such-room') !== undefined);
    await unknown.close();
  });

  it('closes the room when the site says so', async () => {
    const room = makeRoom({ players: ['a'], maxPlayers: 2 });
    await env.putRoom(room);
    const a = await mustConnect(env.ticketUrl(room.roomId, 'a'));
    await a.waitFor(isState);
    await env.putRoom({ ...room, status: 'closed', seats: [] });
    const closed = await a.waitFor((m) => isState(m) && stateOf(m).status === 'closed');
    expect(stateOf(closed).status).toBe('closed');
    const mark = a.messages.length;
    a.send(JSON.stringify({ type: 'roll' }));
    // The closed room has no seats left: it refuses as closed or as not a player, with a code.
    expect(await a.waitFor((m) => m.type === 'error', 5_000, mark)).toMatchObject({
      code: expect.stringMatching(/^(room_closed|not_a_player)$/),
    });
    await a.close();
  });
});
