import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIds, balanceOf, checkLedger, InsufficientFundsError } from '#db/ledger.ts';
import {
  applyPaymentStatus,
  createPaymentRequest,
  pendingPayments,
  UnknownPaymentError,
} from '#db/payments.ts';
import { paymentEvents } from '#db/schema/payments.ts';
import { userTransactions } from '#db/schema/wallet-history.ts';
import { paymentStatusOf } from '#site/server/payments/pawapay-wire.ts';
import type { PaymentKind, PaymentStatus } from '#game/payment-vocabulary.ts';
import { createTestDatabase, fundWallet, seedUser } from '#tests/support/db.ts';
import type { TestDatabase } from '#tests/support/db.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

const wallet = (user: string) => balanceOf(t.database.read, accountIds.wallet(user));
const hold = (user: string) => balanceOf(t.database.read, accountIds.hold(user));

function request(userId: string, kind: PaymentKind, amount: number, now?: number) {
  return t.database.write((tx) =>
    createPaymentRequest(tx, {
      userId,
      kind,
      provider: 'sandbox',
      phone: '0971234567',
      operator: 'airtel',
      amount,
      now,
    }),
  );
}

/** A report of the provider's word `word`, read as pawaPay's module reads it unless `status` says. */
interface ReportOptions {
  source?: 'callback' | 'reconciler';
  status?: PaymentStatus;
}

function report(
  paymentId: string,
  word: string,
  { source = 'callback', status = paymentStatusOf(word) }: ReportOptions = {},
) {
  return t.database.write((tx) =>
    applyPaymentStatus(tx, {
      paymentId,
      status,
      providerStatus: word,
      source,
      payload: { status: word },
      now: 5_000,
    }),
  );
}

async function historyOf(userId: string) {
  return t.database.read
    .select({
      type: userTransactions.type,
      status: userTransactions.status,
      amount: userTransactions.amount,
    })
    .from(userTransactions)
    .where(eq(userTransactions.userId, userId));
}

describe('deposits', () => {
  it('credit the wallet once, on the first COMPLETED, whatever arrives after', async () => {
    const user = await seedUser(t.database);
    const { payment } = await request(user, 'deposit', 5000);
    expect(payment.status).toBe('pending');
    expect(await historyOf(user)).toEqual([{ type: 'deposit', status: 'pending', amount: 5000 }]);

    expect((await report(payment.id, 'PROCESSING')).settled).toBe(false);
    expect(await wallet(user)).toBe(0);
    const done = await report(payment.id, 'COMPLETED');
    expect(done).toMatchObject({ settled: true, payment: { status: 'completed' } });
    await report(payment.id, 'COMPLETED');
    const late = await report(payment.id, 'FAILED');
    expect(late).toMatchObject({ settled: false, payment: { status: 'completed' } });

    expect(await wallet(user)).toBe(5000);
    expect(await historyOf(user)).toEqual([{ type: 'deposit', status: 'completed', amount: 5000 }]);
    const events = await t.database.read
      .select({ status: paymentEvents.status })
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, payment.id));
    expect(events.map((e) => e.status)).toEqual(['PROCESSING', 'COMPLETED', 'COMPLETED', 'FAILED']);
  });

  it('that fail first never credit, even if COMPLETED comes later', async () => {
    const user = await seedUser(t.database);
    const { payment } = await request(user, 'deposit', 800);
    const failed = await t.database.write((tx) =>
      applyPaymentStatus(tx, {
        paymentId: payment.id,
        status: 'failed',
        providerStatus: 'FAILED',
        failureReason: 'PAYER_LIMIT_REACHED',
        source: 'callback',
        payload: {},
      }),
    );
    expect(failed.payment).toMatchObject({
      status: 'failed',
      failureReason: 'PAYER_LIMIT_REACHED',
    });
    await report(payment.id, 'COMPLETED');
    expect(await wallet(user)).toBe(0);
    expect(await historyOf(user)).toEqual([{ type: 'deposit', status: 'failed', amount: 800 }]);
  });

  it('are recorded once per id', async () => {
    const user = await seedUser(t.database);
    const id = crypto.randomUUID();
    const make = () =>
      t.database.write((tx) =>
        createPaymentRequest(tx, {
          id,
          userId: user,
          kind: 'withdrawal',
          provider: 'sandbox',
          phone: '0971234567',
          operator: 'airtel',
          amount: 100,
        }),
      );
    await fundWallet(t.database, user, 100);
    expect((await make()).duplicate).toBe(false);
    expect((await make()).duplicate).toBe(true);
    expect(await wallet(user)).toBe(0);
    expect(await hold(user)).toBe(100);
  });
});

