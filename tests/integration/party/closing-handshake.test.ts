// A socket the client closes is closed by the server too (RFC 6455 §5.5.1: the endpoint that
// receives a Close frame answers with one). Without that answer workerd keeps every such socket
// open in CLOSE-WAIT for as long as it runs, until the process runs out of file descriptors and
// every room on it dies (found by the soak run, docs/soak.md). ws reports 1006 (abnormal closure)
// when the server never answers its Close frame (after its 30 s closing timeout), and the code of
// the server's answer when it does: 1005 for a Close frame without a code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mustConnect, type TestClient } from '#tests/support/ws-client.ts';
import { makeRoom, startEnvironment, type Environment } from './support/environment';

let env: Environment;

beforeAll(async () => {
  env = await startEnvironment({ timeScale: 60 });
});

afterAll(async () => {
  await env?.close();
});

/** Sends a Close frame and resolves with the code the socket reports once it is closed. */
async function closeFromClient(client: TestClient): Promise<number> {
  client.socket.close(1000, 'bye');
  return (await client.closed).code;
}

const ANSWERED = [1000, 1005];
const ABOVE_WS_CLOSING_TIMEOUT = 45_000;

describe('a socket the client closes', () => {
  it(
    'is answered with a Close frame by a room, for a player and a spectator',
    async () => {
      const room = makeRoom({ players: ['ann', 'ben'], maxPlayers: 3 });
      await env.putRoom(room);
      const ann = await mustConnect(env.ticketUrl(room.roomId, 'ann'));
      const watcher = await mustConnect(env.ticketUrl(room.roomId, 'watcher'));
      await ann.waitFor((m) => m.type === 'state');
      await watcher.waitFor((m) => m.type === 'state');
      expect(ANSWERED).toContain(await closeFromClient(ann));
      expect(ANSWERED).toContain(await closeFromClient(watcher));
    },
    ABOVE_WS_CLOSING_TIMEOUT,
  );

  it(
    'is answered with a Close frame by the lobby',
    async () => {
      const watcher = await mustConnect(env.lobbyUrl());
      await watcher.waitFor((m) => m.type === 'rooms');
      expect(ANSWERED).toContain(await closeFromClient(watcher));
    },
    ABOVE_WS_CLOSING_TIMEOUT,
  );
});
