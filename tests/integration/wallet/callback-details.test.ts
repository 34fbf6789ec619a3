// A provider's report moves money only when it describes the payment we asked for: the same amount,
// in ZMW, to or from the same number. A signed callback or a status answer that disagrees credits
// nothing, is kept in the payment's history, reaches the operator's error log, and leaves the
// payment pending (docs/decisions/017).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminErrors } from '#db/schema/operator.ts';
import { paymentEvents } from '#db/schema/payments.ts';
import {
  postCallback,
  sandboxCallback,
  startWalletApp,
  type TestPlayer,
  type WalletApp,
} from '#tests/support/wallet-app.ts';

const STUCK = '0961234129'; // neither the sandbox nor the fake pawaPay ever answers this number

async function stuck(
  app: WalletApp,
  player: TestPlayer,
  kind: 'deposit' | 'withdraw',
  amount = 20,
) {
  const answer = await player.client.post(`/api/wallet/${kind}`, { phone: STUCK, amount });
  expect(answer.status).toBe(202);
  return answer.json.paymentId as string;
}

async function mismatchesOf(app: WalletApp, paymentId: string) {
  const events = await app.database.read
    .select()
    .from(paymentEvents)
    .where(and(eq(paymentEvents.paymentId, paymentId), eq(paymentEvents.status, 'MISMATCH')));
  const errors = (await app.database.read.select().from(adminErrors)).filter((row) =>
    row.details?.includes(paymentId),
  );
  return { events, errors };
}

async function expectCleanLedger(app: WalletApp) {
  const report = await app.ledger();
  expect(report.sumOfAllPostings).toBe(0);
  expect(report.mismatchedAccounts).toEqual([]);
  expect(report.negativeAccounts).toEqual([]);
  expect(report.unbalancedTransfers).toEqual([]);
}

