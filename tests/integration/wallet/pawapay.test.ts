// The wallet with the pawaPay provider against the fake pawaPay: lost answers, payments that never
// finish, callbacks that contradict each other, and the reconciler settling what no callback did.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { paymentEvents } from '#db/schema/payments.ts';
import { startWalletApp, type TestPlayer, type WalletApp } from '#tests/support/wallet-app.ts';

let app: WalletApp;
let fake: NonNullable<WalletApp['fake']>;
let callbackUrl: string;

beforeAll(async () => {
  // One test waits out a pawaPay that hangs; every other answer comes well within 3 s.
  app = await startWalletApp({ provider: 'pawapay', pawapayTimeoutMs: 3_000 });
  fake = app.fake!;
  callbackUrl = `${app.url}/api/payments/callback/pawapay`;
});

afterAll(async () => {
  await app?.close();
});

const minutes = (n: number) => n * 60_000;

async function waitForStatus(paymentId: string, status: string) {
  await app.waitFor(async () => (await app.payment(paymentId))?.status === status);
}

/** Runs the reconciler as if `aheadMs` had passed, so every pending payment is due. */
function reconcileLater(aheadMs: number) {
  return app.wallet.reconcile({ now: Date.now() + aheadMs });
}

describe('normal flow', () => {
  test('a deposit completes through the signed pawaPay callback', async () => {
    const player = await app.player();
    const answer = await player.client.post('/api/wallet/deposit', {
      phone: '0961234567',
      amount: 15.5,
    });
    expect(answer.status).toBe(202);
    const paymentId = answer.json.paymentId as string;
    expect(fake.payment(paymentId)).toMatchObject({ amount: '15.5', msisdn: '260961234567' });
    await waitForStatus(paymentId, 'completed');
    expect((await app.balances(player.id)).wallet).toBe(1550);
    await app.waitFor(() => fake.callbacks().some((c) => c.id === paymentId));
    expect(fake.callbacks().filter((c) => c.id === paymentId)).toEqual([
      { id: paymentId, status: 'COMPLETED', answeredWith: 200 },
    ]);
  });

  test('a payout the network fails returns the money', async () => {
    const player = await app.player({ fundZmw: 40, fundPhone: '0971234089' });
    const answer = await player.client.post('/api/wallet/withdraw', {
      phone: '0971234089', // Airtel: RECIPIENT_NOT_FOUND
      amount: 25,
    });
    expect(answer.status).toBe(202);
    await waitForStatus(answer.json.paymentId as string, 'failed');
    expect(await app.balances(player.id)).toEqual({ wallet: 4000, hold: 0 });
  });
});

describe('lost answers', () => {
  test('UNKNOWN_ERROR at initiation leaves the deposit pending; the reconciler settles it', async () => {
    const player = await app.player();
    fake.setCallbackUrl('http://127.0.0.1:9/nowhere'); // no callback will reach the site
    try {
      fake.failNext('unknown-error', { create: true });
      const answer = await player.client.post('/api/wallet/deposit', {
        phone: '0961234567',
        amount: 30,
      });
      expect(answer.status).toBe(202);
      expect(answer.json.message).toBe(
        'Your deposit of ZMW 30.00 is being processed. If a prompt appears on your phone (0961234567), approve it; your balance updates as soon as the operator confirms.',
      );
      const paymentId = answer.json.paymentId as string;
      expect((await app.payment(paymentId))?.status).toBe('pending');
      await app.waitFor(() => fake.payment(paymentId)?.status === 'COMPLETED');

      expect(await app.wallet.reconcile()).toEqual({ checked: 0, resolved: 0 }); // not due yet
      const report = await reconcileLater(minutes(1));
      expect(report).toEqual({ checked: 1, resolved: 1 });
      expect((await app.payment(paymentId))?.status).toBe('completed');
      expect((await app.balances(player.id)).wallet).toBe(3000);
      // The provider was asked to send the callback it could not deliver.
      expect(fake.requests()).toContainEqual({
        method: 'POST',
        path: `/v2/deposits/resend-callback/${paymentId}`,
      });
      expect(await reconcileLater(minutes(1))).toEqual({ checked: 0, resolved: 0 });
    } finally {
      fake.setCallbackUrl(callbackUrl);
    }
  });

  test('a deposit that never reached pawaPay stays pending, then fails safely after 10 minutes', async () => {
    const player = await app.player();
    fake.failNext('unknown-error'); // lost before pawaPay recorded it
    const answer = await player.client.post('/api/wallet/deposit', {
      phone: '0961234567',
      amount: 12,
    });
    expect(answer.status).toBe(202);
    const paymentId = answer.json.paymentId as string;
    expect(fake.payment(paymentId)).toBeUndefined();

    expect(await reconcileLater(minutes(1))).toMatchObject({ resolved: 0 });
    expect((await app.payment(paymentId))?.status).toBe('pending');
    expect(await reconcileLater(minutes(11))).toMatchObject({ resolved: 1 });
    expect(await app.payment(paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'NOT_FOUND_AT_PROVIDER',
    });
    expect(await app.balances(player.id)).toEqual({ wallet: 0, hold: 0 });
    // A deposit is never sent twice: the reconciler did not initiate it again.
    expect(fake.payment(paymentId)).toBeUndefined();
  });

  test('a timeout is not a failure: the payout pawaPay did receive is settled by its callback', async () => {
    const player = await app.player({ fundZmw: 20 });
    fake.failNext('hang', { create: true });
    const answer = await player.client.post('/api/wallet/withdraw', {
      phone: '0961234567',
      amount: 20,
    });
    expect(answer.status).toBe(202);
    const paymentId = answer.json.paymentId as string;
    // The payout went through at pawaPay; its callback settles it.
    await waitForStatus(paymentId, 'completed');
    expect(await app.balances(player.id)).toEqual({ wallet: 0, hold: 0 });
    const events = await app.database.read
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, paymentId));
    expect(events).toContainEqual(
      expect.objectContaining({ source: 'initiation', status: 'UNKNOWN' }),
    );
  });

  test('a payout pawaPay never received is sent again under the same id, never refunded blindly', async () => {
    const player = await app.player({ fundZmw: 50 });
    fake.failNext('unknown-error');
    const answer = await player.client.post('/api/wallet/withdraw', {
      phone: '0961234567',
      amount: 35,
    });
    expect(answer.status).toBe(202);
    const paymentId = answer.json.paymentId as string;
    expect(fake.payment(paymentId)).toBeUndefined();
    expect(await app.balances(player.id)).toEqual({ wallet: 1500, hold: 3500 });

    const report = await reconcileLater(minutes(1));
    expect(report).toEqual({ checked: 1, resolved: 0 });
    expect(fake.payment(paymentId)).toMatchObject({ kind: 'payout', amount: '35' });
    await waitForStatus(paymentId, 'completed');
    expect(await app.balances(player.id)).toEqual({ wallet: 1500, hold: 0 });
    const initiations = fake
      .requests()
      .filter((request) => request.method === 'POST' && request.path === '/v2/payouts');
    expect(initiations.length).toBeGreaterThanOrEqual(2);
  });

  test('the timer runs the reconciler on its own', async () => {
    const player = await app.player();
    fake.setCallbackUrl('http://127.0.0.1:9/nowhere');
    const running = app.wallet.startReconciler({ intervalMs: 25, pendingAfterMs: 0 });
    try {
      fake.failNext('unknown-error', { create: true });
      const answer = await player.client.post('/api/wallet/deposit', {
        phone: '0971234567',
        amount: 8,
      });
      expect(answer.status).toBe(202);
      await waitForStatus(answer.json.paymentId as string, 'completed');
      expect((await app.balances(player.id)).wallet).toBe(800);
    } finally {
      await running.stop();
      fake.setCallbackUrl(callbackUrl);
    }
  });
});

