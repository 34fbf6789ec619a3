// The site's side door for the room servers (protocol calls 2 and 3) checks the signature headers
// and the timestamp before reading the body, reads at most a fixed size, and only then checks the
// signature: an unsigned caller can neither hold a request open with an endless body nor make the
// site buffer a large one.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest } from '#wire/signing.ts';
import { CALL_BODY_LIMITS } from '#wire/site-room.ts';
import { startRoomsApp, type RoomsApp } from '#tests/support/rooms-app.ts';

let app: RoomsApp;

beforeAll(async () => {
  app = await startRoomsApp();
});

afterAll(async () => {
  await app.close();
});

/** Sends a chunked body that starts but never ends; resolves with the answer's status and body. */
function sendEndlessBody(
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${app.url}${path}`, { method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body });
        req.destroy();
      });
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => {
      req.destroy();
      reject(new Error('no answer while the body was still open'));
    });
    req.write('{"roomId":');
  });
}

const calls = [
  { method: 'GET', path: '/api/internal/rooms/abcdefghij234567' },
  { method: 'POST', path: '/api/internal/rooms/abcdefghij234567/settlement' },
] as const;

describe.each(calls)('$method $path', ({ method, path }) => {
  it('answers 401 without reading the body when the signature headers are missing, malformed or stale', async () => {
    const stale = signRequest(app.keys.roomToSite, {
      method,
      path,
      body: '',
      now: app.now() - 5 * 60_000,
    });
    for (const headers of [
      {} as Record<string, string>,
      { 'x-zt-timestamp': String(app.now()), 'x-zt-signature': 'not-hex' },
      { ...stale },
    ]) {
      const answer = await sendEndlessBody(method, path, headers);
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toEqual({ error: 'Unauthorized', code: 'unauthorized' });
    }
  });

  it('answers 413 to a body over the limit, declared or streamed', async () => {
    const limit = method === 'GET' ? CALL_BODY_LIMITS.pull : CALL_BODY_LIMITS.settlement;
    const body = Buffer.alloc(limit + 1, 'x');
    const headers = signRequest(app.keys.roomToSite, {
      method,
      path,
      body: body.toString('utf8'),
      now: app.now(),
    });
    if (method === 'POST') {
      // Declared over the limit: answered from the headers, before a byte of the body is sent (a
      // client still pushing 32 MiB may see the closed connection before it reads the answer).
      const declared = await sendEndlessBody(method, path, {
        ...headers,
        'content-length': String(body.length),
      });
      expect(declared.status).toBe(413);
      expect(JSON.parse(declared.body)).toEqual({
        error: 'Request body too large',
        code: 'body_too_large',
      });
    }
    const streamed = await new Promise<number>((resolve, reject) => {
      const chunked = { ...headers, 'transfer-encoding': 'chunked' };
      const req = request(`${app.url}${path}`, { method, headers: chunked }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      // The site may close the connection while more is being sent: the answer is what counts.
      req.on('error', (error) => (error.message.includes('EPIPE') ? undefined : reject(error)));
      // Chunked, no length declared; the site stops reading past the limit and answers.
      const chunk = Buffer.alloc(64 * 1024, 'x');
      let sent = 0;
      const pump = () => {
        while (sent <= limit) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
      };
      pump();
    });
    expect(streamed).toBe(413);
  });
});
