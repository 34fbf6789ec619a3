// The room server's pure helpers, without the runtime: the message rate limit and the message
// gate (heartbeat, refusals and their bounds), admissions per address, the settlement backoff and
// record, and the settlement body.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RULES_VERSION } from '#game/rules.ts';
import type { LogEntry } from '#game/log.ts';
import { FIRST_RETRY_MS, MAX_RETRY_MS, retryDelay } from '#party/room/backoff.ts';
import { AddressAdmissions } from '#party/room/address-admissions.ts';
import { CLOSE } from '#party/room/limits.ts';
import { MessageGate, SILENCE_MS, type GateVerdict } from '#party/room/message-gate.ts';
import {
  fullBucket,
  MESSAGE_RATE_LIMIT,
  REFUSED_MESSAGE_LIMIT,
  SYNC_LIMIT,
  takeToken,
} from '#party/room/rate-limit.ts';
import {
  afterAttempt,
  buildSettlement,
  failedAttempt,
  newSettlement,
  settled,
  settlementOutcome,
} from '#party/room/settlement.ts';
import { logKey } from '#party/room/storage.ts';

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
    expect(gate.check(PING, 'c1', 0)).toEqual({ kind: 'pong', reply: '{"type":"pong"}' });
    expect(gate.check('{"type":"roll"}', 'c1', 1)).toEqual({
      kind: 'pass',
      message: { type: 'roll' },
    });
  });

  it('counts pings in the same rate limit as every other message', () => {
    const gate = new MessageGate();
    const replies = Array.from({ length: 21 }, () => gate.check(PING, 'c1', 0));
    expect(replies.slice(0, 20).every((r) => r.kind === 'pong')).toBe(true);
    expect(replies[20]).toMatchObject({
      kind: 'refused',
      reply: expect.stringContaining('too_many'),
    });
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

describe('refused messages at the gate', () => {
  const GARBAGE = ['{"type":"roll"', 'null', '{"type":"TICK"}', 'x'.repeat(5_000)];
  const replies = (verdicts: GateVerdict[]) =>
    verdicts.filter((v) => v.kind !== 'pass' && v.reply !== null).length;

  it('takes a token for every message, well-formed or not, before reading it', () => {
    const gate = new MessageGate();
    // Half the refusals a socket may make at once, so that it stays open.
    for (let i = 0; i < REFUSED_MESSAGE_LIMIT.capacity / 2; i++)
      gate.check('{"type":"buyTruck"}', 'c1', 0);
    for (let i = REFUSED_MESSAGE_LIMIT.capacity / 2; i < MESSAGE_RATE_LIMIT.capacity; i++) {
      gate.check(i % 2 === 0 ? '{"type"' : 'x'.repeat(5_000), 'c1', 0);
    }
    // Malformed and oversized messages spent the burst: a good one now waits for the refill.
    expect(gate.check('{"type":"roll"}', 'c1', 0)).toMatchObject({
      kind: 'refused',
      reply: expect.stringContaining('too_many_messages'),
    });
    expect(gate.check('{"type":"roll"}', 'c1', 100)).toEqual({
      kind: 'pass',
      message: { type: 'roll' },
    });
  });

  it('answers a run over the rate once, not message by message', () => {
    const gate = new MessageGate();
    const verdicts = Array.from({ length: 30 }, () => gate.check('{"type":"roll"}', 'c1', 0));
    expect(verdicts.filter((v) => v.kind === 'pass')).toHaveLength(MESSAGE_RATE_LIMIT.capacity);
    expect(replies(verdicts)).toBe(1);
    // A message that gets a token ends the run; the next run is answered once again.
    expect(gate.check('{"type":"roll"}', 'c1', 100).kind).toBe('pass');
    const next = [
      gate.check('{"type":"roll"}', 'c1', 100),
      gate.check('{"type":"roll"}', 'c1', 100),
    ];
    expect(replies(next)).toBe(1);
  });

  it('closes a socket that keeps sending garbage, then drops what it sends unanswered', () => {
    const gate = new MessageGate();
    const verdicts = Array.from({ length: 100 }, (_, i) =>
      gate.check(GARBAGE[i % GARBAGE.length]!, 'c1', 0),
    );
    const closing = verdicts.findIndex((v) => v.kind === 'refused' && v.close);
    expect(closing).toBe(REFUSED_MESSAGE_LIMIT.capacity);
    expect(verdicts[closing]).toEqual({
      kind: 'refused',
      reply: null,
      close: CLOSE.refusedMessages,
    });
    expect(
      verdicts.slice(closing + 1).every((v) => v.kind === 'refused' && !v.reply && !v.close),
    ).toBe(true);
    expect(gate.check('{"type":"roll"}', 'c1', 60_000)).toEqual({ kind: 'refused', reply: null });
    // Other sockets are not affected.
    expect(gate.check('{"type":"roll"}', 'c2', 0).kind).toBe('pass');
  });

  it('allows a few sync requests (each answered with the whole state), then refuses them', () => {
    const gate = new MessageGate();
    const verdicts = Array.from({ length: 8 }, () => gate.check('{"type":"sync"}', 'c1', 0));
    expect(verdicts.filter((v) => v.kind === 'pass')).toHaveLength(SYNC_LIMIT.capacity);
    expect(verdicts.at(-1)).toMatchObject({
      kind: 'refused',
      reply: expect.stringContaining('too_many_messages'),
    });
    expect(gate.check('{"type":"sync"}', 'c1', 1_000 / SYNC_LIMIT.perSecond).kind).toBe('pass');
  });

  it('keeps a protocol-speaking client open: heartbeats and a few mistakes', () => {
    const gate = new MessageGate();
    for (let t = 0; t < 600_000; t += 3_000) {
      expect(gate.check('{"type":"ping"}', 'c1', t).kind).toBe('pong');
      if (t % 30_000 === 0) {
        expect(gate.check('{"type":"oops"}', 'c1', t)).toEqual({
          kind: 'refused',
          reply: expect.stringContaining('invalid_message'),
        });
      }
    }
  });

  it('never answers more than the messages it let in plus one per run, and closes within bounds', () => {
    const message = fc.oneof(
      fc.constantFrom(...GARBAGE, '{"type":"ping"}', '{"type":"roll"}'),
      fc.string({ maxLength: 20 }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 300 }), message), { maxLength: 400 }),
        (sends) => {
          const gate = new MessageGate();
          let now = 0;
          let answered = 0;
          let refused = 0;
          let closed = false;
          for (const [gap, text] of sends) {
            now += gap;
            const verdict = gate.check(text, 'c1', now);
            if (closed) {
              expect(verdict).toEqual({ kind: 'refused', reply: null });
              continue;
            }
            if (verdict.kind !== 'pass' && verdict.reply !== null) answered += 1;
            if (verdict.kind === 'refused') refused += 1;
            if (verdict.kind === 'refused' && verdict.close) closed = true;
          }
          const seconds = now / 1000;
          expect(answered).toBeLessThanOrEqual(sends.length);
          // Refusals before the close: the allowance, its refill, and the one that closed it.
          expect(refused).toBeLessThanOrEqual(
            REFUSED_MESSAGE_LIMIT.capacity +
              1 +
              Math.floor(seconds * REFUSED_MESSAGE_LIMIT.perSecond),
          );
          // Answers: at most one per message that got a token, plus one per run over the rate.
          expect(answered).toBeLessThanOrEqual(
            2 * (MESSAGE_RATE_LIMIT.capacity + Math.floor(seconds * MESSAGE_RATE_LIMIT.perSecond)),
          );
        },
      ),
    );
  });
});