describe('withdrawals', () => {
  it('hold the amount at once and refuse more than the wallet holds', async () => {
    const user = await seedUser(t.database);
    await fundWallet(t.database, user, 1000);
    await request(user, 'withdrawal', 600);
    expect(await wallet(user)).toBe(400);
    expect(await hold(user)).toBe(600);
    await expect(request(user, 'withdrawal', 401)).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await historyOf(user)).toHaveLength(2); // the deposit and the first withdrawal
  });

  it('pay out from the hold when COMPLETED', async () => {
    const user = await seedUser(t.database);
    await fundWallet(t.database, user, 1000);
    const { payment } = await request(user, 'withdrawal', 1000);
    await report(payment.id, 'COMPLETED');
    await report(payment.id, 'FAILED');
    expect(await wallet(user)).toBe(0);
    expect(await hold(user)).toBe(0);
  });

  it('return the hold to the wallet when FAILED or REJECTED, once', async () => {
    // FAILED from a report; REJECTED from an initiation (its module reads it as failed).
    for (const status of ['FAILED', 'REJECTED']) {
      const user = await seedUser(t.database);
      await fundWallet(t.database, user, 1000);
      const { payment } = await request(user, 'withdrawal', 300);
      await report(payment.id, status, { status: 'failed' });
      await report(payment.id, status, { status: 'failed' });
      await report(payment.id, 'COMPLETED');
      expect(await wallet(user)).toBe(1000);
      expect(await hold(user)).toBe(0);
    }
  });
});

describe('status reports', () => {
  it('for an unknown payment throw UnknownPaymentError', async () => {
    await expect(report(crypto.randomUUID(), 'COMPLETED')).rejects.toBeInstanceOf(
      UnknownPaymentError,
    );
  });

  it('refuse amounts that are not positive whole ngwee', async () => {
    const user = await seedUser(t.database);
    await expect(request(user, 'deposit', 10.5)).rejects.toBeInstanceOf(RangeError);
    await expect(request(user, 'deposit', 0)).rejects.toBeInstanceOf(RangeError);
  });
});

describe('pendingPayments', () => {
  it('lists pending payments not checked recently, the longest waiting first', async () => {
    const user = await seedUser(t.database);
    const base = 1_000_000_000_000;
    const old = (await request(user, 'deposit', 100, base)).payment;
    const older = (await request(user, 'deposit', 100, base - 10_000)).payment;
    const recent = (await request(user, 'deposit', 100, base + 55_000)).payment;
    const done = (await request(user, 'deposit', 100, base - 20_000)).payment;
    await report(done.id, 'COMPLETED');

    const now = base + 60_000;
    const due = await pendingPayments(t.database.read, { olderThanMs: 30_000, now, limit: 10 });
    const mine = due.filter((p) => p.userId === user).map((p) => p.id);
    expect(mine).toEqual([older.id, old.id]);
    expect(mine).not.toContain(recent.id);

    await t.database.write((tx) =>
      applyPaymentStatus(tx, {
        paymentId: older.id,
        status: 'pending',
        providerStatus: 'PROCESSING',
        source: 'reconciler',
        payload: {},
        now,
      }),
    );
    const next = await pendingPayments(t.database.read, { olderThanMs: 30_000, now, limit: 10 });
    expect(next.filter((p) => p.userId === user).map((p) => p.id)).toEqual([old.id]);
    const limited = await pendingPayments(t.database.read, { olderThanMs: 0, now, limit: 1 });
    expect(limited).toHaveLength(1);
  });

  it('leaves the ledger consistent', async () => {
    const report = await checkLedger(t.database.read);
    expect(report.sumOfAllPostings).toBe(0);
    expect(report.mismatchedAccounts).toEqual([]);
    expect(report.negativeAccounts).toEqual([]);
  });
});
