// What outlives a deploy, on the real room server: the room protocol a browser speaks (an older one
// is told to reload, with 4426), the restart call (every socket closed with 1012, the clients come
// back), and a snapshot stored by the release before snapshots carried a format (format 1: no
// `format`, no `rules`) resumed as the same game and reported under rules 1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOM_CLOSE, ROOM_PROTOCOL } from '#game/protocol-version.ts';
import { RULES_VERSION } from '#game/rules.ts';
import { signRequest } from '#wire/signing.ts';
import { wirePaths } from '#wire/site-room.ts';
import { startBot } from '#tests/support/bot.ts';
import { seededRandom } from '#tests/support/seeded-random.ts';
import { connect, mustConnect, stateOf } from '#tests/support/ws-client.ts';
import { eventually, makeRoom, startEnvironment, type Environment } from './support/environment';
import { readStoredRoom, rewriteStoredValue } from './support/storage';

// 10 minutes → 12 s, the turn timer → 400 ms.
const TIME_SCALE = 0.02;

let env: Environment;

beforeAll(async () => {
  env = await startEnvironment({ timeScale: TIME_SCALE });
});

afterAll(async () => {
  await env?.close();
});

const withProtocol = (url: string, version: string) => `${url}&${ROOM_PROTOCOL.param}=${version}`;

async function postRestarting(roomId: string): Promise<Response> {
  const path = wirePaths.room(roomId);
  const body = JSON.stringify({ type: 'restarting' });
  const headers = signRequest(env.keys.siteToRoom, { method: 'POST', path, body, now: Date.now() });
  return fetch(`${env.party.httpUrl}${path}`, { method: 'POST', body, headers: { ...headers } });
}

describe('the room protocol version', () => {
  it('tells a browser on an older protocol to reload, one on a newer to come back, and takes its own', async () => {
    const room = makeRoom({ players: ['ann', 'ben'] });
    await env.putRoom(room);
    const url = env.ticketUrl(room.roomId, 'ann');

    const old = await connect(withProtocol(url, String(ROOM_PROTOCOL.oldest - 1)));
    if (!old.ok) throw new Error('the socket was refused before it opened');
    expect(await old.client.closed).toEqual(ROOM_CLOSE.reload);
    expect(old.client.messages).toEqual([]);

    const newer = await connect(withProtocol(env.ticketUrl(room.roomId, 'ann'), '99'));
    if (!newer.ok) throw new Error('the socket was refused before it opened');
    expect(await newer.client.closed).toEqual(ROOM_CLOSE.tooNew);

    for (const speaks of [String(ROOM_PROTOCOL.version), null]) {
      const ticket = env.ticketUrl(room.roomId, 'ann');
      const client = await mustConnect(speaks === null ? ticket : withProtocol(ticket, speaks));
      await client.waitFor((m) => m.type === 'state');
      await client.close();
    }
  });
});

describe('a restart of the room server', () => {
  it('closes every socket with 1012 and turns new ones away the same way', async () => {
    const room = makeRoom({ players: ['ann', 'ben'] });
    await env.putRoom(room);
    const clients = await Promise.all(
      ['ann', 'watcher'].map((uid) => mustConnect(env.ticketUrl(room.roomId, uid))),
    );
    await Promise.all(clients.map((client) => client.waitFor((m) => m.type === 'state')));

    const answer = await postRestarting(room.roomId);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true, closed: 2 });
    for (const client of clients) expect(await client.closed).toEqual(ROOM_CLOSE.restarting);

    const late = await connect(env.ticketUrl(room.roomId, 'ben'));
    if (!late.ok) throw new Error('the socket was refused before it opened');
    expect(await late.client.closed).toEqual(ROOM_CLOSE.restarting);

    // The process that was to stop is started again: sockets are taken as before.
    await env.restartParty();
    const back = await mustConnect(env.ticketUrl(room.roomId, 'ben'));
    await back.waitFor((m) => m.type === 'state');
    await back.close();
  });

  it('refuses an unsigned restart call', async () => {
    const room = makeRoom({ players: ['ann', 'ben'] });
    await env.putRoom(room);
    const answer = await fetch(`${env.party.httpUrl}${wirePaths.room(room.roomId)}`, {
      method: 'POST',
      body: JSON.stringify({ type: 'restarting' }),
    });
    expect(answer.status).toBe(401);
  });
});

describe('a snapshot stored before snapshots carried a format', () => {
  it('is migrated on start: the same game resumes and is reported under rules 1', async () => {
    const room = makeRoom({ players: ['ann', 'ben'], timeMinutes: 10 });
    await env.putRoom({ ...room, status: 'active' });
    const bots = await Promise.all(
      ['ann', 'ben'].map((uid, i) =>
        startBot({
          url: env.ticketUrl(room.roomId, uid),
          uid,
          mode: 'play',
          random: seededRandom(i + 31),
          buyChance: 0.7,
        }),
      ),
    );
    const watcher = await mustConnect(env.ticketUrl(room.roomId, 'watcher'));
    await watcher.waitFor((m) => m.type === 'state' && (stateOf(m).lastRoll?.nonce ?? -1) >= 5);
    await Promise.all(bots.map((bot) => bot.close()));

    let storedBefore: { machine: unknown; logCount: number } | undefined;
    await env.restartParty(async () => {
      // What the previous release wrote: the same record without `format` and `rules`.
      await rewriteStoredValue(env.persistDir, room.roomId, 'snapshot', (value) => {
        const { format: _format, rules: _rules, ...previous } = value as Record<string, unknown>;
        storedBefore = previous as typeof storedBefore;
        return previous;
      });
    });
    expect(storedBefore).toBeDefined();
    expect(Object.keys(storedBefore!).sort()).toEqual(['logCount', 'machine']);

    // The same game, not a new one: the rolls made before go on.
    const resumed = await mustConnect(env.ticketUrl(room.roomId, 'watcher'));
    const state = stateOf(await resumed.waitFor((m) => m.type === 'state'));
    expect(['active', 'ended']).toContain(state.status);
    expect(state.lastRoll?.nonce ?? -1).toBeGreaterThanOrEqual(5);

    // Played to its end on the turn timer and reported once, under the rules it was played under.
    const [report] = await eventually(() => {
      const acknowledged = env.site.acknowledged(room.roomId);
      return acknowledged.length > 0 && acknowledged;
    }, 60_000);
    expect(report!.body.rulesVersion).toBe(1);
    const stored = await readStoredRoom(env.persistDir, room.roomId);
    expect(stored?.get('snapshot')).toMatchObject({ format: 2, rules: RULES_VERSION });
    await resumed.close();
    await watcher.close();
  });
});
