// Data rights: the export holds everything and no secret; erasing keeps the ledger whole.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accounts } from '#db/schema/ledger.ts';
import { carriedExclusions } from '#db/schema/responsible-play.ts';
import { emailTokens, sessions, users } from '#db/schema/people.ts';
import { paymentRequests } from '#db/schema/payments.ts';
import { roomSeats } from '#db/schema/rooms.ts';
import {
  startWalletApp,
  TEST_PASSWORD,
  type TestPlayer,
  type WalletApp,
} from '#tests/support/wallet-app.ts';
import { sessionCookieName } from '#site/server/auth/cookies.ts';
import { createSession } from '#site/server/auth/sessions.ts';
import { insertRoom, playedGame, seatPlayer } from './fixtures';

let app: WalletApp;

beforeAll(async () => {
  app = await startWalletApp();
});

afterAll(async () => {
  await app?.close();
});

async function paymentDone(player: TestPlayer, paymentId: string) {
  await app.waitFor(async () => {
    const answer = await player.client.get(`/api/wallet/payments/${paymentId}`);
    return (answer.json.payment as { status: string }).status === 'completed';
  });
}

/** A player whose wallet saw a deposit and a withdrawal of all of it: balance 0, ledger rows. */
async function emptiedPlayer(): Promise<TestPlayer> {
  const player = await app.player({ fundZmw: 30 });
  const out = await player.client.post('/api/wallet/withdraw', {
    phone: '0961234567',
    amount: 30,
    operator: 'mtn',
  });
  expect(out.status).toBe(202);
  await paymentDone(player, out.json.paymentId as string);
  expect(await app.balances(player.id)).toEqual({ wallet: 0, hold: 0 });
  return player;
}

describe('GET /api/me/export', () => {
  test("a download of the user's transactions, payments, games, sessions and tickets; no hash or token", async () => {
    const player = await app.player({ fundZmw: 25 });
    const roomId = await playedGame(app.database, player.id);
    expect(
      (
        await player.client.post('/api/support', {
          topic: 'game',
          message: 'Where did my turn go?',
          reference: roomId,
        })
      ).status,
    ).toBe(201);

    const answer = await player.client.get('/api/me/export');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="?zed-truck-company-data-\d{4}-\d\d-\d\d\.json"?$/,
    );
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const data = answer.json;
    expect(data.profile).toMatchObject({ id: player.id, email: player.email, phone: '0971234567' });
    expect(data.transactions).toEqual([expect.objectContaining({ type: 'deposit', amount: 25 })]);
    expect(data.paymentRequests).toEqual([
      expect.objectContaining({ kind: 'deposit', phone: '0961234567' }),
    ]);
    expect(data.games).toEqual([expect.objectContaining({ roomId, result: 'lost' })]);
    expect((data.sessions as unknown[]).length).toBeGreaterThan(0);
    expect(data.supportTickets).toEqual([
      expect.objectContaining({ reference: roomId, message: 'Where did my turn go?' }),
    ]);

    // Nothing secret anywhere in the document: not the hash, not a session id (a token's hash).
    const [row] = await app.database.read.select().from(users).where(eq(users.id, player.id));
    const sessionIds = await app.database.read
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, player.id));
    expect(row!.passwordHash).toBeTruthy();
    expect(answer.text).not.toContain(row!.passwordHash!);
    for (const { id } of sessionIds) expect(answer.text).not.toContain(id);
    expect(answer.text).not.toContain(player.client.cookie.split('=')[1]!);
    expect(answer.text).not.toMatch(/passwordHash|"token|tokenHash|\$argon|\$scrypt/i);
  });

  test('signed out: 401', async () => {
    expect((await app.client().get('/api/me/export')).status).toBe(401);
  });
});

