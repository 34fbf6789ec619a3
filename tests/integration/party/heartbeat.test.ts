// The heartbeat (docs/decisions/036): a `ping` is answered `pong`; a socket that pinged and then
// fell silent is closed (4408) by the room's own alarm, even when no other socket speaks, and its
// seat shows as away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE } from '#party/room/limits.ts';
import { SILENCE_MS } from '#party/room/message-gate.ts';
import { mustConnect, stateOf, type ServerMessage } from '#tests/support/ws-client.ts';
import { makeRoom, sleep, startEnvironment, type Environment } from './support/environment';

let env: Environment;

beforeAll(async () => {
  // Turns of 20 minutes: nothing moves by itself while the test waits.
  env = await startEnvironment({ timeScale: 60 });
});

afterAll(async () => {
  await env?.close();
});

const isState = (m: ServerMessage) => m.type === 'state';
const PING = JSON.stringify({ type: 'ping' });

describe('heartbeat', () => {
  it('answers ping, and drops a silent socket by itself, marking its seat away', async () => {
    const room = makeRoom({ players: ['ann', 'ben'], maxPlayers: 3 });
    await env.putRoom(room);
    const ann = await mustConnect(env.ticketUrl(room.roomId, 'ann'));
    const ben = await mustConnect(env.ticketUrl(room.roomId, 'ben'));
    await ann.waitFor((m) => isState(m) && stateOf(m).participants.ben?.connected === true);

    ben.send(PING);
    await ben.waitFor((m) => m.type === 'pong');

    // Ben goes silent (his socket stays open), and nobody else says anything either (Ann's client
    // never pings): the room notices by itself.
    await sleep(SILENCE_MS);
    expect(await ben.closed).toEqual({ code: CLOSE.silent.code, reason: CLOSE.silent.reason });
    await ann.waitFor((m) => isState(m) && stateOf(m).participants.ben?.connected === false);
    expect(ann.messages.some((m) => m.type === 'error')).toBe(false);
    await ann.close();
  }, 60_000);
});
