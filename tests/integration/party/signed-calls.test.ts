// The site → party calls (room push, sign-out, lobby list) check the signature headers and the
// timestamp before reading a byte of the body, and read at most a small, fixed amount: an unsigned
// caller cannot make a room server wait for or buffer a body. A room server started without the
// test clock's key has no test clock at all. The site's read of a room as a spectator sees it (call
// 7) is a signed GET.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purposeKey, signRequest } from '#wire/signing.ts';
import { CALL_BODY_LIMITS, wirePaths } from '#wire/site-room.ts';
import { httpPartyClient } from '#site/server/rooms/party-client.ts';
import { postTestClock } from '#tests/support/test-clock.ts';
import { makeRoom, startEnvironment, type Environment } from './support/environment';

let env: Environment;

/**
 * POSTs `body` on a connection of its own, closed after the answer: a server that answers before
 * reading a body may leave its socket unusable, and a pooled `fetch` connection would carry that
 * into the next test (ECONNRESET).
 */
function postOnce(
  url: string,
  headers: Record<string, string>,
  options: { body: string; chunked: boolean },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const sent = options.chunked
      ? headers
      : { ...headers, 'content-length': String(Buffer.byteLength(options.body)) };
    const req = request(url, { method: 'POST', headers: sent, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() });
        req.destroy();
      });
    });
    // The server may close before the whole body is sent: only a missing answer is an error.
    req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    req.setTimeout(10_000, () => {
      req.destroy();
      reject(new Error('no answer'));
    });
    req.end(options.body);
  });
}

beforeAll(async () => {
  env = await startEnvironment({ timeScale: 60 });
});

afterAll(async () => {
  await env?.close();
});

/**
 * POSTs a chunked body that starts but never ends, and resolves with the status of the answer: the
 * server can only answer if it does not wait for the body.
 */
function postEndlessBody(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => {
      req.destroy();
      reject(new Error('no answer while the body was still open'));
    });
    req.write('{"type":"room","room":');
  });
}

function signedHeaders(path: string, body: string): Record<string, string> {
  return { ...signRequest(env.keys.siteToRoom, { method: 'POST', path, body, now: Date.now() }) };
}

const targets = [
  { name: 'room', path: () => `/parties/main/${makeRoom({ players: ['a'] }).roomId}` },
  { name: 'lobby', path: () => '/parties/lobby/main' },
] as const;

describe.each(targets)('signed calls to the $name party', ({ name, path: pathOf }) => {
  const limit = name === 'room' ? CALL_BODY_LIMITS.roomCall : CALL_BODY_LIMITS.lobbyPush;

  it('answers 401 to a call without signature headers without reading its body', async () => {
    const path = pathOf();
    expect(await postEndlessBody(`${env.party.httpUrl}${path}`, {})).toBe(401);
    const stale = signRequest(env.keys.siteToRoom, {
      method: 'POST',
      path,
      body: '',
      now: Date.now() - 5 * 60_000,
    });
    expect(await postEndlessBody(`${env.party.httpUrl}${path}`, { ...stale })).toBe(401);
    const malformed = { 'x-zt-timestamp': String(Date.now()), 'x-zt-signature': 'zz' };
    expect(await postEndlessBody(`${env.party.httpUrl}${path}`, malformed)).toBe(401);
  });

  it('answers 413 to a signed call whose body is over the limit, declared or not', async () => {
    const path = pathOf();
    const body = JSON.stringify({ type: 'rooms', pad: 'x'.repeat(limit) });
    const declared = await postOnce(`${env.party.httpUrl}${path}`, signedHeaders(path, body), {
      body,
      chunked: false,
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.text)).toEqual({
      error: 'Request body too large',
      code: 'body_too_large',
    });
    // Chunked, with no length declared: reading stops at the limit.
    const chunked = await postOnce(`${env.party.httpUrl}${path}`, signedHeaders(path, body), {
      body,
      chunked: true,
    });
    expect(chunked.status).toBe(413);
  });

  it('still accepts a signed call under the limit', async () => {
    const path = pathOf();
    const room = makeRoom({ players: ['a'], maxPlayers: 2 });
    const body =
      name === 'room'
        ? JSON.stringify({ type: 'room', room })
        : JSON.stringify({ type: 'rooms', rooms: [] });
    const target = name === 'room' ? `/parties/main/${room.roomId}` : path;
    const answer = await fetch(`${env.party.httpUrl}${target}`, {
      method: 'POST',
      body,
      headers: { ...signedHeaders(target, body), 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(200);
  });
});

describe('the test clock of a room server started without TEST_CLOCK_KEY', () => {
  it('does not exist: 404 even for a call signed with the key its secret would give', async () => {
    const room = makeRoom({ players: ['a'], maxPlayers: 2 });
    await env.putRoom(room);
    for (const action of ['hold', 'step', 'release']) {
      const answer = await postTestClock(
        env.party.httpUrl,
        purposeKey(env.secret, 'test-clock'),
        room.roomId,
        { action },
      );
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ error: 'Not found', code: 'not_found' });
    }
  });
});

describe('call 8: the room as a spectator sees it', () => {
  const client = () =>
    httpPartyClient({ partyUrl: env.party.httpUrl, internalSecret: env.secret, clock: Date.now });

  it('answers the site, signed, with the view a spectator is sent, names as they are', async () => {
    const room = makeRoom({ players: ['a', 'b'], maxPlayers: 3 });
    const named = {
      ...room,
      seats: room.seats.map((seat, i) =>
        i === 0 ? { ...seat, name: '</script><svg onload=alert(1)> "Mwila"' } : seat,
      ),
    };
    await env.putRoom(named);
    const view = await client().roomView(room.roomId, 5_000);
    expect(view?.roomId).toBe(room.roomId);
    expect(view?.status).toBe('waiting');
    expect(view?.joinedOrder).toEqual(['a', 'b']);
    expect(view?.participants.a?.name).toBe('</script><svg onload=alert(1)> "Mwila"');
    // Nothing a watcher is not sent: the seed stays hidden until the game ends.
    expect(view?.fairness.serverSeed).toBeNull();
    expect(JSON.stringify(view)).not.toContain(room.serverSeed);
  });

  it('answers null for a room the site does not know', async () => {
    expect(await client().roomView(`nobody-${Date.now()}`, 5_000)).toBeNull();
  });

  it('refuses a call that is not signed with the site’s key, or not a GET', async () => {
    const room = makeRoom({ players: ['a'], maxPlayers: 2 });
    await env.putRoom(room);
    const path = wirePaths.roomView(room.roomId);
    const unsigned = await fetch(`${env.party.httpUrl}${path}`);
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toEqual({ error: 'Unauthorized', code: 'unauthorized' });
    const wrongKey = signRequest('not-the-key', { method: 'GET', path, body: '', now: Date.now() });
    expect((await fetch(`${env.party.httpUrl}${path}`, { headers: wrongKey })).status).toBe(401);
    const posted = await fetch(`${env.party.httpUrl}${path}`, { method: 'POST', body: '{}' });
    expect(posted.status).toBe(405);
  });
});
