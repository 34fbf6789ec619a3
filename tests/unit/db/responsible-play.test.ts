import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIds, balanceOf, InsufficientFundsError } from '#db/ledger.ts';
import { lusakaDate, lusakaPeriod } from '#db/lusaka-time.ts';
import { refundStake, settleRoom, stake } from '#db/money.ts';
import { applyPaymentStatus, createPaymentRequest } from '#db/payments.ts';
import {
  activeExclusion,
  effectiveLimits,
  ExclusionRunningError,
  LimitReachedError,
  netLossIn,
  pendingLimits,
  SelfExcludedError,
  setLimits,
  startExclusion,
} from '#db/responsible-play.ts';
import { paymentRequests } from '#db/schema/payments.ts';
import { userTransactions } from '#db/schema/wallet-history.ts';
import { createTestDatabase, fundWallet, seedRoom, seedUser } from '#tests/support/db.ts';
import type { TestDatabase } from '#tests/support/db.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

const HOUR = 60 * 60 * 1000;
// 2026-03-04 10:00 UTC = 12:00 in Lusaka, a Wednesday.
const NOON = Date.UTC(2026, 2, 4, 10);

describe('Lusaka periods', () => {
  it('days start at midnight Lusaka (22:00 UTC), weeks on Monday, months on the 1st', () => {
    expect(lusakaPeriod('day', NOON)).toEqual({
      start: Date.UTC(2026, 2, 3, 22),
      end: Date.UTC(2026, 2, 4, 22),
    });
    // 23:30 UTC on the 4th is already the 5th in Lusaka.
    expect(lusakaDate(Date.UTC(2026, 2, 4, 23, 30))).toBe('2026-03-05');
    expect(lusakaPeriod('week', NOON)).toEqual({
      start: Date.UTC(2026, 2, 1, 22), // Monday 2 March, 00:00 Lusaka
      end: Date.UTC(2026, 2, 8, 22),
    });
    expect(lusakaPeriod('month', NOON)).toEqual({
      start: Date.UTC(2026, 1, 28, 22),
      end: Date.UTC(2026, 2, 31, 22),
    });
  });
});

describe('limits', () => {
  it('applies a lower limit at once and a higher one or a removal only after 24 hours', async () => {
    const user = await seedUser(t.database);
    await t.database.write((tx) => setLimits(tx, user, { depositDaily: 10_000 }, NOON));
    expect((await effectiveLimits(t.database.read, user, NOON)).depositDaily).toBe(10_000);

    await t.database.write((tx) =>
      setLimits(tx, user, { depositDaily: 20_000, lossDaily: 5_000 }, NOON + HOUR),
    );
    const limits = await effectiveLimits(t.database.read, user, NOON + 2 * HOUR);
    expect(limits).toMatchObject({ depositDaily: 10_000, lossDaily: 5_000 });
    expect(await pendingLimits(t.database.read, user, NOON + 2 * HOUR)).toEqual([
      { kind: 'depositDaily', amount: 20_000, effectiveAt: NOON + 25 * HOUR },
    ]);
    expect((await effectiveLimits(t.database.read, user, NOON + 25 * HOUR)).depositDaily).toBe(
      20_000,
    );

    // A later request replaces the waiting one.
    await t.database.write((tx) => setLimits(tx, user, { lossDaily: null }, NOON + 26 * HOUR));
    await t.database.write((tx) => setLimits(tx, user, { lossDaily: 4_000 }, NOON + 27 * HOUR));
    expect(await pendingLimits(t.database.read, user, NOON + 27 * HOUR)).toEqual([]);
    expect((await effectiveLimits(t.database.read, user, NOON + 60 * HOUR)).lossDaily).toBe(4_000);
  });
});

describe('deposit requests', () => {
  it('count from the request unless they fail, and are refused past a limit', async () => {
    const user = await seedUser(t.database);
    await t.database.write((tx) => setLimits(tx, user, { depositDaily: 10_000 }, NOON));
    const request = (amount: number, now: number) =>
      t.database.write((tx) =>
        createPaymentRequest(tx, {
          userId: user,
          kind: 'deposit',
          provider: 'sandbox',
          phone: '0961234567',
          operator: 'mtn',
          amount,
          now,
        }),
      );
    const { payment } = await request(6_000, NOON);
    await expect(request(5_000, NOON + HOUR)).rejects.toBeInstanceOf(LimitReachedError);
    await t.database.write((tx) =>
      applyPaymentStatus(tx, {
        paymentId: payment.id,
        status: 'failed',
        providerStatus: 'FAILED',
        source: 'callback',
        payload: {},
        now: NOON + HOUR,
      }),
    );
    await request(10_000, NOON + 2 * HOUR);
    const refused = await request(100, NOON + 3 * HOUR).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LimitReachedError);
    expect(refused).toMatchObject({
      kind: 'depositDaily',
      limit: 10_000,
      resetsAt: NOON + 12 * HOUR,
    });
    // The next Lusaka day starts from zero.
    await request(100, NOON + 12 * HOUR);
    const rows = await t.database.read
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.userId, user));
    expect(rows).toHaveLength(3);
  });
});

