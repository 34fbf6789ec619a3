import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '#db/schema/people.ts';
import { newPerson, startAuthApp, type AuthApp } from './harness';

let app: AuthApp;

beforeAll(async () => {
  app = await startAuthApp({ publicUrl: 'https://zed.example' });
});
afterAll(async () => {
  await app.close();
});

async function counts() {
  const read = app.db.database.read;
  return {
    users: (await read.select().from(users)).length,
    sessions: (await read.select().from(sessions)).length,
  };
}

describe('Origin check (CSRF)', () => {
  it.each([
    ['missing', null],
    ['foreign', 'https://evil.example'],
    ['same host over http', 'http://zed.example'],
    ['a different port', 'https://zed.example:8443'],
    ['the literal null', 'null'],
  ])('refuses a %s Origin with 403 and changes nothing', async (_label, origin) => {
    const before = await counts();
    const client = app.client();
    client.origin = origin;
    for (const path of ['/api/auth/signup', '/api/auth/guest', '/api/auth/login']) {
      const answer = await client.post(path, newPerson());
      expect(answer.status).toBe(403);
      expect(answer.json).toEqual({
        error: 'Forbidden: this request did not come from this site.',
        code: 'forbidden_origin',
      });
      expect(answer.setCookies).toEqual([]);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a cross-site logout and profile change for a signed-in user', async () => {
    const client = app.client();
    expect((await client.post('/api/auth/signup', newPerson())).status).toBe(201);
    client.origin = 'https://evil.example';
    expect((await client.post('/api/auth/logout')).status).toBe(403);
    expect(
      (await client.patch('/api/me', { firstName: 'X', lastName: 'Y', phone: '0971234567' }))
        .status,
    ).toBe(403);
    client.origin = null;
    const me = await client.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.json.user).toMatchObject({ firstName: 'Mwila' });
  });

  it('lets GET and HEAD through without an Origin', async () => {
    const client = app.client();
    client.origin = null;
    expect((await client.get('/api/auth/providers')).json).toEqual({ google: false });
    expect((await client.request('HEAD', '/api/auth/providers')).status).toBe(200);
  });
});
