// Deposits and withdrawals through the HTTP API with the built-in sandbox provider, on a real
// libSQL file: the money, what the user sees, and every refusal with its message.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWalletApp, type TestPlayer, type WalletApp } from '#tests/support/wallet-app.ts';

let app: WalletApp;

beforeAll(async () => {
  // Long enough for a test to see the pending state (the hold) before the "phone" answers.
  app = await startWalletApp({ sandboxDelayMs: 400 });
});

afterAll(async () => {
  await app?.close();
});

interface Transaction {
  id: string;
  type: string;
  amount: number;
  currency: string;
  status: string;
  createdAt: string;
}

async function paymentStatus(player: TestPlayer, paymentId: string): Promise<string> {
  const answer = await player.client.get(`/api/wallet/payments/${paymentId}`);
  return (answer.json.payment as { status: string }).status;
}

async function waitForPayment(player: TestPlayer, paymentId: string, status: string) {
  await app.waitFor(async () => (await paymentStatus(player, paymentId)) === status);
}

describe('deposit', () => {
  test('is pending at once, then completes and the balance goes up', async () => {
    const player = await app.player();
    const answer = await player.client.post('/api/wallet/deposit', {
      phone: '0961234567',
      amount: 25,
      operator: 'mtn',
    });
    expect(answer.status).toBe(202);
    expect(answer.json.message).toBe(
      'Approve the payment of ZMW 25.00 on your phone (0961234567) to complete your deposit.',
    );
    const transaction = answer.json.transaction as Transaction;
    expect(transaction).toMatchObject({
      type: 'deposit',
      amount: 25,
      currency: 'ZMW',
      status: 'pending',
    });
    expect(new Date(transaction.createdAt).toISOString()).toBe(transaction.createdAt);
    expect((await app.balances(player.id)).wallet).toBe(0);

    const paymentId = answer.json.paymentId as string;
    await waitForPayment(player, paymentId, 'completed');
    expect(await app.balances(player.id)).toEqual({ wallet: 2500, hold: 0 });
    const me = await player.client.get('/api/me');
    expect((me.json.user as { accountBalance: number }).accountBalance).toBe(25);
    const history = await player.client.get('/api/wallet/transactions');
    expect(history.json.transactions).toEqual([{ ...transaction, status: 'completed' }]);
  });

  test('keeps ngwee exact and infers the operator from the prefix', async () => {
    const player = await app.player();
    const answer = await player.client.post('/api/wallet/deposit', {
      phone: '0971234567',
      amount: 19.99,
    });
    expect(answer.status).toBe(202);
    expect(answer.json.message).toContain('ZMW 19.99');
    const payment = await app.payment(answer.json.paymentId as string);
    expect(payment).toMatchObject({ operator: 'airtel', amount: 1999, kind: 'deposit' });
    await waitForPayment(player, payment!.id, 'completed');
    expect((await app.balances(player.id)).wallet).toBe(1999);
  });

  test('a number the network declines fails, and no money moves', async () => {
    const player = await app.player();
    const answer = await player.client.post('/api/wallet/deposit', {
      phone: '0961234039', // sandbox: PAYMENT_NOT_APPROVED
      amount: 10,
    });
    expect(answer.status).toBe(202);
    const paymentId = answer.json.paymentId as string;
    await waitForPayment(player, paymentId, 'failed');
    const view = await player.client.get(`/api/wallet/payments/${paymentId}`);
    expect(view.json.payment).toMatchObject({
      status: 'failed',
      failureReason: 'PAYMENT_NOT_APPROVED',
    });
    expect((view.json.payment as { message: string }).message).toMatch(
      /^Your deposit did not go through\. No money was taken\. .*approve/,
    );
    expect(await app.balances(player.id)).toEqual({ wallet: 0, hold: 0 });
    const history = await player.client.get('/api/wallet/transactions');
    expect(history.json.transactions).toMatchObject([{ type: 'deposit', status: 'failed' }]);
  });
});

