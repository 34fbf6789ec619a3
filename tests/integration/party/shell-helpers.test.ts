// The room server's pure helpers, without the runtime: the message rate limit, the settlement
// backoff and record, and the settlement body.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../game';
import { FIRST_RETRY_MS, MAX_RETRY_MS, retryDelay } from '../../../party/room/backoff';
import { MessageGate, SILENCE_MS } from '../../../party/room/message-gate';
import { fullBucket, MESSAGE_RATE_LIMIT, takeToken } from '../../../party/room/rate-limit';
import {
  afterAttempt,
  buildSettlement,
  failedAttempt,
  newSettlement,
  settled,
  settlementOutcome,
} from '../../../party/room/settlement';
import { logKey } from '../../../party/room/storage';

describe('message rate limit (10 a second, bursts of 20)', () => {
  it('lets a burst of 20 through, then refuses until tokens come back', () => {
    let bucket = fullBucket(MESSAGE_RATE_LIMIT, 0);
    const allowed: boolean[] = [];
    for (let i = 0; i < 25; i += 1) {
      const taken = takeToken(bucket, MESSAGE_RATE_LIMIT, 0);
      bucket = taken.bucket;
      allowed.push(taken.allowed);
    }
    expect(allowed.filter(Boolean)).toHaveLength(20);
    expect(allowed.slice(20)).toEqual([false, false, false, false, false]);
    expect(takeToken(bucket, MESSAGE_RATE_LIMIT, 99).allowed).toBe(false);
    expect(takeToken(bucket, MESSAGE_RATE_LIMIT, 100).allowed).toBe(true);
  });

  it('never lets more through than the burst plus the refill', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 300 }), (gaps) => {
        let now = 0;
        let bucket = fullBucket(MESSAGE_RATE_LIMIT, now);
        let passed = 0;
        for (const gap of gaps) {
          now += gap;
          const taken = takeToken(bucket, MESSAGE_RATE_LIMIT, now);
          bucket = taken.bucket;
          if (taken.allowed) passed += 1;
        }
        expect(passed).toBeLessThanOrEqual(20 + Math.floor((now / 1000) * 10));
      }),
    );
  });

  it('does not mint tokens when the clock goes backwards', () => {
    const bucket = { tokens: 0, updatedAt: 1_000 };
    expect(takeToken(bucket, MESSAGE_RATE_LIMIT, 0).allowed).toBe(false);
  });
});

describe('the heartbeat at the message gate', () => {
  const PING = '{"type":"ping"}';

  it('answers a ping with pong and lets no ping through to the machine', () => {
    const gate = new MessageGate();
    expect(gate.check(PING, 'c1', 0)).toEqual({ ok: false, reply: '{"type":"pong"}' });
    expect(gate.check('{"type":"roll"}', 'c1', 1)).toEqual({
      ok: true,
      message: { type: 'roll' },
    });
  });

  it('counts pings in the same rate limit as every other message', () => {
    const gate = new MessageGate();
    const replies = Array.from({ length: 21 }, () => gate.check(PING, 'c1', 0));
    expect(replies.slice(0, 20).every((r) => !r.ok && r.reply.includes('pong'))).toBe(true);
    expect(replies[20]).toMatchObject({ ok: false, reply: expect.stringContaining('too_many') });
  });

  it('names the sockets that pinged and then fell silent; never one that never pinged', () => {
    const gate = new MessageGate();
    gate.check(PING, 'pinger', 0);
    gate.check('{"type":"roll"}', 'old-client', 0);
    expect(gate.silent(SILENCE_MS)).toEqual([]);
    expect(gate.silent(SILENCE_MS + 1)).toEqual(['pinger']);
    // Any message counts as heard.
    gate.check('{"type":"roll"}', 'pinger', SILENCE_MS);
    expect(gate.silent(SILENCE_MS + 1)).toEqual([]);
    gate.forget('pinger');
    expect(gate.silent(10 * SILENCE_MS)).toEqual([]);
  });
});