describe('DELETE /api/me', () => {
  test('refused while money is in the wallet', async () => {
    const player = await app.player({ fundZmw: 5 });
    const answer = await player.client.request('DELETE', '/api/me', { password: TEST_PASSWORD });
    expect(answer.status).toBe(409);
    expect(answer.json.code).toBe('balance_not_zero');
    expect((await player.client.get('/api/me')).status).toBe(200);
  });

  test('refused while the user holds a seat', async () => {
    const player = await app.player();
    const roomId = await insertRoom(app.database, player.id, 'waiting');
    await seatPlayer(app.database, roomId, player.id);
    const answer = await player.client.request('DELETE', '/api/me', { password: TEST_PASSWORD });
    expect(answer.status).toBe(409);
    expect(answer.json.code).toBe('seat_held');
  });

  test('refused while a payment is still pending (its outcome may move money)', async () => {
    const player = await app.player();
    const pending = await player.client.post('/api/wallet/deposit', {
      phone: '0961234129', // the sandbox keeps it pending
      amount: 10,
      operator: 'mtn',
    });
    expect(pending.status).toBe(202);
    const answer = await player.client.request('DELETE', '/api/me', { password: TEST_PASSWORD });
    expect(answer.status).toBe(409);
    expect(answer.json.code).toBe('payment_pending');
  });

  test('refused with a wrong or missing password', async () => {
    const player = await app.player();
    const wrong = await player.client.request('DELETE', '/api/me', {
      password: 'not-the-password',
    });
    expect(wrong.status).toBe(403);
    expect(wrong.json.code).toBe('wrong_password');
    const missing = await player.client.request('DELETE', '/api/me', {});
    expect(missing.status).toBe(400);
    expect(missing.json.code).toBe('password_required');
  });

  test('erases the personal data, ends every session, keeps the ledger; the email signs up again', async () => {
    const player = await emptiedPlayer();
    const other = app.client();
    other.cookie = player.client.cookie;
    const second = app.client();
    expect(
      (await second.post('/api/auth/login', { email: player.email, password: TEST_PASSWORD }))
        .status,
    ).toBe(200);
    const roomId = await playedGame(app.database, player.id);
    await player.client.post('/api/support', {
      topic: 'account',
      message: 'My name is Mutale, call me on 0971234567',
    });

    const answer = await player.client.request('DELETE', '/api/me', { password: TEST_PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ erased: true });

    // Every session ended, this one and the other device's.
    expect((await player.client.get('/api/me')).status).toBe(401);
    expect((await second.get('/api/me')).status).toBe(401);
    expect(
      await app.database.read.select().from(sessions).where(eq(sessions.userId, player.id)),
    ).toEqual([]);
    expect(
      await app.database.read.select().from(emailTokens).where(eq(emailTokens.userId, player.id)),
    ).toEqual([]);

    const [row] = await app.database.read.select().from(users).where(eq(users.id, player.id));
    expect(row).toMatchObject({
      firstName: '',
      lastName: '',
      email: null,
      phone: null,
      passwordHash: null,
      googleSub: null,
    });
    expect(row!.erasedAt).toEqual(expect.any(Number));
    const payments = await app.database.read
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.userId, player.id));
    expect(payments.length).toBe(2);
    for (const payment of payments) expect(payment.phone).toBe('');
    const [seat] = await app.database.read
      .select()
      .from(roomSeats)
      .where(eq(roomSeats.roomId, roomId));
    expect(seat!.name).toBe('Deleted player');

    // The ledger rows stay, under the pseudonym (the user id), and the whole ledger still balances.
    const own = await app.database.read
      .select()
      .from(accounts)
      .where(eq(accounts.userId, player.id));
    expect(own.length).toBeGreaterThan(0);
    const report = await app.ledger();
    expect(report).toEqual({
      sumOfAllPostings: 0,
      mismatchedAccounts: [],
      negativeAccounts: [],
      unbalancedTransfers: [],
    });

    // Nothing personal is left anywhere in the database file's tables that point at the user.
    const dump =
      JSON.stringify(await app.database.read.select().from(paymentRequests)) + JSON.stringify(row);
    expect(dump).not.toContain(player.email);

    // The address is free again.
    const again = app.client();
    const signup = await again.post('/api/auth/signup', {
      firstName: 'Mutale',
      lastName: 'Banda',
      phone: '0971234567',
      email: player.email,
      password: TEST_PASSWORD,
      adult: true,
      terms: true,
    });
    expect(signup.status).toBe(201);
    expect((signup.json.user as { id: string }).id).not.toBe(player.id);
    // and the old password opens nothing but the new account
    const login = await app
      .client()
      .post('/api/auth/login', { email: player.email, password: TEST_PASSWORD });
    expect((login.json.user as { id: string }).id).not.toBe(player.id);
  });
});

