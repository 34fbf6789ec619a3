// Signing out ends what the session got: the sockets it opened close at once (4401 `Signed out`)
// and a ticket it got before, still within its minute, no longer connects. A ticket is never issued
// to a session that is gone. With the real site router and the real `partykit dev`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE } from '#party/room/limits.ts';
import { openRoom, type RoomsApp, type TestUser } from '#tests/support/rooms-app.ts';
import { connect, mustConnect } from '#tests/support/ws-client.ts';
import { startRoomsWithParty, type RoomsWithParty } from './with-party';

let rooms: RoomsWithParty;
let app: RoomsApp;

beforeAll(async () => {
  rooms = await startRoomsWithParty({ secret: 'rooms-sign-out-internal-secret' });
  app = rooms.app;
}, 60_000);

afterAll(async () => {
  await rooms?.close();
});

async function ticketUrl(user: TestUser, roomId: string): Promise<string> {
  const answer = await user.client.post(`/api/rooms/${roomId}/ticket`);
  expect(answer.status).toBe(200);
  return answer.json.url as string;
}

describe('signing out', () => {
  it("closes the session's sockets and refuses its unused tickets", async () => {
    const host = await app.player({ fundZmw: 20 });
    const roomId = await openRoom(host);
    const watcher = await app.guest();

    const hostSocket = await mustConnect(await ticketUrl(host, roomId));
    await hostSocket.waitFor((m) => m.type === 'state');
    const spare = await ticketUrl(host, roomId);
    const watcherSocket = await mustConnect(await ticketUrl(watcher, roomId));
    await watcherSocket.waitFor((m) => m.type === 'state');

    const signedOutAt = Date.now();
    expect((await host.client.post('/api/auth/logout')).status).toBe(204);
    expect(await hostSocket.closed).toEqual(CLOSE.signedOut);
    expect(Date.now() - signedOutAt).toBeLessThan(2_000);

    // The ticket got before signing out is still within its minute, yet no longer opens a socket.
    const late = await connect(spare);
    expect(late.ok).toBe(true);
    if (late.ok) {
      expect(await late.client.closed).toEqual(CLOSE.signedOut);
      expect(late.client.messages.filter((m) => m.type === 'state')).toEqual([]);
    }
    // Another session's socket in the same room stays open.
    expect(watcherSocket.isOpen()).toBe(true);
    // And no new ticket without a session.
    expect((await host.client.post(`/api/rooms/${roomId}/ticket`)).status).toBe(401);
    await watcherSocket.close();
  });

  it("a password change ends the sockets of the account's other sessions, not its own", async () => {
    const host = await app.player({ fundZmw: 20 });
    const roomId = await openRoom(host);
    // The same person signed in a second time (another phone): that session changes the password.
    const other = app.client('10.9.9.9');
    const login = await other.post('/api/auth/login', {
      email: host.email,
      password: 'correct-horse-battery',
    });
    expect(login.status).toBe(200);
    const self = { ...host, client: other };

    const oldSocket = await mustConnect(await ticketUrl(host, roomId));
    await oldSocket.waitFor((m) => m.type === 'state');
    const ownSocket = await mustConnect(await ticketUrl(self, roomId));
    await ownSocket.waitFor((m) => m.type === 'state');

    const changed = await other.post('/api/me/password', {
      currentPassword: 'correct-horse-battery',
      newPassword: 'another-long-passphrase',
    });
    expect(changed.status).toBe(200);
    expect(await oldSocket.closed).toEqual(CLOSE.signedOut);
    expect(ownSocket.isOpen()).toBe(true);
    expect((await host.client.post(`/api/rooms/${roomId}/ticket`)).status).toBe(401);
    await ownSocket.close();
  });

  it('issues no ticket to a session that is gone, even one that passed the guard', async () => {
    const host = await app.player({ fundZmw: 20 });
    const roomId = await openRoom(host);
    const actor = { id: host.id, firstName: host.firstName, lastName: host.lastName };
    const refused = await app.rooms.ticket({ ...actor, isGuest: false }, roomId, 'no-such-session');
    expect(refused).toMatchObject({ ok: false, status: 401, code: 'not_signed_in' });
  });
});