describe('self-exclusion', () => {
  it('refuses deposits and stakes, is never shortened, and a longer one extends it', async () => {
    const user = await seedUser(t.database);
    await fundWallet(t.database, user, 10_000, { now: NOON - HOUR });
    const room = await seedRoom(t.database, { hostId: user, amount: 1_000 });
    await t.database.write((tx) => startExclusion(tx, user, '7d', NOON));
    await expect(
      t.database.write((tx) => stake(tx, { roomId: room, userId: user, now: NOON + HOUR })),
    ).rejects.toBeInstanceOf(SelfExcludedError);
    await expect(
      t.database.write((tx) =>
        createPaymentRequest(tx, {
          userId: user,
          kind: 'deposit',
          provider: 'sandbox',
          phone: '0961234567',
          operator: 'mtn',
          amount: 1_000,
          now: NOON + HOUR,
        }),
      ),
    ).rejects.toBeInstanceOf(SelfExcludedError);
    // A withdrawal is never blocked.
    await t.database.write((tx) =>
      createPaymentRequest(tx, {
        userId: user,
        kind: 'withdrawal',
        provider: 'sandbox',
        phone: '0961234567',
        operator: 'mtn',
        amount: 1_000,
        now: NOON + HOUR,
      }),
    );
    await expect(
      t.database.write((tx) => startExclusion(tx, user, '24h', NOON + HOUR)),
    ).rejects.toBeInstanceOf(ExclusionRunningError);
    await t.database.write((tx) => startExclusion(tx, user, '30d', NOON + HOUR));
    expect((await activeExclusion(t.database.read, user, NOON + 8 * 24 * HOUR))?.until).toBe(
      NOON + HOUR + 30 * 24 * HOUR,
    );
    await t.database.write((tx) => startExclusion(tx, user, 'permanent', NOON + 2 * HOUR));
    await expect(
      t.database.write((tx) => startExclusion(tx, user, '180d', NOON + 3 * HOUR)),
    ).rejects.toBeInstanceOf(ExclusionRunningError);
    expect(await activeExclusion(t.database.read, user, NOON + 5000 * 24 * HOUR)).toMatchObject({
      until: null,
    });
  });
});

type Op =
  | { kind: 'deposit'; amount: number; advance: number }
  | { kind: 'stake'; amount: number; advance: number }
  | { kind: 'refund'; pick: number; advance: number }
  | { kind: 'win'; pick: number; share: number; advance: number };

const advance = fc.integer({ min: 0, max: 30 * 60 }).map((minutes) => minutes * 60_000);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('deposit' as const),
    amount: fc.integer({ min: 1, max: 200 }),
    advance,
  }),
  fc.record({
    kind: fc.constant('stake' as const),
    amount: fc.integer({ min: 1, max: 50 }),
    advance,
  }),
  fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), advance }),
  fc.record({
    kind: fc.constant('win' as const),
    pick: fc.nat(),
    share: fc.integer({ min: 0, max: 100 }),
    advance,
  }),
);

describe('loss limits (property)', () => {
  it('a stake the database accepted never takes the net loss past a loss limit', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          lossDaily: fc.option(fc.integer({ min: 5, max: 150 }), { nil: null }),
          lossWeekly: fc.option(fc.integer({ min: 20, max: 400 }), { nil: null }),
          lossMonthly: fc.option(fc.integer({ min: 50, max: 800 }), { nil: null }),
        }),
        fc.array(op, { minLength: 1, maxLength: 14 }),
        async (limitsZmw, ops) => {
          const user = await seedUser(t.database);
          let now = NOON;
          const ngwee = (zmw: number | null) => (zmw === null ? null : zmw * 100);
          const limits = {
            lossDaily: ngwee(limitsZmw.lossDaily),
            lossWeekly: ngwee(limitsZmw.lossWeekly),
            lossMonthly: ngwee(limitsZmw.lossMonthly),
          };
          await t.database.write((tx) => setLimits(tx, user, limits, now));
          const open: string[] = [];
          for (const step of ops) {
            now += step.advance;
            if (step.kind === 'deposit') {
              await fundWallet(t.database, user, step.amount * 100, { now });
            } else if (step.kind === 'stake') {
              const room = await seedRoom(t.database, { hostId: user, amount: step.amount * 100 });
              const at = now;
              const accepted = await t.database
                .write((tx) => stake(tx, { roomId: room, userId: user, now: at }))
                .then(() => true)
                .catch((error: unknown) => {
                  if (error instanceof LimitReachedError) return false;
                  if (error instanceof InsufficientFundsError) return false;
                  throw error;
                });
              if (!accepted) continue;
              open.push(room);
              for (const [kind, unit] of [
                ['lossDaily', 'day'],
                ['lossWeekly', 'week'],
                ['lossMonthly', 'month'],
              ] as const) {
                const limit = limits[kind];
                if (limit === null) continue;
                const period = lusakaPeriod(unit, now);
                const loss = await netLossIn(t.database.read, user, period.start, period.end);
                expect(loss).toBeLessThanOrEqual(limit);
              }
            } else if (open.length > 0) {
              const room = open.splice(step.pick % open.length, 1)[0]!;
              const at = now;
              if (step.kind === 'refund') {
                await t.database.write((tx) =>
                  refundStake(tx, { roomId: room, userId: user, now: at }),
                );
              } else {
                const held = await balanceOf(t.database.read, accountIds.escrow(room));
                const paid = Math.floor((held * step.share) / 100);
                await t.database.write((tx) =>
                  settleRoom(tx, {
                    roomId: room,
                    payouts: [{ userId: user, amount: paid }],
                    systemShare: held - paid,
                    now: at,
                  }),
                );
              }
            }
          }
          const lines = await t.database.read
            .select()
            .from(userTransactions)
            .where(eq(userTransactions.userId, user));
          expect(lines.every((line) => line.amount > 0)).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});