describe('a self-exclusion outlives the erasure of its account', () => {
  const deposit = (player: TestPlayer, phone: string) =>
    player.client.post('/api/wallet/deposit', { phone, amount: 10, operator: 'mtn' });

  test('a new account on the same proved email or payer number is excluded until the same time; the same typed phone is not', async () => {
    const player = await app.player({ phone: '0975550101', fundZmw: 20, fundPhone: '0965550102' });
    const excluded = await player.client.post('/api/me/exclusion', { period: '30d' });
    expect(excluded.status).toBe(200);
    const until = (excluded.json.exclusion as { until: string }).until;
    // Excluded players may still withdraw, and must, before the account can go.
    const out = await player.client.post('/api/wallet/withdraw', {
      phone: '0965550102',
      amount: 20,
      operator: 'mtn',
    });
    expect(out.status).toBe(202);
    await paymentDone(player, out.json.paymentId as string);
    expect(
      (await player.client.request('DELETE', '/api/me', { password: TEST_PASSWORD })).status,
    ).toBe(200);

    const sameEmail = await app.player({ email: player.email, phone: '0975550103' });
    const samePayer = await app.player({ phone: '0975550104' });
    for (const [who, number] of [
      [sameEmail, '0965550105'],
      [samePayer, '0965550102'],
    ] as const) {
      const refused = await deposit(who, number);
      expect(refused.status).toBe(403);
      expect(refused.json.code).toBe('self_excluded');
    }
    // The profile phone was only typed, never proved: it carries nothing (decision 067).
    const samePhone = await app.player({ phone: '0975550101' });
    expect((await deposit(samePhone, '0965550106')).status).toBe(202);
    const me = await sameEmail.client.get('/api/me');
    expect((me.json.user as { exclusionUntil: string }).exclusionUntil).toBe(until);

    // Somebody else entirely is not touched, and nothing readable of the erased account is kept.
    const stranger = await app.player({ phone: '0975550107' });
    expect((await deposit(stranger, '0965550108')).status).toBe(202);
    const kept = JSON.stringify(await app.database.read.select().from(carriedExclusions));
    for (const secret of [player.email, '0975550101', '0965550102', '975550101', '965550102']) {
      expect(kept).not.toContain(secret);
    }
  });

  test('nothing is carried for an account without a running exclusion', async () => {
    const before = (await app.database.read.select().from(carriedExclusions)).length;
    const player = await app.player({ phone: '0975550201' });
    expect(
      (await player.client.request('DELETE', '/api/me', { password: TEST_PASSWORD })).status,
    ).toBe(200);
    expect((await app.database.read.select().from(carriedExclusions)).length).toBe(before);
    const again = await app.player({ email: player.email, phone: '0975550201' });
    expect((await deposit(again, '0965550202')).status).toBe(202);
  });
});

describe('DELETE /api/me for a Google-only account', () => {
  /** A Google account (no password) signed in `agoMs` ago. */
  async function googleOnly(agoMs: number) {
    const id = crypto.randomUUID();
    await app.database.write(async (tx) => {
      await tx.insert(users).values({
        id,
        firstName: 'Natasha',
        lastName: 'Zulu',
        email: `google.${id.slice(0, 8)}@example.zm`,
        googleSub: `sub-${id}`,
        emailVerifiedAt: Date.now(),
      });
    });
    const { token } = await app.database.write((tx) => createSession(tx, id, Date.now() - agoMs));
    const client = app.client();
    client.cookie = `${sessionCookieName(app.url)}=${token}`;
    return { id, client };
  }

  test('a sign-in older than 10 minutes is not enough', async () => {
    const { client } = await googleOnly(11 * 60_000);
    const answer = await client.request('DELETE', '/api/me', {});
    expect(answer.status).toBe(403);
    expect(answer.json.code).toBe('reauth_required');
  });

  test('a fresh Google sign-in erases the account', async () => {
    const { id, client } = await googleOnly(60_000);
    const answer = await client.request('DELETE', '/api/me', {});
    expect(answer.status).toBe(200);
    const [row] = await app.database.read.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ email: null, googleSub: null, firstName: '' });
  });
});