describe('admissions per address', () => {
  const limit = { perSecond: 0.5, capacity: 3 };

  it('lets an address in up to its allowance, then one every 2 s; other addresses apart', () => {
    const admissions = new AddressAdmissions(limit);
    expect([0, 0, 0, 0].map((t) => admissions.take('a', t))).toEqual([true, true, true, false]);
    expect(admissions.take('b', 0)).toBe(true);
    expect(admissions.take('a', 1_999)).toBe(false);
    expect(admissions.take('a', 2_000)).toBe(true);
  });

  it('keeps a locked-out address out for the time given, then lets it in as it refills', () => {
    const admissions = new AddressAdmissions(limit);
    admissions.lockOut('a', 0, 60_000);
    expect(admissions.take('a', 59_999)).toBe(false);
    expect(admissions.take('a', 62_000)).toBe(true);
    expect(admissions.take('b', 0)).toBe(true);
  });

  it('forgets idle addresses without forgetting a spent one', () => {
    const admissions = new AddressAdmissions(limit);
    for (let i = 0; i < 3; i++) admissions.take('spent', 0);
    for (let i = 0; i < 1_200; i++) admissions.take(`idle-${i}`, 0);
    // Much later the idle ones are full again and go; 'spent' was spent just now.
    for (let i = 0; i < 3; i++) admissions.take('spent', 60_000);
    admissions.take('trigger', 60_000);
    expect(admissions.take('spent', 60_000)).toBe(false);
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
      // The rules it was played under (none given: today's), so the site replays it with them.
      rulesVersion: RULES_VERSION,
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
