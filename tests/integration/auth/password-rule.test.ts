// The password rule (docs/api.md, sign-up): at least 8 characters and not among the most common
// passwords, at sign-up (reset and change are in password-reset.test.ts), each refusal with its
// stable code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPerson, startAuthApp, type AuthApp } from './harness';

let app: AuthApp;

beforeAll(async () => {
  app = await startAuthApp();
});
afterAll(async () => {
  await app.close();
});

describe('the password rule at sign-up', () => {
  it.each([
    ['1234567', 'Password should be at least 8 characters long.', 'weak_password'],
    ['p'.repeat(257), 'Password must be at most 256 characters long.', 'password_too_long'],
    [
      'password1',
      'This password is too common. Please choose one that is harder to guess.',
      'common_password',
    ],
    [
      'Password1',
      'This password is too common. Please choose one that is harder to guess.',
      'common_password',
    ],
    [
      '12345678',
      'This password is too common. Please choose one that is harder to guess.',
      'common_password',
    ],
  ])('refuses %j', async (password, error, code) => {
    const answer = await app.client().post('/api/auth/signup', newPerson({ password }));
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ error, code });
    expect(answer.setCookies).toEqual([]);
  });

  it('takes an uncommon password of 8 characters', async () => {
    const answer = await app.client().post('/api/auth/signup', newPerson({ password: 'kafue-08' }));
    expect(answer.status).toBe(201);
  });
});
