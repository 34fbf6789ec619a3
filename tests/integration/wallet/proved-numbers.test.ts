// Withdrawals go only to a number from which a deposit of this account completed (docs/api.md, withdrawals):
// a stolen session cannot send the wallet to the thief's own phone.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { paymentRequests } from '#db/schema/payments.ts';
import { startWalletApp, type TestPlayer, type WalletApp } from '#tests/support/wallet-app.ts';

let app: WalletApp;

beforeAll(async () => {
  app = await startWalletApp();
});

afterAll(async () => {
  await app?.close();
});

/** A deposit through the API, followed until the sandbox decides it. */
async function deposit(player: TestPlayer, phone: string, amount: number, until: string) {
  const answer = await player.client.post('/api/wallet/deposit', { phone, amount });
  expect(answer.status).toBe(202);
  const paymentId = answer.json.paymentId as string;
  await app.waitFor(async () => (await app.payment(paymentId))?.status === until);
  return paymentId;
}

async function withdrawalsOf(userId: string) {
  const rows = await app.database.read
    .select()
    .from(paymentRequests)
    .where(eq(paymentRequests.userId, userId));
  return rows.filter((row) => row.kind === 'withdrawal');
}

describe('a stolen session', () => {
  test('cannot withdraw to a number never used for a deposit: 403, nothing held', async () => {
    const player = await app.player();
    await deposit(player, '0961234567', 80, 'completed');
    await deposit(player, '0771234567', 20, 'completed');

    const answer = await player.client.post('/api/wallet/withdraw', {
      phone: '0971112223', // the thief's own phone
      amount: 100,
    });
    expect(answer.status).toBe(403);
    expect(answer.json).toEqual({
      error:
        'Withdrawals can only go to a number you have deposited from: 0771234567 (Airtel) or 0961234567 (MTN). Please choose one of them.',
      code: 'number_not_proved',
    });
    expect(await app.balances(player.id)).toEqual({ wallet: 10_000, hold: 0 });
    expect(await withdrawalsOf(player.id)).toEqual([]);
    const history = await player.client.get('/api/wallet/transactions');
    expect(history.json.transactions).toHaveLength(2);
  });

  test('the proved numbers still work', async () => {
    const player = await app.player();
    await deposit(player, '0961234567', 50, 'completed');
    const answer = await player.client.post('/api/wallet/withdraw', {
      phone: '0961234567',
      amount: 30,
      operator: 'mtn',
    });
    expect(answer.status).toBe(202);
    await app.waitFor(
      async () => (await app.payment(answer.json.paymentId as string))?.status === 'completed',
    );
    expect(await app.balances(player.id)).toEqual({ wallet: 2000, hold: 0 });
  });

  test('with no completed deposit at all, the refusal says to deposit first', async () => {
    const stranger = await app.player();
    const answer = await stranger.client.post('/api/wallet/withdraw', {
      phone: '0961234567',
      amount: 1,
    });
    expect(answer.status).toBe(403);
    expect(answer.json).toEqual({
      error:
        'Withdrawals can only go to a number you have deposited from, and no deposit of yours has completed yet. Please make a deposit first from the number you want to be paid to.',
      code: 'number_not_proved',
    });
    expect(await withdrawalsOf(stranger.id)).toEqual([]);
  });
});

describe('what proves a number', () => {
  test('the number as normalised: +260 96 123 4567 and 096-123-4567 are one number', async () => {
    const player = await app.player();
    await deposit(player, '+260 96 123 4567', 10, 'completed');
    const answer = await player.client.post('/api/wallet/withdraw', {
      phone: '096-123-4567',
      amount: 4,
    });
    expect(answer.status).toBe(202);
    expect(await app.payment(answer.json.paymentId as string)).toMatchObject({
      phone: '0961234567',
      kind: 'withdrawal',
    });
  });

  test('a failed deposit does not', async () => {
    const player = await app.player();
    await deposit(player, '0961234567', 10, 'completed');
    await deposit(player, '0961234039', 10, 'failed'); // sandbox: PAYMENT_NOT_APPROVED
    const answer = await player.client.post('/api/wallet/withdraw', {
      phone: '0961234039',
      amount: 5,
    });
    expect(answer.status).toBe(403);
    expect(answer.json.code).toBe('number_not_proved');
    expect(await app.balances(player.id)).toEqual({ wallet: 1000, hold: 0 });
  });

  test('a pending deposit does not', async () => {
    const player = await app.player();
    await deposit(player, '0961234567', 10, 'completed');
    await deposit(player, '0961234129', 10, 'pending'); // sandbox: never answers
    const answer = await player.client.post('/api/wallet/withdraw', {
      phone: '0961234129',
      amount: 5,
    });
    expect(answer.status).toBe(403);
    expect(answer.json.code).toBe('number_not_proved');
  });

  test("another account's deposit from the number does not", async () => {
    const owner = await app.player();
    await deposit(owner, '0951234567', 10, 'completed');
    const other = await app.player();
    await deposit(other, '0961234567', 10, 'completed');
    const answer = await other.client.post('/api/wallet/withdraw', {
      phone: '0951234567',
      amount: 5,
    });
    expect(answer.status).toBe(403);
    expect(answer.json.code).toBe('number_not_proved');
  });
});

describe('GET /api/wallet/numbers', () => {
  test('lists each completed deposit number once, most recently used first', async () => {
    const player = await app.player();
    expect((await player.client.get('/api/wallet/numbers')).json).toEqual({ numbers: [] });
    await deposit(player, '0961234567', 5, 'completed');
    await deposit(player, '0771234567', 5, 'completed');
    await deposit(player, '0961234039', 5, 'failed');
    await deposit(player, '0961234567', 5, 'completed');

    const answer = await player.client.get('/api/wallet/numbers');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const numbers = answer.json.numbers as {
      phone: string;
      operator: string;
      lastUsedAt: string;
    }[];
    expect(numbers.map(({ phone, operator }) => ({ phone, operator }))).toEqual([
      { phone: '0961234567', operator: 'mtn' },
      { phone: '0771234567', operator: 'airtel' },
    ]);
    for (const number of numbers) {
      expect(new Date(number.lastUsedAt).toISOString()).toBe(number.lastUsedAt);
    }
  });

  test('needs a session', async () => {
    const answer = await app.client().get('/api/wallet/numbers');
    expect(answer.status).toBe(401);
  });
});
