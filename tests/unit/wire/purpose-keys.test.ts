// One key per use of INTERNAL_SECRET (docs/decisions/022), and the room server's settings.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  purposeKey,
  roomKeys,
  signRequest,
  signTicket,
  verifyRequest,
  verifyTicket,
  type KeyPurpose,
} from '#wire/signing.ts';
import { readEnv } from '#party/room/env.ts';
import { sandboxCallbackSecret } from '#site/server/payments/sandbox.ts';

const SECRET = 'test-internal-secret-0123456789abcdef';
const NOW = 1_700_000_000_000;
const PURPOSES: KeyPurpose[] = [
  'tickets',
  'site-to-room',
  'room-to-site',
  'payments-sandbox',
  'daily-challenge',
  'phone-codes',
  'test-clock',
];

describe('purpose keys', () => {
  it('are 256-bit, fixed for a secret, distinct per purpose and never the secret itself', () => {
    const keys = PURPOSES.map((purpose) => purposeKey(SECRET, purpose));
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set([...keys, SECRET]).size).toBe(PURPOSES.length + 1);
    expect(PURPOSES.map((purpose) => purposeKey(SECRET, purpose))).toEqual(keys);
    expect(purposeKey(`${SECRET}x`, 'tickets')).not.toBe(purposeKey(SECRET, 'tickets'));
    expect(roomKeys(SECRET)).toEqual({
      tickets: purposeKey(SECRET, 'tickets'),
      siteToRoom: purposeKey(SECRET, 'site-to-room'),
      roomToSite: purposeKey(SECRET, 'room-to-site'),
    });
    expect(purposeKey('', 'tickets')).toBe('');
  });

  it('keep each use apart: what one key signs, no other key accepts', () => {
    const keys = roomKeys(SECRET);
    const ticket = signTicket(keys.tickets, { roomId: 'r', uid: 'u', name: 'U' }, NOW);
    expect(verifyTicket(keys.tickets, ticket, 'r', NOW).ok).toBe(true);
    for (const other of [keys.siteToRoom, keys.roomToSite, SECRET]) {
      expect(verifyTicket(other, ticket, 'r', NOW)).toEqual({ ok: false, reason: 'bad signature' });
    }
    const request = { method: 'POST', path: '/parties/main/r', body: '{}' };
    const fromSite = signRequest(keys.siteToRoom, { ...request, now: NOW });
    const check = (key: string) => verifyRequest(key, { ...request, headers: fromSite, now: NOW });
    expect(check(keys.siteToRoom)).toEqual({ ok: true });
    for (const other of [keys.roomToSite, keys.tickets, SECRET]) {
      expect(check(other)).toEqual({ ok: false, reason: 'bad signature' });
    }
  });

  it('give the payment sandbox its own callback key', () => {
    const key = sandboxCallbackSecret(SECRET);
    expect(key).toHaveLength(32);
    expect(Buffer.from(key).toString('hex')).toBe(purposeKey(SECRET, 'payments-sandbox'));
  });
});

describe('room server settings', () => {
  it('take the derived keys, or derive them from INTERNAL_SECRET when only that is set', () => {
    const keys = roomKeys(SECRET);
    const given = readEnv({
      TICKET_KEY: keys.tickets,
      SITE_TO_ROOM_KEY: keys.siteToRoom,
      ROOM_TO_SITE_KEY: keys.roomToSite,
      SITE_URL: 'http://127.0.0.1:3000/',
      GAME_TIME_SCALE: '0.5',
    });
    expect(given).toEqual({
      keys,
      siteUrl: 'http://127.0.0.1:3000',
      timeScale: 0.5,
      testClockKey: '',
    });
    expect(readEnv({ INTERNAL_SECRET: SECRET }).keys).toEqual(keys);
    expect(readEnv({}).keys).toEqual({ tickets: '', siteToRoom: '', roomToSite: '' });
  });

  it('have a test clock only when given its key, never derived from INTERNAL_SECRET', async () => {
    expect(readEnv({ INTERNAL_SECRET: SECRET }).testClockKey).toBe('');
    const key = purposeKey(SECRET, 'test-clock');
    expect(readEnv({ TEST_CLOCK_KEY: key }).testClockKey).toBe(key);
    // What a deployment reads from the project: no test clock there.
    const project = JSON.parse(
      await readFile(path.resolve(import.meta.dirname, '../../../partykit.json'), 'utf8'),
    ) as { vars?: Record<string, unknown>; define?: Record<string, unknown> };
    expect(JSON.stringify(project)).not.toContain('TEST_CLOCK');
  });
});
