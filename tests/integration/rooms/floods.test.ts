// Floods from outside, through the site's own routers on a libSQL file and a real `partykit dev`:
// a lobby socket opens only with the site's ticket and one address holds a few at most; on a room
// socket every message goes through the rate limit first, refusals are answered within bounds (never
// one answer per message), and a socket that keeps sending garbage is closed; one address holds a
// room's watcher places only up to its cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE, LOBBY_LIMITS, ROOM_LIMITS } from '#party/room/limits.ts';
import { REFUSED_MESSAGE_LIMIT } from '#party/room/rate-limit.ts';
import { openRoom, type RoomsApp, type TestUser } from '#tests/support/rooms-app.ts';
import {
  connect,
  mustConnect,
  reopenUntilRefused,
  stateOf,
  type ServerMessage,
  type TestClient,
} from '#tests/support/ws-client.ts';
import { startRoomsWithParty, type RoomsWithParty } from './with-party';

let rooms: RoomsWithParty;
let app: RoomsApp;

beforeAll(async () => {
  rooms = await startRoomsWithParty({ secret: 'rooms-floods-internal-secret' });
  app = rooms.app;
}, 60_000);

afterAll(async () => {
  await rooms?.close();
});

const lobbyPath = '/parties/lobby/main';

/** A guest session speaking from `address` (the site reads it from X-Forwarded-For). */
async function guestAt(address: string): Promise<TestUser> {
  const client = app.client(address);
  const answer = await client.post('/api/auth/guest');
  expect(answer.status).toBe(200);
  return {
    id: (answer.json.user as { id: string }).id,
    email: '',
    firstName: 'Guest',
    lastName: '',
    client,
  };
}

async function lobbyTicketUrl(user: TestUser): Promise<string> {
  const answer = await user.client.post('/api/lobby/ticket');
  expect(answer.status).toBe(200);
  expect(answer.json.url).toMatch(new RegExp(`${lobbyPath}\\?ticket=`));
  return answer.json.url as string;
}

async function roomTicketUrl(user: TestUser, roomId: string): Promise<string> {
  const answer = await user.client.post(`/api/rooms/${roomId}/ticket`);
  expect(answer.status).toBe(200);
  return answer.json.url as string;
}

/** The close code and reason, or a failure once `ms` passed with the socket still open. */
function closedWithin(client: TestClient, ms: number) {
  return Promise.race([
    client.closed,
    new Promise<never>((_, fail) =>
      setTimeout(() => fail(new Error(`socket still open after ${ms} ms`)), ms),
    ),
  ]);
}

const roomsIn = (message: ServerMessage) => (message.rooms ?? []) as { roomId: string }[];

