import { describe, expect, it } from 'vitest';
import {
  clearedSessionCookie,
  parseCookieHeader,
  readCookie,
  sessionCookie,
  sessionCookieName,
} from '#site/server/auth/cookies.ts';

describe('session cookie', () => {
  it('over http: plain name, HttpOnly, Lax, Path=/, Max-Age, no Secure', () => {
    const header = sessionCookie('http://localhost:3000', 'tok', 2592000);
    expect(header).toBe('session=tok; HttpOnly; SameSite=Lax; Path=/; Max-Age=2592000');
    expect(sessionCookieName('http://localhost:3000')).toBe('session');
  });

  it('over https: __Host- prefix and Secure', () => {
    const header = sessionCookie('https://example.zm', 'tok', 60);
    expect(header).toBe('__Host-session=tok; HttpOnly; SameSite=Lax; Path=/; Max-Age=60; Secure');
  });

  it('is cleared with Max-Age=0', () => {
    expect(clearedSessionCookie('https://example.zm')).toBe(
      '__Host-session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0; Secure',
    );
  });
});

describe('cookie header parsing', () => {
  it('reads names and values, first one wins, ignores junk', () => {
    const cookies = parseCookieHeader('a=1; b=two%20words; =x; junk; a=3; c=%E0%A4%A');
    expect(cookies.get('a')).toBe('1');
    expect(cookies.get('b')).toBe('two words');
    expect(cookies.has('c')).toBe(false);
    expect(readCookie(undefined, 'a')).toBeNull();
    expect(readCookie('session=abc', 'session')).toBe('abc');
  });
});
