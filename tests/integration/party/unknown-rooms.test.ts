// A room id the site does not know creates nothing: neither a socket (with a valid ticket, since
// tickets are the site's) nor a status request writes any storage, not even the id; the socket is
// closed with a clear reason. A room the site knows is saved as before.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE } from '#party/room/limits.ts';
import { connect, mustConnect } from '#tests/support/ws-client.ts';
import { makeRoom, sleep, startEnvironment, type Environment } from './support/environment';
import { readStoredObjects, readStoredRoom } from './support/storage';

let env: Environment;

beforeAll(async () => {
  env = await startEnvironment({ timeScale: 60 });
});

afterAll(async () => {
  await env?.close();
});

describe('unknown rooms', () => {
  it('writes no storage for a room the site does not know, and closes the socket', async () => {
    const roomId = randomUUID();
    const result = await connect(env.ticketUrl(roomId, 'someone'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(await result.client.closed).toEqual(CLOSE.unknownRoom);
    expect(result.client.messages).toEqual([
      {
        type: 'error',
        message: 'Failed to load game data. Please check your connection or room ID.',
        code: 'room_not_loaded',
      },
    ]);
    const status = await fetch(`${env.party.httpUrl}/parties/main/${roomId}`);
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({ roomId, status: 'unknown' });
    await sleep(300);

    expect(env.site.pulls.get(roomId)).toBeGreaterThanOrEqual(1);
    expect(await readStoredObjects(env.party.persistDir)).toEqual([]);
  });

  it('saves a room the site knows once it is pulled', async () => {
    const room = makeRoom({ players: ['ann'], maxPlayers: 2 });
    env.site.rooms.set(room.roomId, room);
    const ann = await mustConnect(env.ticketUrl(room.roomId, 'ann'));
    await ann.waitFor((m) => m.type === 'state');
    await sleep(300);
    const stored = await readStoredRoom(env.party.persistDir, room.roomId);
    expect(stored?.get('roomId')).toBe(room.roomId);
    expect(stored?.has('snapshot')).toBe(true);
    await ann.close();
  });
});
