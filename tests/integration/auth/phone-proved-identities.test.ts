// What a number proved by an SMS code counts for (decision 090): it carries, and is matched by, a
// self-exclusion past the erasure of its account (db/proved-identities.ts); it is not a payout
// number by itself (decision 018: only a completed deposit proves the mobile-money wallet).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountIdentities } from '#db/proved-identities.ts';
import { startWalletApp, type WalletApp } from '#tests/support/wallet-app.ts';

let app: WalletApp;
let now = Date.now();

beforeAll(async () => {
  app = await startWalletApp({ clock: () => now });
});
afterAll(async () => {
  await app?.close();
});

describe('a phone proved by an SMS code', () => {
  test('is a proved identity of its account, the one it signs in with', async () => {
    const phone = '0975550501';
    const player = await app.phonePlayer(phone);
    expect(await accountIdentities(app.database.read, player.id)).toEqual({
      proved: { emails: [], phones: [phone] },
      signInPhone: phone,
      typed: { emails: [], phones: [] },
    });
  });

  test('carries a self-exclusion past the erasure, onto whoever proves the number next', async () => {
    const phone = '0975550511';
    const first = await app.phonePlayer(phone);
    expect(first.status).toBe(201);
    expect((await first.client.post('/api/me/exclusion', { period: 'permanent' })).status).toBe(
      200,
    );
    // A phone account has no password: a fresh sign-in (this one) lets it erase itself.
    const erased = await first.client.request('DELETE', '/api/me', {});
    expect(erased.status, erased.text).toBe(200);

    now += 60_000; // a code a minute to one number
    const again = await app.phonePlayer(phone);
    expect(again.status).toBe(201);
    expect(again.id).not.toBe(first.id);
    const me = await again.client.get('/api/me');
    expect(me.json.user).toMatchObject({ phoneVerified: true, exclusionUntil: 'permanent' });
    const deposit = await again.client.post('/api/wallet/deposit', {
      phone: '0965550512',
      amount: 10,
      operator: 'mtn',
    });
    expect(deposit).toMatchObject({ status: 403, json: { code: 'self_excluded' } });
  });

  test('is not a number to withdraw to until a deposit from it completes', async () => {
    const phone = '0965550521';
    const player = await app.phonePlayer(phone);
    await app.fund(player.id, 50, Date.now(), '0965550522');
    const toSignInPhone = await player.client.post('/api/wallet/withdraw', {
      phone,
      amount: 10,
      operator: 'mtn',
    });
    expect(toSignInPhone).toMatchObject({ status: 403, json: { code: 'number_not_proved' } });
    const numbers = await player.client.get('/api/wallet/numbers');
    expect(numbers.json.numbers).toEqual([expect.objectContaining({ phone: '0965550522' })]);
    await app.fund(player.id, 10, Date.now(), phone);
    const afterDeposit = await player.client.post('/api/wallet/withdraw', {
      phone,
      amount: 10,
      operator: 'mtn',
    });
    expect(afterDeposit.status, afterDeposit.text).toBe(202);
  });
});