describe('settlement retries', () => {
  it('waits 1 s, 2 s, 4 s … and never more than 60 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map(retryDelay)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
    expect(FIRST_RETRY_MS).toBe(1_000);
    expect(MAX_RETRY_MS).toBe(60_000);
  });

  it('keeps a record: due at once, pushed back on failure, done once acknowledged', () => {
    const fresh = newSettlement(10_000);
    expect(fresh).toEqual({
      status: 'pending',
      failures: 0,
      nextAttemptAt: 10_000,
      acknowledgedAt: null,
    });
    const once = failedAttempt(fresh, 10_050);
    expect(once).toMatchObject({ status: 'pending', failures: 1, nextAttemptAt: 11_050 });
    const twice = failedAttempt(once, 11_060);
    expect(twice).toMatchObject({ failures: 2, nextAttemptAt: 13_060 });
    expect(settled(twice, 13_100)).toMatchObject({
      status: 'acknowledged',
      acknowledgedAt: 13_100,
    });
  });
});

describe('settlement answers', () => {
  it('reads whether the site took the report, wants it again later, or refused it for good', () => {
    expect(settlementOutcome(200, '{"ok":true,"settled":true}')).toBe('acknowledged');
    const refused =
      '{"error":"The game stops before its end time.","code":"settlement_incomplete","retry":false}';
    expect(settlementOutcome(422, refused)).toBe('refused');
    const early = '{"error":"…","code":"settlement_too_early","retry":true}';
    expect(settlementOutcome(409, early)).toBe('retry');
    // Anything that does not say "never" is tried again: the site down, an old site, a bad key.
    for (const [status, body] of [
      [503, ''],
      [500, '{"error":"Settlement failed.","code":"settlement_failed","retry":true}'],
      [401, '{"error":"Unauthorized"}'],
      [422, 'not json'],
      [200, ''],
    ] as const) {
      expect(settlementOutcome(status, body)).toBe(status === 200 ? 'acknowledged' : 'retry');
    }
    expect(settlementOutcome(null, '')).toBe('retry');
  });

  it('stops trying once refused for good, and backs off otherwise', () => {
    const fresh = newSettlement(1_000);
    expect(afterAttempt(fresh, 'acknowledged', 2_000)).toEqual(settled(fresh, 2_000));
    expect(afterAttempt(fresh, 'retry', 2_000)).toEqual(failedAttempt(fresh, 2_000));
    expect(afterAttempt(fresh, 'refused', 2_000)).toEqual({
      status: 'refused',
      failures: 1,
      nextAttemptAt: 2_000,
      acknowledgedAt: null,
    });
  });
});

describe('settlement body', () => {
  it('carries the final view, the result, every log entry and the rolls in order', () => {
    const logs: LogEntry[] = [
      {
        type: 'dice_roll',
        player: 'a',
        roll: 4,
        newPosition: 3,
        extraTurn: false,
        nonce: 0,
        auto: false,
        timestamp: 1,
      },
      { type: 'revenue', player: 'a', boxId: 'box4', key: 'gudwill', amount: 900, timestamp: 1 },
      {
        type: 'dice_roll',
        player: 'b',
        roll: 6,
        newPosition: 5,
        extraTurn: true,
        nonce: 1,
        auto: true,
        timestamp: 2,
      },
    ];
    const body = buildSettlement({
      roomId: 'r1',
      // Placeholders: the body carries the view and the result as they are.
      view: {
        joinedOrder: ['a', 'b'],
        participants: { a: {}, b: {} },
        boardState: { box1: {} },
      } as unknown as Parameters<typeof buildSettlement>[0]['view'],
      result: {
        winners: ['a'],
        statements: { a: {}, b: {} },
        endTime: 99,
      } as unknown as Parameters<typeof buildSettlement>[0]['result'],
      logs,
    });
    expect(body).toEqual({
      roomId: 'r1',
      joinedOrder: ['a', 'b'],
      participants: { a: {}, b: {} },
      boardState: { box1: {} },
      endTime: 99,
      winners: ['a'],
      statements: { a: {}, b: {} },
      logs,
      rolls: [
        { nonce: 0, roll: 4, player: 'a' },
        { nonce: 1, roll: 6, player: 'b' },
      ],
    });
  });

  it('stores log entries under keys that sort in log order', () => {
    const keys = [0, 1, 9, 10, 99, 100, 12_345].map(logKey);
    expect([...keys].sort()).toEqual(keys);
  });
});
