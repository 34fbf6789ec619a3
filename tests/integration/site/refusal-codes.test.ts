// Every refusal of the JSON API carries a stable snake_case `code` beside its message, so screens
// and clients decide by the code, never by the wording (docs/api.md, "Errors").
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthApp, newPerson, type AuthApp } from '../auth/harness';
import { startRoomsApp, type RoomsApp } from '#tests/support/rooms-app.ts';
import { HttpClient, type Answer } from '#tests/support/http-client.ts';
import { expectConsoleError } from '#tests/support/console-errors.ts';
import { apiErrorHandler, apiNotFound } from '#site/server/api-fallbacks.ts';
import { RefusalError, refuse } from '#site/server/api/refusals.ts';
import type { ApiRefusalCode } from '#site/server/api/refusal-codes.ts';
import { authMessages as m } from '#site/shared/auth-messages.ts';

const SNAKE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

function expectRefusal(answer: Answer, status: number, code: string, error?: string): void {
  expect({ status: answer.status, code: answer.json.code }).toEqual({ status, code });
  expect(answer.json.code).toMatch(SNAKE);
  expect(typeof answer.json.error).toBe('string');
  if (error !== undefined) expect(answer.json.error).toBe(error);
}

describe('auth, me and the guards', () => {
  let app: AuthApp;
  beforeAll(async () => {
    app = await startAuthApp();
  });
  afterAll(() => app.close());

  it('guards: not signed in 401, guest 403, not an admin 403', async () => {
    const anonymous = app.client();
    expectRefusal(await anonymous.post('/api/test/stake', {}), 401, 'not_signed_in', m.notLoggedIn);
    expectRefusal(await anonymous.get('/api/me'), 401, 'not_signed_in', m.notLoggedIn);

    const guest = app.client('10.0.0.2');
    expect((await guest.post('/api/auth/guest')).status).toBe(200);
    expectRefusal(
      await guest.post('/api/test/stake', {}),
      403,
      'guest_not_allowed',
      m.guestsWatchOnly,
    );
    expectRefusal(
      await guest.patch('/api/me', { firstName: 'A', lastName: 'B', phone: '0961234567' }),
      403,
      'guest_not_allowed',
      m.guestsWatchOnly,
    );

    const player = app.client('10.0.0.3');
    expect((await player.post('/api/auth/signup', newPerson())).status).toBe(201);
    expectRefusal(await player.get('/api/test/admin'), 403, 'not_admin', 'Unauthorized access');
  });

  it('the Origin check and body errors', async () => {
    const foreign = new HttpClient(app.url, 'https://evil.example', '10.0.0.4');
    expectRefusal(
      await foreign.post('/api/auth/login', {}),
      403,
      'forbidden_origin',
      m.forbiddenOrigin,
    );
    const client = app.client('10.0.0.5');
    expectRefusal(
      await client.post('/api/auth/login', '{not json'),
      400,
      'invalid_json',
      m.invalidJson,
    );
    const huge = JSON.stringify({ email: 'a@b.zm', password: 'x'.repeat(40_000) });
    expectRefusal(await client.post('/api/auth/login', huge), 413, 'body_too_large');
  });

  it('sign-up validation: one code per field, 409 email_taken', async () => {
    const client = app.client('10.0.0.6');
    const cases: [Record<string, string>, string, string][] = [
      [{ firstName: '' }, 'first_name_required', m.firstNameRequired],
      [{ lastName: '' }, 'last_name_required', m.lastNameRequired],
      [{ phone: '' }, 'phone_required', m.phoneRequired],
      [{ email: '' }, 'email_required', m.emailRequired],
      [{ password: '' }, 'password_required', m.passwordRequired],
      [{ firstName: 'x'.repeat(61) }, 'first_name_too_long', m.firstNameTooLong],
      [{ lastName: 'x'.repeat(61) }, 'last_name_too_long', m.lastNameTooLong],
      [{ phone: '12345' }, 'invalid_phone', m.invalidPhone],
      [{ email: 'not-an-email' }, 'invalid_email', m.invalidEmail],
      [{ password: 'short' }, 'weak_password', m.weakPassword],
    ];
    for (const [override, code, error] of cases) {
      expectRefusal(await client.post('/api/auth/signup', newPerson(override)), 400, code, error);
    }
    const person = newPerson();
    expect((await client.post('/api/auth/signup', person)).status).toBe(201);
    const again = app.client('10.0.0.7');
    expectRefusal(await again.post('/api/auth/signup', person), 409, 'email_taken', m.emailTaken);
  });

  it('login validation and failures', async () => {
    const client = app.client('10.0.0.8');
    expectRefusal(await client.post('/api/auth/login', { password: 'x' }), 400, 'email_required');
    expectRefusal(
      await client.post('/api/auth/login', { email: 'nope', password: 'x' }),
      400,
      'invalid_email',
    );
    expectRefusal(
      await client.post('/api/auth/login', { email: 'a@b.zm' }),
      400,
      'password_required',
    );
    expectRefusal(
      await client.post('/api/auth/login', { email: 'a@b.zm', password: 'x'.repeat(257) }),
      400,
      'password_too_long',
    );
    expectRefusal(
      await client.post('/api/auth/login', { email: 'nobody@example.zm', password: 'whatever1' }),
      401,
      'unknown_email',
      m.unknownEmail,
    );
    const person = newPerson();
    expect((await app.client('10.0.0.9').post('/api/auth/signup', person)).status).toBe(201);
    expectRefusal(
      await client.post('/api/auth/login', { email: person.email, password: 'wrong-password' }),
      401,
      'wrong_password',
      m.wrongPassword,
    );
  });

  it('PATCH /api/me validation', async () => {
    const client = app.client('10.0.0.10');
    expect((await client.post('/api/auth/signup', newPerson())).status).toBe(201);
    expectRefusal(
      await client.patch('/api/me', { firstName: 'A', lastName: 'B', phone: '' }),
      400,
      'phone_required',
    );
    expectRefusal(
      await client.patch('/api/me', { firstName: '', lastName: 'B', phone: '0961234567' }),
      400,
      'first_name_required',
    );
  });
});

