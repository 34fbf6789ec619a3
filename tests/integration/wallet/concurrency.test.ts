// Many requests at once against one wallet: the write queue and the ledger's checks must never let
// more out than is in, and nobody may see a 5xx.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startWalletApp, type WalletApp } from '#tests/support/wallet-app.ts';

let app: WalletApp;

beforeAll(async () => {
  app = await startWalletApp();
});

afterAll(async () => {
  await app?.close();
});

test('20 concurrent withdrawals never take more than the balance', async () => {
  const player = await app.player({ fundZmw: 100 });
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      player.client.post('/api/wallet/withdraw', { phone: '0961234567', amount: 15 }),
    ),
  );
  const accepted = answers.filter((answer) => answer.status === 202);
  const refused = answers.filter((answer) => answer.status !== 202);
  expect(accepted).toHaveLength(6); // 6 × 15 = 90 ≤ 100 < 7 × 15
  for (const answer of refused) {
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ error: 'Insufficient balance.', code: 'insufficient_balance' });
  }
  const ids = new Set(accepted.map((answer) => answer.json.paymentId));
  expect(ids.size).toBe(6);
  // The held money may already be on its way out (the sandbox answers fast); none came back.
  expect((await app.balances(player.id)).wallet).toBe(1000);

  await app.waitFor(async () => (await app.balances(player.id)).hold === 0);
  expect(await app.balances(player.id)).toEqual({ wallet: 1000, hold: 0 });
  const report = await app.ledger();
  expect(report.negativeAccounts).toEqual([]);
  expect(report.mismatchedAccounts).toEqual([]);
  expect(report.sumOfAllPostings).toBe(0);
});

test('deposits and withdrawals of many players at once stay consistent', async () => {
  const players = await Promise.all(
    Array.from({ length: 8 }, () => app.player({ fundZmw: 30, fundPhone: '0971234567' })),
  );
  const answers = await Promise.all(
    players.flatMap((player) => [
      player.client.post('/api/wallet/deposit', { phone: '0971234567', amount: 5 }),
      player.client.post('/api/wallet/withdraw', { phone: '0971234567', amount: 20 }),
      player.client.post('/api/wallet/withdraw', { phone: '0971234567', amount: 20 }),
    ]),
  );
  expect(answers.some((answer) => answer.status >= 500)).toBe(false);
  for (const player of players) {
    await app.waitFor(async () => {
      const history = await player.client.get('/api/wallet/transactions');
      const lines = history.json.transactions as { status: string }[];
      return lines.every((line) => line.status !== 'pending');
    });
    // 30 in; one withdrawal of 20 fits (the second is refused whichever order they ran); the
    // deposit of 5 completes: 30 - 20 + 5.
    expect(await app.balances(player.id)).toEqual({ wallet: 1500, hold: 0 });
  }
  const report = await app.ledger();
  expect(report.sumOfAllPostings).toBe(0);
  expect(report.mismatchedAccounts).toEqual([]);
});