describe('payments that never finish', () => {
  test('…129 stays pending, however often and however late the reconciler looks', async () => {
    const player = await app.player();
    const answer = await player.client.post('/api/wallet/deposit', {
      phone: '0961234129',
      amount: 9,
    });
    const paymentId = answer.json.paymentId as string;
    await app.waitFor(() => fake.payment(paymentId)?.status === 'SUBMITTED');
    for (const ahead of [minutes(1), minutes(30), minutes(24 * 60)]) {
      const report = await reconcileLater(ahead);
      expect(report.resolved).toBe(0);
      expect((await app.payment(paymentId))?.status).toBe('pending');
    }
    expect(await app.balances(player.id)).toEqual({ wallet: 0, hold: 0 });
  });
});

describe('contradicting callbacks', () => {
  async function stuckPayout(player: TestPlayer, amount: number): Promise<string> {
    const answer = await player.client.post('/api/wallet/withdraw', {
      phone: '0961234129',
      amount,
    });
    expect(answer.status).toBe(202);
    return answer.json.paymentId as string;
  }

  test('a payout reported FAILED returns the money exactly once, even if COMPLETED follows', async () => {
    const player = await app.player({ fundZmw: 60, fundPhone: '0961234129' });
    const paymentId = await stuckPayout(player, 45);
    expect(await app.balances(player.id)).toEqual({ wallet: 1500, hold: 4500 });
    expect(await fake.deliverCallback(paymentId, { status: 'FAILED' })).toBe(200);
    expect(await fake.deliverCallback(paymentId, { status: 'FAILED' })).toBe(200);
    expect(await fake.deliverCallback(paymentId, { status: 'COMPLETED' })).toBe(200);
    expect(await app.balances(player.id)).toEqual({ wallet: 6000, hold: 0 });
    expect((await app.payment(paymentId))?.status).toBe('failed');
  });

  test('a payout reported COMPLETED stays paid, even if FAILED follows', async () => {
    const player = await app.player({ fundZmw: 60, fundPhone: '0961234129' });
    const paymentId = await stuckPayout(player, 45);
    expect(await fake.deliverCallback(paymentId, { status: 'COMPLETED' })).toBe(200);
    expect(await fake.deliverCallback(paymentId, { status: 'FAILED' })).toBe(200);
    expect(await fake.deliverCallback(paymentId, { status: 'COMPLETED' })).toBe(200);
    expect(await app.balances(player.id)).toEqual({ wallet: 1500, hold: 0 });
    expect((await app.payment(paymentId))?.status).toBe('completed');
    const report = await app.ledger();
    expect(report.sumOfAllPostings).toBe(0);
    expect(report.mismatchedAccounts).toEqual([]);
    expect(report.negativeAccounts).toEqual([]);
  });

  test('50 duplicate signed callbacks at once credit exactly once', async () => {
    const player = await app.player();
    const answer = await player.client.post('/api/wallet/deposit', {
      phone: '0961234129',
      amount: 7.25,
    });
    const paymentId = answer.json.paymentId as string;
    const statuses = await Promise.all(
      Array.from({ length: 50 }, () => fake.deliverCallback(paymentId, { status: 'COMPLETED' })),
    );
    expect(statuses).toEqual(Array(50).fill(200));
    expect(await app.balances(player.id)).toEqual({ wallet: 725, hold: 0 });
  });
});
