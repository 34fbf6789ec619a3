// What the user is told, and where the money is, when the provider refuses a payment at once, or
// fails in a way that tells us nothing.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { InitiationResult } from '#site/server/payments/provider.ts';
import { startWalletApp, type WalletApp } from '#tests/support/wallet-app.ts';

let app: WalletApp;
/** What the next initiation answers instead of asking the sandbox; null → the sandbox. */
let next: InitiationResult | 'throw' | null = null;
let initiations = 0;

beforeAll(async () => {
  app = await startWalletApp({
    sandboxDelayMs: 60_000, // nothing completes during these tests unless a test says so
    wrapProvider: (provider) => ({
      ...provider,
      async initiate(instruction) {
        initiations += 1;
        const scripted = next;
        next = null;
        if (scripted === 'throw') throw new Error('socket hang up');
        return scripted ?? provider.initiate(instruction);
      },
    }),
  });
});

afterAll(async () => {
  await app?.close();
});

test('a deposit the provider rejects answers what to do next; nothing moved', async () => {
  const player = await app.player();
  next = { outcome: 'rejected', reason: 'PROVIDER_TEMPORARILY_UNAVAILABLE' };
  const answer = await player.client.post('/api/wallet/deposit', {
    phone: '0961234567',
    amount: 10,
  });
  expect(answer.status).toBe(503);
  expect(answer.json).toEqual({
    error:
      'Your deposit did not go through. No money was taken. The mobile money operator is not available right now. Please try again in a few minutes.',
    code: 'payment_failed',
  });
  const history = await player.client.get('/api/wallet/transactions');
  expect(history.json.transactions).toMatchObject([
    { type: 'deposit', status: 'failed', amount: 10 },
  ]);
  expect(await app.balances(player.id)).toEqual({ wallet: 0, hold: 0 });
});

test('a withdrawal the provider rejects puts the held money straight back', async () => {
  const player = await app.player({ fundZmw: 25 });
  next = { outcome: 'rejected', reason: 'AMOUNT_OUT_OF_BOUNDS' };
  const answer = await player.client.post('/api/wallet/withdraw', {
    phone: '0961234567',
    amount: 25,
  });
  expect(answer.status).toBe(422);
  expect(answer.json.error).toBe(
    'Your withdrawal did not go through. The money is back in your wallet. This amount is outside what the operator allows for a withdrawal. Please try a different amount.',
  );
  expect(await app.balances(player.id)).toEqual({ wallet: 2500, hold: 0 });
  const report = await app.ledger();
  expect(report.mismatchedAccounts).toEqual([]);
});

test('an unlisted rejection code still reads as a sentence with a next step', async () => {
  const player = await app.player();
  next = { outcome: 'rejected', reason: 'SOMETHING_NEW' };
  const answer = await player.client.post('/api/wallet/deposit', {
    phone: '0961234567',
    amount: 1,
  });
  expect(answer.status).toBe(502);
  expect(answer.json.error).toBe(
    'Your deposit did not go through. No money was taken. The mobile money provider could not complete it. Please try again in a few minutes.',
  );
});

test('a provider that throws is treated as unknown: pending, money held, never failed', async () => {
  const player = await app.player({ fundZmw: 10 });
  next = 'throw';
  const answer = await player.client.post('/api/wallet/withdraw', {
    phone: '0961234567',
    amount: 10,
  });
  expect(answer.status).toBe(202);
  expect(answer.json.transaction).toMatchObject({ status: 'pending' });
  expect(await app.balances(player.id)).toEqual({ wallet: 0, hold: 1000 });
  expect((await app.payment(answer.json.paymentId as string))?.status).toBe('pending');
});

test('a repeated Idempotency-Key after a rejection answers the same refusal without a new request', async () => {
  const player = await app.player();
  const headers = { 'Idempotency-Key': 'rejected-once' };
  const body = { phone: '0961234567', amount: 3 };
  next = { outcome: 'rejected', reason: 'PAYER_LIMIT_REACHED' };
  const first = await player.client.post('/api/wallet/deposit', body, headers);
  const before = initiations;
  const again = await player.client.post('/api/wallet/deposit', body, headers);
  expect(initiations).toBe(before);
  expect(first.status).toBe(422);
  expect(again.status).toBe(first.status);
  expect(again.json).toEqual(first.json);
});

test('a duplicate answer from the provider keeps the payment pending', async () => {
  const player = await app.player();
  next = { outcome: 'duplicate' };
  const answer = await player.client.post('/api/wallet/deposit', {
    phone: '0961234567',
    amount: 2,
  });
  expect(answer.status).toBe(202);
  expect(answer.json.message).toBe(
    'Approve the payment of ZMW 2.00 on your phone (0961234567) to complete your deposit.',
  );
});