describe('sandbox callbacks', () => {
  let app: WalletApp;

  beforeAll(async () => {
    app = await startWalletApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  const wrong: [string, { amount?: string; phone?: string; currency?: string }, string][] = [
    ['a larger amount', { amount: '2000' }, 'amount'],
    ['another phone', { phone: '0971112223' }, 'phone'],
    ['another currency', { currency: 'USD' }, 'currency'],
  ];

  test.each(wrong)('a COMPLETED deposit with %s credits nothing', async (_name, change, field) => {
    const player = await app.player();
    const paymentId = await stuck(app, player, 'deposit');
    const callback = sandboxCallback(app.url, {
      id: paymentId,
      kind: 'deposit',
      status: 'COMPLETED',
      amount: '20',
      phone: STUCK,
      ...change,
    });
    expect(await postCallback(callback)).toBe(200);
    expect(await postCallback(callback)).toBe(200);

    expect((await app.payment(paymentId))?.status).toBe('pending');
    expect(await app.balances(player.id)).toEqual({ wallet: 0, hold: 0 });
    const { events, errors } = await mismatchesOf(app, paymentId);
    expect(events).toHaveLength(2);
    expect(events[0]!.source).toBe('callback');
    expect(errors).toHaveLength(1); // once per payment, however often it is repeated
    expect(errors[0]!.message).toBe('Payment report does not match the payment request');
    const details = JSON.parse(errors[0]!.details ?? '{}') as Record<string, unknown>;
    expect(details).toMatchObject({ paymentId, kind: 'deposit', providerStatus: 'COMPLETED' });
    expect(details.mismatches).toEqual([expect.stringContaining(field)]);
    await expectCleanLedger(app);

    // The matching report still settles it.
    const right = sandboxCallback(app.url, {
      id: paymentId,
      kind: 'deposit',
      status: 'COMPLETED',
      amount: '20',
      phone: STUCK,
    });
    expect(await postCallback(right)).toBe(200);
    expect(await app.balances(player.id)).toEqual({ wallet: 2000, hold: 0 });
  });

  test('a FAILED payout for another amount does not return the held money', async () => {
    const player = await app.player({ fundZmw: 50, fundPhone: STUCK });
    const paymentId = await stuck(app, player, 'withdraw', 30);
    expect(await app.balances(player.id)).toEqual({ wallet: 2000, hold: 3000 });
    const callback = sandboxCallback(app.url, {
      id: paymentId,
      kind: 'withdrawal',
      status: 'FAILED',
      failureCode: 'RECIPIENT_NOT_FOUND',
      amount: '3',
      phone: STUCK,
    });
    expect(await postCallback(callback)).toBe(200);
    expect((await app.payment(paymentId))?.status).toBe('pending');
    expect(await app.balances(player.id)).toEqual({ wallet: 2000, hold: 3000 });
    await expectCleanLedger(app);
  });

  test('a COMPLETED payout to another phone is not booked as paid', async () => {
    const player = await app.player({ fundZmw: 50, fundPhone: STUCK });
    const paymentId = await stuck(app, player, 'withdraw', 30);
    const callback = sandboxCallback(app.url, {
      id: paymentId,
      kind: 'withdrawal',
      status: 'COMPLETED',
      amount: '30',
      phone: '0971112223',
    });
    expect(await postCallback(callback)).toBe(200);
    expect((await app.payment(paymentId))?.status).toBe('pending');
    expect(await app.balances(player.id)).toEqual({ wallet: 2000, hold: 3000 });
    expect((await mismatchesOf(app, paymentId)).errors).toHaveLength(1);
  });
});

describe('pawaPay (the fake) callbacks and status checks', () => {
  let app: WalletApp;
  let fake: NonNullable<WalletApp['fake']>;

  beforeAll(async () => {
    app = await startWalletApp({ provider: 'pawapay' });
    fake = app.fake!;
  });

  afterAll(async () => {
    await app?.close();
  });

  const wrong: [string, { amount?: string; msisdn?: string; currency?: string }][] = [
    ['a larger amount', { amount: '2000' }],
    ['another phone', { msisdn: '260971112223' }],
    ['another currency', { currency: 'USD' }],
  ];

  test.each(wrong)('a signed COMPLETED callback with %s credits nothing', async (_name, change) => {
    const player = await app.player();
    const paymentId = await stuck(app, player, 'deposit', 20);
    expect(await fake.deliverCallback(paymentId, { status: 'COMPLETED', ...change })).toBe(200);
    expect((await app.payment(paymentId))?.status).toBe('pending');
    expect(await app.balances(player.id)).toEqual({ wallet: 0, hold: 0 });
    expect((await mismatchesOf(app, paymentId)).errors).toHaveLength(1);
    await expectCleanLedger(app);
  });

  test('the reconciler makes the same comparison: a disagreeing status answer settles nothing', async () => {
    const player = await app.player();
    const paymentId = await stuck(app, player, 'deposit', 20);
    // pawaPay's record says COMPLETED, but for ZMW 2,000.
    await app.waitFor(() => fake.payment(paymentId)?.status === 'SUBMITTED');
    fake.alter(paymentId, { status: 'COMPLETED', amount: '2000' });
    await fake.deliverCallback(paymentId, { status: 'COMPLETED' });
    const later = Date.now() + 60_000;
    const report = await app.wallet.reconcile({ now: later });
    expect(report.resolved).toBe(0);
    expect((await app.payment(paymentId))?.status).toBe('pending');
    expect(await app.balances(player.id)).toEqual({ wallet: 0, hold: 0 });
    const { events, errors } = await mismatchesOf(app, paymentId);
    expect(events.map((event) => event.source).sort()).toEqual(['callback', 'status_check']);
    expect(errors).toHaveLength(1);
    await expectCleanLedger(app);
  });

  test('a payout whose status answer names another number is not refunded nor booked', async () => {
    const player = await app.player({ fundZmw: 40, fundPhone: STUCK });
    const paymentId = await stuck(app, player, 'withdraw', 25);
    await app.waitFor(() => fake.payment(paymentId)?.status === 'SUBMITTED');
    fake.alter(paymentId, { status: 'COMPLETED', msisdn: '260971112223' });
    await app.wallet.reconcile({ now: Date.now() + 60_000 });
    expect((await app.payment(paymentId))?.status).toBe('pending');
    expect(await app.balances(player.id)).toEqual({ wallet: 1500, hold: 2500 });
  });
});