describe('rooms and games', () => {
  let app: RoomsApp;
  beforeAll(async () => {
    app = await startRoomsApp();
  });
  afterAll(() => app.close());

  it('404s and 403s carry codes', async () => {
    const player = await app.player();
    expectRefusal(await app.client().get('/api/rooms/nope'), 404, 'room_not_found');
    expectRefusal(await player.client.get('/api/games/nope'), 404, 'game_not_found');
    expectRefusal(await app.client().get('/api/games'), 401, 'not_signed_in');
  });
});

describe('the /api fallbacks', () => {
  let server: Server;
  let client: HttpClient;
  beforeAll(async () => {
    const app = express();
    app.get('/api/boom', () => {
      throw new Error('boom');
    });
    app.get('/api/refused', () => {
      // A code no route answers, so that nothing but the thrown refusal can have made this answer.
      const code = 'already_done' as ApiRefusalCode;
      throw new RefusalError({ ...refuse(409, code, 'Already done.'), roomId: 'r1' });
    });
    app.use(
      '/api',
      apiNotFound(),
      apiErrorHandler((message, error) => {
        console.error(`[site] ${message}: ${String(error)}`);
      }),
    );
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    client = new HttpClient(url, url);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('an unknown API path is 404 not_found', async () => {
    expectRefusal(await client.get('/api/no-such-thing'), 404, 'not_found');
  });

  it('a refusal thrown by a route is answered as that refusal', async () => {
    const answer = await client.get('/api/refused');
    expectRefusal(answer, 409, 'already_done', 'Already done.');
    expect(answer.json.roomId).toBe('r1');
  });

  it('an unexpected failure is a logged 500 with a code', async () => {
    expectConsoleError(/boom/);
    expectRefusal(await client.get('/api/boom'), 500, 'unknown_error');
  });
});