describe('withdrawal', () => {
  test('holds the money at once, then completes and the balance stays down', async () => {
    const player = await app.player({ fundZmw: 100 });
    const answer = await player.client.post('/api/wallet/withdraw', {
      phone: '0961234567',
      amount: 40,
      operator: 'mtn',
    });
    expect(answer.status).toBe(202);
    expect(answer.json.message).toBe('Your withdrawal of ZMW 40.00 is on its way to 0961234567.');
    expect(answer.json.transaction).toMatchObject({
      type: 'withdrawal',
      amount: 40,
      status: 'pending',
    });
    expect(await app.balances(player.id)).toEqual({ wallet: 6000, hold: 4000 });

    await waitForPayment(player, answer.json.paymentId as string, 'completed');
    expect(await app.balances(player.id)).toEqual({ wallet: 6000, hold: 0 });
    const me = await player.client.get('/api/me');
    expect((me.json.user as { accountBalance: number }).accountBalance).toBe(60);
  });

  test('a failed payout returns the money to the wallet', async () => {
    // The number funded the wallet first: withdrawals go only to such numbers.
    const player = await app.player({ fundZmw: 50, fundPhone: '0961234079' });
    const answer = await player.client.post('/api/wallet/withdraw', {
      phone: '0961234079', // sandbox: payout RECIPIENT_NOT_FOUND
      amount: 30,
    });
    expect(answer.status).toBe(202);
    expect(await app.balances(player.id)).toEqual({ wallet: 2000, hold: 3000 });
    await waitForPayment(player, answer.json.paymentId as string, 'failed');
    expect(await app.balances(player.id)).toEqual({ wallet: 5000, hold: 0 });
    const history = await player.client.get('/api/wallet/transactions');
    expect(history.json.transactions).toMatchObject([
      { type: 'withdrawal', status: 'failed', amount: 30 },
      { type: 'deposit', status: 'completed', amount: 50 },
    ]);
    const report = await app.ledger();
    expect(report.sumOfAllPostings).toBe(0);
    expect(report.mismatchedAccounts).toEqual([]);
  });

  test('more than the balance is refused with the spec message and nothing is held', async () => {
    const player = await app.player({ fundZmw: 10 });
    const answer = await player.client.post('/api/wallet/withdraw', {
      phone: '0961234567',
      amount: 10.01,
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ error: 'Insufficient balance.', code: 'insufficient_balance' });
    expect(await app.balances(player.id)).toEqual({ wallet: 1000, hold: 0 });
    const history = await player.client.get('/api/wallet/transactions');
    expect(history.json.transactions).toHaveLength(1);
  });
});

