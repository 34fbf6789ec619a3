// The operator's switch WITHDRAWALS_NEED_PROVED_PHONE (decision 091): when on, a withdrawal also
// needs the account's own number proved by an SMS code (`user.phoneVerified`), checked in the
// withdrawal's write transaction; an account made with an email proves its number from its session
// (`POST /api/me/phone/verify`, with its password: a stolen session cannot plant the thief's number)
// and is never locked out. Off (the default), nothing changes.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  startWalletApp,
  TEST_PASSWORD,
  type TestPlayer,
  type WalletApp,
} from '#tests/support/wallet-app.ts';

let app: WalletApp;
let off: WalletApp;
/** The switched-on app's clock: a number is sent one code a minute, so a second code waits one. */
let skipped = 0;

beforeAll(async () => {
  [app, off] = await Promise.all([
    startWalletApp({ requireProvedPhone: true, clock: () => Date.now() + skipped }),
    startWalletApp(),
  ]);
});
afterAll(async () => {
  await Promise.all([app?.close(), off?.close()]);
});

function withdraw(player: TestPlayer, amount = 20) {
  return player.client.post('/api/wallet/withdraw', { phone: '0961234567', amount });
}

describe('with the switch on', () => {
  test('an email account with a funded, proved payout number is refused until it proves its own number', async () => {
    const player = await app.player({ fundZmw: 50, phone: '0971230001' });
    const refused = await withdraw(player);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({
      code: 'phone_not_proved',
      error:
        'Please confirm your phone number first: we send a 6-digit code to it by SMS. Then withdraw again.',
    });
    expect(await app.balances(player.id)).toEqual({ wallet: 5_000, hold: 0 });

    // The code goes to the account's number; the session proves it.
    expect(
      (await player.client.post('/api/auth/phone/start', { phone: '0971230001' })).status,
    ).toBe(202);
    const code = app.lastSmsCode('0971230001');
    // The password first (adding a way in): without it, or wrong, no try of the code is spent.
    const bare = await player.client.post('/api/me/phone/verify', { phone: '0971230001', code });
    expect(bare).toMatchObject({ status: 400, json: { code: 'password_required' } });
    const guessed = await player.client.post('/api/me/phone/verify', {
      phone: '0971230001',
      code,
      password: 'not-the-password',
    });
    expect(guessed).toMatchObject({ status: 403, json: { code: 'wrong_password' } });
    const wrong = await player.client.post('/api/me/phone/verify', {
      phone: '0971230001',
      code: code === '000000' ? '111111' : '000000',
      password: TEST_PASSWORD,
    });
    expect(wrong.json).toEqual({
      code: 'code_invalid',
      error: 'That code is not right. Check the SMS and try again (4 tries left).',
    });
    const proved = await player.client.post('/api/me/phone/verify', {
      phone: '+260 97 123 0001',
      code,
      password: TEST_PASSWORD,
    });
    expect(proved.status).toBe(200);
    expect(proved.json.user).toMatchObject({
      id: player.id,
      phone: '0971230001',
      phoneVerified: true,
    });

    const paid = await withdraw(player);
    expect(paid.status).toBe(202);
    expect(await app.balances(player.id)).toEqual({ wallet: 3_000, hold: 2_000 });
  });

  test('an account made by phone withdraws at once', async () => {
    const player = await app.phonePlayer('0971230002');
    await app.fund(player.id, 50);
    expect((await withdraw(player)).status).toBe(202);
  });

  test('a number another account proved cannot be proved again (phone_taken); nothing changes', async () => {
    await app.phonePlayer('0971230003');
    skipped += 61_000;
    const other = await app.player({ phone: '0971230004' });
    const sent = await other.client.post('/api/auth/phone/start', { phone: '0971230003' });
    expect(sent.status).toBe(202);
    const taken = await other.client.post('/api/me/phone/verify', {
      phone: '0971230003',
      code: app.lastSmsCode('0971230003'),
      password: TEST_PASSWORD,
    });
    expect(taken).toMatchObject({ status: 409, json: { code: 'phone_taken' } });
    const me = await other.client.get('/api/me');
    expect(me.json.user).toMatchObject({ phone: '0971230004', phoneVerified: false });
  });

  test('a proved number stays: proving another one is refused (phone_proved)', async () => {
    const player = await app.phonePlayer('0971230005');
    await player.client.post('/api/auth/phone/start', { phone: '0971230006' });
    const answer = await player.client.post('/api/me/phone/verify', {
      phone: '0971230006',
      code: app.lastSmsCode('0971230006'),
    });
    expect(answer).toMatchObject({ status: 409, json: { code: 'phone_proved' } });
  });

  test('a guest cannot prove a number', async () => {
    const guest = await app.guest();
    await guest.client.post('/api/auth/phone/start', { phone: '0971230007' });
    const answer = await guest.client.post('/api/me/phone/verify', {
      phone: '0971230007',
      code: app.lastSmsCode('0971230007'),
    });
    expect(answer).toMatchObject({ status: 403, json: { code: 'guest_not_allowed' } });
  });
});

describe('with the switch off (the default)', () => {
  test('an email account withdraws to its proved payout number without an SMS code', async () => {
    const player = await off.player({ fundZmw: 50 });
    expect((await withdraw(player)).status).toBe(202);
  });
});