describe('the lobby', () => {
  it('opens a socket only with the site’s ticket, and the list stays live', async () => {
    const bare = await connect(`${rooms.party.wsUrl}${lobbyPath}`);
    expect(bare).toMatchObject({ ok: false, status: 401 });
    const forged = await connect(`${rooms.party.wsUrl}${lobbyPath}?ticket=e30.AAAA`);
    expect(forged).toMatchObject({ ok: false, status: 401 });

    // A room's ticket is not a lobby ticket.
    const host = await app.player({ fundZmw: 40 });
    const first = await openRoom(host);
    const roomTicket = new URL(await roomTicketUrl(host, first)).searchParams.get('ticket')!;
    const borrowed = await connect(
      `${rooms.party.wsUrl}${lobbyPath}?ticket=${encodeURIComponent(roomTicket)}`,
    );
    expect(borrowed).toMatchObject({ ok: false, status: 401 });

    const watcher = await guestAt('10.60.0.1');
    const socket = await mustConnect(await lobbyTicketUrl(watcher));
    await socket.waitFor((m) => m.type === 'rooms' && roomsIn(m).some((r) => r.roomId === first));

    // Live: the host leaves and opens another room; the socket hears both.
    expect((await host.client.post(`/api/rooms/${first}/leave`)).status).toBe(204);
    const second = await openRoom(host);
    await socket.waitFor(
      (m) =>
        m.type === 'rooms' &&
        roomsIn(m).some((r) => r.roomId === second) &&
        !roomsIn(m).some((r) => r.roomId === first),
    );

    // The lobby accepts no messages: a socket that sends one is closed.
    socket.send('{"type":"rooms","rooms":[]}');
    expect(await closedWithin(socket, 5_000)).toEqual(CLOSE.lobbyMessage);
  });

  it('lets one address hold a few sockets, then closes the next with 4429; others still get in', async () => {
    const crowd = await guestAt('10.60.1.1');
    const url = await lobbyTicketUrl(crowd);
    const held: TestClient[] = [];
    for (let i = 0; i < LOBBY_LIMITS.socketsPerAddress; i++) {
      const socket = await mustConnect(url);
      await socket.waitFor((m) => m.type === 'rooms');
      held.push(socket);
    }
    // The same ticket again, and a fresh one for the same address: both over the cap.
    for (const next of [url, await lobbyTicketUrl(crowd)]) {
      const over = await mustConnect(next);
      expect(await closedWithin(over, 5_000)).toEqual(CLOSE.lobbyAddressFull);
      expect(over.messages.filter((m) => m.type === 'rooms')).toEqual([]);
    }

    const neighbour = await mustConnect(await lobbyTicketUrl(await guestAt('10.60.1.2')));
    await neighbour.waitFor((m) => m.type === 'rooms');

    // A place freed is a place taken again.
    await held.pop()!.close();
    const again = await mustConnect(url);
    await again.waitFor((m) => m.type === 'rooms');

    await Promise.all([...held, neighbour, again].map((socket) => socket.close()));
  });
});