describe('validation', () => {
  let player: TestPlayer;

  beforeAll(async () => {
    player = await app.player({ fundZmw: 100 });
  });

  const invalidPhone = 'Please enter a valid Zambian phone number (e.g., 096...).';
  const invalidAmount = 'Please enter a valid amount.';

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['no phone', { amount: 10 }, invalidPhone, 'invalid_phone'],
    ['a short phone', { phone: '096123456', amount: 10 }, invalidPhone, 'invalid_phone'],
    ['an unknown prefix', { phone: '0981234567', amount: 10 }, invalidPhone, 'invalid_phone'],
    ['another country', { phone: '+44 7911 123456', amount: 10 }, invalidPhone, 'invalid_phone'],
    ['a phone as a number', { phone: 961234567, amount: 10 }, invalidPhone, 'invalid_phone'],
    ['no amount', { phone: '0961234567' }, invalidAmount, 'invalid_amount'],
    ['a zero amount', { phone: '0961234567', amount: 0 }, invalidAmount, 'invalid_amount'],
    ['a negative amount', { phone: '0961234567', amount: -5 }, invalidAmount, 'invalid_amount'],
    ['three decimals', { phone: '0961234567', amount: 10.125 }, invalidAmount, 'invalid_amount'],
    ['a word', { phone: '0961234567', amount: 'ten' }, invalidAmount, 'invalid_amount'],
    ['an exponent', { phone: '0961234567', amount: '1e3' }, invalidAmount, 'invalid_amount'],
    ['a null amount', { phone: '0961234567', amount: null }, invalidAmount, 'invalid_amount'],
    ['a boolean amount', { phone: '0961234567', amount: true }, invalidAmount, 'invalid_amount'],
    [
      'an operator that is not one',
      { phone: '0961234567', amount: 10, operator: 'vodafone' },
      'Please choose a mobile money operator: MTN, Airtel or Zamtel.',
      'invalid_operator',
    ],
    [
      'an operator that does not own the number',
      { phone: '0961234567', amount: 10, operator: 'airtel' },
      'This number is on MTN, not Airtel. Please choose MTN or check the number.',
      'operator_mismatch',
    ],
    [
      'a Zamtel number sent as MTN',
      { phone: '0951234567', amount: 10, operator: 'mtn' },
      'This number is on Zamtel, not MTN. Please choose Zamtel or check the number.',
      'operator_mismatch',
    ],
  ];

  for (const path of ['/api/wallet/deposit', '/api/wallet/withdraw']) {
    test.each(cases)(`${path} refuses %s`, async (_name, body, message, code) => {
      const answer = await player.client.post(path, body);
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({ error: message, code });
    });
  }

  test('an international or spaced number is the same local number', async () => {
    const answer = await player.client.post('/api/wallet/deposit', {
      phone: '+260 96-123-4129', // sandbox: stays pending
      amount: 1,
    });
    expect(answer.status).toBe(202);
    expect(await app.payment(answer.json.paymentId as string)).toMatchObject({
      phone: '0961234129',
      operator: 'mtn',
    });
  });

  test('caps one request at ZMW 50,000', async () => {
    const deposit = await player.client.post('/api/wallet/deposit', {
      phone: '0961234567',
      amount: 50_000.01,
    });
    expect(deposit.status).toBe(400);
    expect(deposit.json).toEqual({
      error: 'The most you can deposit at once is ZMW 50,000.00. Please enter a smaller amount.',
      code: 'amount_too_large',
    });
    const withdraw = await player.client.post('/api/wallet/withdraw', {
      phone: '0961234567',
      amount: 1e21,
    });
    expect(withdraw.status).toBe(400);
    expect(withdraw.json.error).toBe(invalidAmount);
  });

  test('a body that is not JSON is a clear 400', async () => {
    // A string body goes out as it is.
    const response = await player.client.post('/api/wallet/deposit', '{"phone": ');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toEqual({
      error: 'The request body is not valid JSON.',
      code: 'invalid_json',
    });
  });

  test('nothing was recorded or held by any refusal', async () => {
    expect(await app.balances(player.id)).toEqual({ wallet: 10_000, hold: 0 });
    const history = await player.client.get('/api/wallet/transactions');
    expect(history.json.transactions).toHaveLength(2); // the funding and the one pending deposit
  });
});

