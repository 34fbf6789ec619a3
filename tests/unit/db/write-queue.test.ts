import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIds, balanceOf, checkLedger, InsufficientFundsError } from '#db/ledger.ts';
import { applyPaymentStatus, createPaymentRequest } from '#db/payments.ts';
import { createTestDatabase, fundWallet, seedUser } from '#tests/support/db.ts';
import type { TestDatabase } from '#tests/support/db.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

const payment = (userId: string, kind: 'deposit' | 'withdrawal', amount: number) => ({
  userId,
  kind,
  provider: 'sandbox' as const,
  phone: '0951234567',
  operator: 'zamtel' as const,
  amount,
});

describe('the write queue', () => {
  it('runs 200 concurrent withdrawals from one wallet without ever taking more than it holds', async () => {
    const user = await seedUser(t.database);
    await fundWallet(t.database, user, 10_000);
    const amounts = Array.from({ length: 200 }, (_, i) => 100 + ((i * 37) % 150));
    const results = await Promise.allSettled(
      amounts.map((amount) =>
        t.database.write((tx) => createPaymentRequest(tx, payment(user, 'withdrawal', amount))),
      ),
    );
    const taken = results.reduce(
      (sum, r, i) => (r.status === 'fulfilled' ? sum + amounts[i]! : sum),
      0,
    );
    const refused = results.filter((r) => r.status === 'rejected');
    for (const r of refused) expect(r.reason).toBeInstanceOf(InsufficientFundsError);
    expect(refused.length).toBeGreaterThan(0);
    expect(taken).toBeLessThanOrEqual(10_000);
    expect(await balanceOf(t.database.read, accountIds.wallet(user))).toBe(10_000 - taken);
    expect(await balanceOf(t.database.read, accountIds.hold(user))).toBe(taken);
  });

  it('credits a deposit once when 50 COMPLETED callbacks arrive at once', async () => {
    const user = await seedUser(t.database);
    const { payment: deposit } = await t.database.write((tx) =>
      createPaymentRequest(tx, payment(user, 'deposit', 4_200)),
    );
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.database.write((tx) =>
          applyPaymentStatus(tx, {
            paymentId: deposit.id,
            status: 'completed',
            providerStatus: 'COMPLETED',
            source: 'callback',
            payload: { depositId: deposit.id },
          }),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.settled)).toHaveLength(1);
    expect(await balanceOf(t.database.read, accountIds.wallet(user))).toBe(4_200);
  });

  it('keeps going after a failed transaction, which rolls back entirely', async () => {
    const user = await seedUser(t.database);
    await expect(
      t.database.write(async (tx) => {
        await createPaymentRequest(tx, payment(user, 'deposit', 100));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const after = await t.database.write(async () => 'still running');
    expect(after).toBe('still running');
    const report = await checkLedger(t.database.read);
    expect(report.mismatchedAccounts).toEqual([]);
  });

  it('refuses a write nested inside another instead of deadlocking', async () => {
    await expect(t.database.write(() => t.database.write(async () => 1))).rejects.toThrow(
      /inside another write/,
    );
  });

  it('lets reads run while a write transaction is open', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const user = await seedUser(t.database);
    const writing = t.database.write(async (tx) => {
      await createPaymentRequest(tx, payment(user, 'deposit', 100));
      await gate;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await balanceOf(t.database.read, accountIds.wallet(user))).toBe(0);
    release();
    await writing;
  });
});
