import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addressKey,
  signLobbyTicket,
  signRequest,
  signTicket,
  TICKET_TTL_MS,
  verifyLobbyTicket,
  verifyRequest,
  verifyTicket,
} from '#wire/signing.ts';

const SECRET = 'test-internal-secret';
const NOW = 1_700_000_000_000;
const subject = { roomId: 'room-1', uid: 'user-1', name: 'Mwila Banda' };

describe('tickets', () => {
  it('round-trips the payload with exp one minute ahead', () => {
    const ticket = signTicket(SECRET, subject, NOW);
    const result = verifyTicket(SECRET, ticket, 'room-1', NOW + 1);
    expect(result).toEqual({
      ok: true,
      payload: { v: 1, ...subject, exp: NOW + TICKET_TTL_MS },
    });
  });

  it('is URL safe', () => {
    const ticket = signTicket(SECRET, { ...subject, name: 'Ñandú ✓ ??>>' }, NOW);
    expect(ticket).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });

  it('refuses an expired ticket, another room, another secret, a missing ticket', () => {
    const ticket = signTicket(SECRET, subject, NOW);
    expect(verifyTicket(SECRET, ticket, 'room-1', NOW + TICKET_TTL_MS)).toEqual({
      ok: false,
      reason: 'ticket expired',
    });
    expect(verifyTicket(SECRET, ticket, 'room-2', NOW)).toMatchObject({ ok: false });
    expect(verifyTicket('other-secret', ticket, 'room-1', NOW)).toEqual({
      ok: false,
      reason: 'bad signature',
    });
    expect(verifyTicket(SECRET, undefined, 'room-1', NOW)).toMatchObject({ ok: false });
    expect(verifyTicket(SECRET, '', 'room-1', NOW)).toMatchObject({ ok: false });
    expect(verifyTicket(SECRET, 'abc', 'room-1', NOW)).toMatchObject({ ok: false });
    expect(verifyTicket(SECRET, 'a.b.c', 'room-1', NOW)).toMatchObject({ ok: false });
  });

  it('refuses a payload that was changed after signing', () => {
    const ticket = signTicket(SECRET, subject, NOW);
    const [, signature] = ticket.split('.');
    const forgedBody = Buffer.from(
      JSON.stringify({ v: 1, ...subject, uid: 'user-2', exp: NOW + TICKET_TTL_MS }),
    ).toString('base64url');
    expect(verifyTicket(SECRET, `${forgedBody}.${signature}`, 'room-1', NOW)).toEqual({
      ok: false,
      reason: 'bad signature',
    });
  });

  it('refuses a correctly signed payload of the wrong shape', async () => {
    const { hmac } = await import('@oslojs/crypto/hmac');
    const { SHA256 } = await import('@oslojs/crypto/sha2');
    const body = Buffer.from(JSON.stringify({ v: 2, ...subject, exp: NOW + 1000 })).toString(
      'base64url',
    );
    const mac = hmac(SHA256, new TextEncoder().encode(SECRET), new TextEncoder().encode(body));
    const ticket = `${body}.${Buffer.from(mac).toString('base64url')}`;
    expect(verifyTicket(SECRET, ticket, 'room-1', NOW)).toEqual({
      ok: false,
      reason: 'bad ticket payload',
    });
  });

  it('never accepts a single-character change anywhere in the ticket', () => {
    const ticket = signTicket(SECRET, subject, NOW);
    fc.assert(
      fc.property(
        fc.nat({ max: ticket.length - 1 }),
        fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.'),
        (index, char) => {
          fc.pre(ticket[index] !== char);
          const changed = ticket.slice(0, index) + char + ticket.slice(index + 1);
          const result = verifyTicket(SECRET, changed, 'room-1', NOW);
          // base64url without padding may decode two spellings of the last character alike
          if (result.ok) expect(result.payload).toEqual({ v: 1, ...subject, exp: NOW + 60_000 });
          else expect(result.ok).toBe(false);
        },
      ),
    );
  });

  it('refuses to sign with an empty secret', () => {
    expect(() => signTicket('', subject, NOW)).toThrow();
    expect(verifyTicket('', 'a.b', 'room-1', NOW)).toMatchObject({ ok: false });
  });
});

describe('the address a ticket carries', () => {
  it('is a keyed hash: the same address the same key, never the address itself', () => {
    const key = addressKey(SECRET, '10.1.2.3');
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(addressKey(SECRET, '10.1.2.3')).toBe(key);
    expect(addressKey(SECRET, '10.1.2.4')).not.toBe(key);
    expect(addressKey('other-secret', '10.1.2.3')).not.toBe(key);
  });

  it('rides in a room ticket when given', () => {
    const ak = addressKey(SECRET, '2001:db8::/64');
    const ticket = signTicket(SECRET, { ...subject, addressKey: ak }, NOW);
    expect(verifyTicket(SECRET, ticket, 'room-1', NOW)).toEqual({
      ok: true,
      payload: { v: 1, ...subject, ak, exp: NOW + TICKET_TTL_MS },
    });
  });
});