describe('who may pay', () => {
  test('guests can watch but not pay', async () => {
    const guest = await app.guest();
    for (const path of ['/api/wallet/deposit', '/api/wallet/withdraw']) {
      const answer = await guest.client.post(path, { phone: '0961234567', amount: 10 });
      expect(answer.status).toBe(403);
      expect(answer.json).toEqual({
        error: 'Guests can only watch. Please sign up to play.',
        code: 'guest_not_allowed',
      });
    }
  });

  test('signed-out requests are refused', async () => {
    const anonymous = app.client();
    const deposit = await anonymous.post('/api/wallet/deposit', { phone: '0961234567', amount: 1 });
    expect(deposit.status).toBe(401);
    expect(deposit.json).toEqual({ error: 'You must be logged in.', code: 'not_signed_in' });
    expect((await anonymous.get('/api/wallet/transactions')).status).toBe(401);
  });

  test('a request from another site is refused before anything happens', async () => {
    const player = await app.player({ fundZmw: 20 });
    player.client.origin = 'https://evil.example';
    const answer = await player.client.post('/api/wallet/withdraw', {
      phone: '0961234567',
      amount: 20,
    });
    expect(answer.status).toBe(403);
    player.client.origin = null;
    expect((await player.client.post('/api/wallet/withdraw', {})).status).toBe(403);
    expect(await app.balances(player.id)).toEqual({ wallet: 2000, hold: 0 });
  });

  test('a payment is visible to its owner only', async () => {
    const owner = await app.player();
    const other = await app.player();
    const answer = await owner.client.post('/api/wallet/deposit', {
      phone: '0961234129', // sandbox: stays pending
      amount: 5,
    });
    const paymentId = answer.json.paymentId as string;
    expect((await owner.client.get(`/api/wallet/payments/${paymentId}`)).status).toBe(200);
    const foreign = await other.client.get(`/api/wallet/payments/${paymentId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual({ error: 'Payment not found.', code: 'payment_not_found' });
    expect((await other.client.get('/api/wallet/transactions')).json.transactions).toEqual([]);
  });
});

describe('Idempotency-Key', () => {
  test('the same key returns the same payment: no second request, no second hold', async () => {
    const player = await app.player({ fundZmw: 100, fundPhone: '0961234129' });
    const body = { phone: '0961234129', amount: 30 }; // stays pending: the hold stays visible
    const headers = { 'Idempotency-Key': 'withdraw-1' };
    const first = await player.client.post('/api/wallet/withdraw', body, headers);
    const again = await player.client.post('/api/wallet/withdraw', body, headers);
    const [third, fourth] = await Promise.all([
      player.client.post('/api/wallet/withdraw', body, headers),
      player.client.post('/api/wallet/withdraw', body, headers),
    ]);
    for (const answer of [first, again, third, fourth]) {
      expect(answer.status).toBe(202);
      expect(answer.json.paymentId).toBe(first.json.paymentId);
      expect(answer.json.transaction).toEqual(first.json.transaction);
    }
    expect(await app.balances(player.id)).toEqual({ wallet: 7000, hold: 3000 });
    const history = await player.client.get('/api/wallet/transactions');
    expect(history.json.transactions).toHaveLength(2);

    const other = await player.client.post('/api/wallet/withdraw', body, {
      'Idempotency-Key': 'withdraw-2',
    });
    expect(other.status).toBe(202);
    expect(other.json.paymentId).not.toBe(first.json.paymentId);
    expect(await app.balances(player.id)).toEqual({ wallet: 4000, hold: 6000 });
  });

  test('the same key from another user is another payment', async () => {
    const a = await app.player();
    const b = await app.player();
    const headers = { 'Idempotency-Key': 'shared-key' };
    const body = { phone: '0961234129', amount: 1 };
    const first = await a.client.post('/api/wallet/deposit', body, headers);
    const second = await b.client.post('/api/wallet/deposit', body, headers);
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.json.paymentId).not.toBe(first.json.paymentId);
  });

  test('a key reused for a different request is refused', async () => {
    const player = await app.player({ fundZmw: 10 });
    const headers = { 'Idempotency-Key': 'k' };
    const first = await player.client.post(
      '/api/wallet/deposit',
      { phone: '0961234129', amount: 5 },
      headers,
    );
    expect(first.status).toBe(202);
    const changed = await player.client.post(
      '/api/wallet/deposit',
      { phone: '0961234129', amount: 6 },
      headers,
    );
    expect(changed.status).toBe(409);
    expect(changed.json).toEqual({
      error:
        'This Idempotency-Key was already used for a different request. Use a new key for a new payment.',
      code: 'idempotency_key_reused',
    });
  });

  test('a key longer than 100 characters is refused', async () => {
    const player = await app.player();
    const answer = await player.client.post(
      '/api/wallet/deposit',
      { phone: '0961234567', amount: 5 },
      { 'Idempotency-Key': 'x'.repeat(101) },
    );
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      error: 'The Idempotency-Key header must be at most 100 characters.',
      code: 'idempotency_key_too_long',
    });
  });
});