describe('a room socket', () => {
  it('rate-limits garbage, answers it within bounds and closes the sender; the game goes on', async () => {
    const host = await app.player({ fundZmw: 20 });
    const roomId = await openRoom(host);
    const joiner = await app.player({ fundZmw: 20 });
    expect((await joiner.client.post(`/api/rooms/${roomId}/join`, {})).status).toBe(200);

    const hostSocket = await mustConnect(await roomTicketUrl(host, roomId));
    const joinerSocket = await mustConnect(await roomTicketUrl(joiner, roomId));
    const active = await hostSocket.waitFor(
      (m) => m.type === 'state' && stateOf(m).status === 'active',
      20_000,
    );
    const current = stateOf(active).turn?.currentPlayer;
    const [roller, other, otherSocket] =
      current === host.id ? [hostSocket, joiner, joinerSocket] : [joinerSocket, host, hostSocket];
    expect([host.id, joiner.id]).toContain(current);

    // A spectator sends 3,000 malformed messages as fast as it can.
    const spectator = await mustConnect(await roomTicketUrl(await guestAt('10.60.2.1'), roomId));
    await spectator.waitFor((m) => m.type === 'state');
    const mark = spectator.messages.length;
    const started = Date.now();
    const garbage = ['{"type":"roll"', '[]', 'null', '{"type":"TICK","now":1}', 'x'.repeat(5000)];
    for (let i = 0; i < 3_000; i++) spectator.send(garbage[i % garbage.length]!);
    expect(await closedWithin(spectator, 10_000)).toEqual(CLOSE.refusedMessages);
    const seconds = (Date.now() - started) / 1000;
    const answers = spectator.messages.slice(mark).filter((m) => m.type === 'error');
    // At most one answer per refusal it was allowed before it was closed: never one per message.
    expect(answers.length).toBeLessThanOrEqual(
      REFUSED_MESSAGE_LIMIT.capacity + 1 + Math.ceil(seconds * REFUSED_MESSAGE_LIMIT.perSecond),
    );

    // Its address comes back only after a while (a new guest changes nothing); others come in.
    const again = await mustConnect(await roomTicketUrl(await guestAt('10.60.2.1'), roomId));
    expect(await closedWithin(again, 5_000)).toEqual(CLOSE.addressTooOften);
    const elsewhere = await mustConnect(await roomTicketUrl(await guestAt('10.60.2.2'), roomId));
    await elsewhere.waitFor((m) => m.type === 'state');
    await elsewhere.close();

    // A seated player flooding well-formed messages is rate-limited and closed the same way.
    const otherMark = otherSocket.messages.length;
    for (let i = 0; i < 3_000; i++) otherSocket.send('{"type":"ping"}');
    expect(await closedWithin(otherSocket, 10_000)).toEqual(CLOSE.refusedMessages);
    const otherAnswers = otherSocket.messages
      .slice(otherMark)
      .filter((m) => m.type === 'pong' || m.type === 'error');
    expect(otherAnswers.length).toBeLessThan(100);

    // The player whose turn it is still plays.
    const rollMark = roller.messages.length;
    roller.send('{"type":"roll"}');
    const rolled = await roller.waitFor((m) => m.type === 'log', 10_000, rollMark);
    expect(rolled.entry).toMatchObject({ type: 'dice_roll', player: current, auto: false });

    // The flooder comes back with a fresh ticket, like anyone who reconnects.
    const back = await mustConnect(await roomTicketUrl(other, roomId));
    await back.waitFor((m) => m.type === 'state');
    await Promise.all([hostSocket, joinerSocket, back].map((socket) => socket.close()));
  });

  it('lets one address hold a room’s watcher places only up to its cap; players still get in', async () => {
    const host = await app.player({ fundZmw: 20 });
    const roomId = await openRoom(host);
    const address = '10.60.3.1';
    const held: TestClient[] = [];
    let watcher = await guestAt(address);
    for (let i = 0; i < ROOM_LIMITS.spectatorsPerAddress; i++) {
      // Each guest session holds up to its own per-user cap.
      if (i > 0 && i % ROOM_LIMITS.connectionsPerUser === 0) watcher = await guestAt(address);
      const socket = await mustConnect(await roomTicketUrl(watcher, roomId));
      await socket.waitFor((m) => m.type === 'state');
      held.push(socket);
    }
    const over = await mustConnect(await roomTicketUrl(await guestAt(address), roomId));
    expect(await closedWithin(over, 5_000)).toEqual(CLOSE.addressFull);

    // Another address watches; the seated host always gets in, even from that address.
    const neighbour = await mustConnect(await roomTicketUrl(await guestAt('10.60.3.2'), roomId));
    await neighbour.waitFor((m) => m.type === 'state');
    const hostThere = app.client(address);
    hostThere.cookie = host.client.cookie;
    const hostSocket = await mustConnect(
      await roomTicketUrl({ ...host, client: hostThere }, roomId),
    );
    await hostSocket.waitFor((m) => m.type === 'state');

    await Promise.all([...held, neighbour, hostSocket].map((socket) => socket.close()));
  });

  it('lets one address reopen watcher sockets only so often', async () => {
    const host = await app.player({ fundZmw: 20 });
    const roomId = await openRoom(host);
    const watcher = await guestAt('10.60.4.1');
    const { capacity, perSecond } = ROOM_LIMITS.spectatorAdmissionsPerAddress;
    const { admitted, seconds, refusal } = await reopenUntilRefused(
      () => roomTicketUrl(watcher, roomId),
      (m) => m.type === 'state',
    );
    expect(refusal).toEqual(CLOSE.addressTooOften);
    expect(admitted).toBeGreaterThanOrEqual(capacity);
    expect(admitted).toBeLessThanOrEqual(capacity + 1 + seconds * perSecond);
    // Another address is let in meanwhile.
    const other = await mustConnect(await roomTicketUrl(await guestAt('10.60.4.2'), roomId));
    await other.waitFor((m) => m.type === 'state');
    await other.close();
  });
});