describe('lobby tickets', () => {
  const ak = addressKey(SECRET, '10.1.2.3');

  it('round-trips the address with exp one minute ahead', () => {
    const ticket = signLobbyTicket(SECRET, ak, NOW);
    expect(ticket).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyLobbyTicket(SECRET, ticket, NOW + 1)).toEqual({
      ok: true,
      payload: { v: 1, kind: 'lobby', ak, exp: NOW + TICKET_TTL_MS },
    });
  });

  it('refuses an expired one, another secret, a missing one', () => {
    const ticket = signLobbyTicket(SECRET, ak, NOW);
    expect(verifyLobbyTicket(SECRET, ticket, NOW + TICKET_TTL_MS)).toEqual({
      ok: false,
      reason: 'ticket expired',
    });
    expect(verifyLobbyTicket('other-secret', ticket, NOW)).toEqual({
      ok: false,
      reason: 'bad signature',
    });
    for (const missing of [undefined, null, '', 'abc', 'a.b.c']) {
      expect(verifyLobbyTicket(SECRET, missing, NOW)).toMatchObject({ ok: false });
    }
  });

  it('is no room ticket, and a room ticket is no lobby ticket', () => {
    const lobby = signLobbyTicket(SECRET, ak, NOW);
    const room = signTicket(SECRET, { ...subject, addressKey: ak }, NOW);
    expect(verifyTicket(SECRET, lobby, 'room-1', NOW)).toEqual({
      ok: false,
      reason: 'bad ticket payload',
    });
    expect(verifyLobbyTicket(SECRET, room, NOW)).toEqual({
      ok: false,
      reason: 'bad ticket payload',
    });
  });
});

describe('signed requests', () => {
  const request = {
    method: 'POST',
    path: '/api/internal/rooms/abc/settlement',
    body: '{"roomId":"abc"}',
  };

  it('produces the two headers and verifies them from a plain record and from Headers', () => {
    const headers = signRequest(SECRET, { ...request, now: NOW });
    expect(headers['x-zt-timestamp']).toBe(String(NOW));
    expect(headers['x-zt-signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyRequest(SECRET, { ...request, headers, now: NOW + 59_000 })).toEqual({ ok: true });
    expect(
      verifyRequest(SECRET, { ...request, headers: new Headers(headers), now: NOW - 59_000 }),
    ).toEqual({ ok: true });
    const upper = {
      'X-ZT-Timestamp': headers['x-zt-timestamp'],
      'X-ZT-Signature': headers['x-zt-signature'],
    };
    expect(verifyRequest(SECRET, { ...request, headers: upper, now: NOW })).toEqual({ ok: true });
  });

  it('signs the exact message method\\npath\\ntimestamp\\nbody', async () => {
    const { hmac } = await import('@oslojs/crypto/hmac');
    const { SHA256 } = await import('@oslojs/crypto/sha2');
    const enc = new TextEncoder();
    const expected = Buffer.from(
      hmac(
        SHA256,
        enc.encode(SECRET),
        enc.encode(`POST\n${request.path}\n${NOW}\n${request.body}`),
      ),
    ).toString('hex');
    expect(signRequest(SECRET, { ...request, now: NOW })['x-zt-signature']).toBe(expected);
  });

  it('refuses a stale or future timestamp, a missing or wrong signature, any changed part', () => {
    const headers = signRequest(SECRET, { ...request, now: NOW });
    const check = (
      over: Partial<typeof request>,
      now = NOW,
      h: Record<string, string> = { ...headers },
    ) => verifyRequest(SECRET, { ...request, ...over, headers: h, now });
    expect(check({}, NOW + 60_001)).toEqual({ ok: false, reason: 'stale timestamp' });
    expect(check({}, NOW - 60_001)).toEqual({ ok: false, reason: 'stale timestamp' });
    expect(check({ body: '{"roomId":"abd"}' })).toEqual({ ok: false, reason: 'bad signature' });
    expect(check({ path: '/api/internal/rooms/abd/settlement' })).toMatchObject({ ok: false });
    expect(check({ method: 'GET' })).toMatchObject({ ok: false });
    expect(check({}, NOW, { 'x-zt-timestamp': String(NOW) })).toEqual({
      ok: false,
      reason: 'missing signature',
    });
    expect(check({}, NOW, {})).toEqual({ ok: false, reason: 'missing signature' });
    expect(check({}, NOW, { ...headers, 'x-zt-timestamp': String(NOW + 1) })).toEqual({
      ok: false,
      reason: 'bad signature',
    });
    expect(check({}, NOW, { ...headers, 'x-zt-signature': 'zz' })).toMatchObject({ ok: false });
    expect(verifyRequest('other', { ...request, headers, now: NOW })).toMatchObject({ ok: false });
  });
});
