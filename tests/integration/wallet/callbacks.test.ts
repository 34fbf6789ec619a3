// Provider callbacks through the real HTTP endpoint: only correctly signed ones change anything,
// each is recorded once, and refusals reach the operator's error log without secrets.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminErrors } from '#db/schema/operator.ts';
import { paymentEvents } from '#db/schema/payments.ts';
import { refusalCounts } from '#site/server/refusal-counter.ts';
import {
  postCallback,
  sandboxCallback,
  startWalletApp,
  TEST_INTERNAL_SECRET,
  type TestPlayer,
  type WalletApp,
} from '#tests/support/wallet-app.ts';

let app: WalletApp;

beforeAll(async () => {
  app = await startWalletApp();
});

afterAll(async () => {
  await app?.close();
});

/** A number whose payments the sandbox never answers, so only our callbacks can decide them. */
const STUCK = '0961234129';

async function stuckDeposit(player: TestPlayer, amount = 20): Promise<string> {
  const answer = await player.client.post('/api/wallet/deposit', { phone: STUCK, amount });
  expect(answer.status).toBe(202);
  return answer.json.paymentId as string;
}

async function stuckWithdrawal(player: TestPlayer, amount: number): Promise<string> {
  const answer = await player.client.post('/api/wallet/withdraw', { phone: STUCK, amount });
  expect(answer.status).toBe(202);
  return answer.json.paymentId as string;
}

async function latestErrors(count: number) {
  return app.database.read
    .select()
    .from(adminErrors)
    .orderBy(desc(adminErrors.timestamp))
    .limit(count);
}

describe('signature checks', () => {
  let player: TestPlayer;
  let paymentId: string;
  const completed = () => ({
    id: paymentId,
    kind: 'deposit' as const,
    status: 'COMPLETED',
    amount: '20',
    phone: STUCK,
  });

  beforeAll(async () => {
    player = await app.player();
    paymentId = await stuckDeposit(player);
  });

  const forgeries: [string, () => ReturnType<typeof sandboxCallback>][] = [
    ['unsigned', () => sandboxCallback(app.url, completed(), { unsigned: true })],
    [
      'signed with an unknown key id',
      () => sandboxCallback(app.url, completed(), { keyId: 'sandbox-2' }),
    ],
    [
      'signed with the wrong key',
      () => sandboxCallback(app.url, completed(), { secret: new Uint8Array(32).fill(7) }),
    ],
    [
      'with a tampered body',
      () => {
        const signed = sandboxCallback(app.url, { ...completed(), status: 'FAILED' });
        const other = sandboxCallback(app.url, completed());
        return { ...signed, body: other.body };
      },
    ],
    [
      'with a stale date',
      () => sandboxCallback(app.url, completed(), { now: Date.now() - 10 * 60_000 }),
    ],
    [
      'dated in the future',
      () => sandboxCallback(app.url, completed(), { now: Date.now() + 10 * 60_000 }),
    ],
    [
      'with the digest of another body',
      () => {
        const signed = sandboxCallback(app.url, completed());
        const other = sandboxCallback(app.url, { ...completed(), status: 'FAILED' });
        return {
          ...signed,
          headers: { ...signed.headers, 'Content-Digest': other.headers['Content-Digest']! },
        };
      },
    ],
  ];

  test.each(forgeries)(
    'a callback %s is refused with 401 and changes nothing',
    async (_name, forge) => {
      const counted = refusalCounts().payment_callback_signature;
      const status = await postCallback(forge());
      expect(status).toBe(401);
      expect((await app.payment(paymentId))?.status).toBe('pending');
      expect(await app.balances(player.id)).toEqual({ wallet: 0, hold: 0 });
      const events = await app.database.read
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.paymentId, paymentId));
      expect(events.filter((event) => event.source === 'callback')).toEqual([]);

      // Counted each time; sampled into the error log (one row a minute: refused-calls.test.ts).
      expect(refusalCounts().payment_callback_signature).toBe(counted + 1);
      const logged = (await latestErrors(1000)).filter(
        (row) => row.message === 'Payment callback refused: invalid signature',
      );
      expect(logged).toHaveLength(1);
      const details = JSON.parse(logged[0]!.details ?? '{}') as Record<string, unknown>;
      expect(details.provider).toBe('sandbox');
      expect(typeof details.reason).toBe('string');
      expect(logged[0]!.details).not.toContain(TEST_INTERNAL_SECRET);
      expect(logged[0]!.details).not.toMatch(/sig-sandbox=:/);
    },
  );

  test('the correctly signed callback is then recorded and credits once', async () => {
    expect(await postCallback(sandboxCallback(app.url, completed()))).toBe(200);
    expect(await app.balances(player.id)).toEqual({ wallet: 2000, hold: 0 });
    expect((await app.payment(paymentId))?.status).toBe('completed');
  });
});

describe('routing', () => {
  test('a provider that is not the configured one is unknown here', async () => {
    for (const name of ['pawapay', 'stripe']) {
      const callback = sandboxCallback(app.url, {
        id: crypto.randomUUID(),
        kind: 'deposit',
        status: 'COMPLETED',
        amount: '1',
        phone: STUCK,
      });
      const response = await fetch(callback.url.replace('/sandbox', `/${name}`), {
        method: 'POST',
        headers: callback.headers,
        body: new Uint8Array(callback.body),
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: 'Unknown payment provider.',
        code: 'unknown_provider',
      });
    }
  });

  test('is reachable without an Origin header (a provider is not a browser)', async () => {
    const player = await app.player();
    const paymentId = await stuckDeposit(player, 3);
    const callback = sandboxCallback(app.url, {
      id: paymentId,
      kind: 'deposit',
      status: 'COMPLETED',
      amount: '3',
      phone: STUCK,
    });
    expect(callback.headers).not.toHaveProperty('origin');
    expect(await postCallback(callback)).toBe(200);
    expect((await app.balances(player.id)).wallet).toBe(300);
  });

  test('a signed callback for a payment we never made is answered 404 and logged', async () => {
    const unknown = crypto.randomUUID();
    const status = await postCallback(
      sandboxCallback(app.url, {
        id: unknown,
        kind: 'deposit',
        status: 'COMPLETED',
        amount: '1',
        phone: STUCK,
      }),
    );
    expect(status).toBe(404);
    const logged = (await latestErrors(1000)).filter((row) => row.details?.includes(unknown));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.message).toBe('Payment callback for an unknown payment');
    expect(JSON.parse(logged[0]!.details ?? '{}')).toMatchObject({
      provider: 'sandbox',
      paymentId: unknown,
      providerStatus: 'COMPLETED',
    });
  });

  test('a payout callback naming a deposit is not applied to it', async () => {
    const player = await app.player();
    const paymentId = await stuckDeposit(player, 4);
    const status = await postCallback(
      sandboxCallback(app.url, {
        id: paymentId,
        kind: 'withdrawal',
        status: 'COMPLETED',
        amount: '4',
        phone: STUCK,
      }),
    );
    expect(status).toBe(404);
    expect((await app.payment(paymentId))?.status).toBe('pending');
    expect((await app.balances(player.id)).wallet).toBe(0);
  });

  test('a body that is too large is refused before it is read', async () => {
    const callback = sandboxCallback(app.url, {
      id: crypto.randomUUID(),
      kind: 'deposit',
      status: 'COMPLETED',
      amount: '1',
      phone: STUCK,
    });
    const response = await fetch(callback.url, {
      method: 'POST',
      headers: callback.headers,
      body: 'x'.repeat(70_000),
    });
    expect(response.status).toBe(413);
  });
});

describe('duplicates and order', () => {
  test('the first final status wins: FAILED after COMPLETED changes nothing', async () => {
    const player = await app.player();
    const paymentId = await stuckDeposit(player, 15);
    const done = { id: paymentId, kind: 'deposit' as const, amount: '15', phone: STUCK };
    expect(await postCallback(sandboxCallback(app.url, { ...done, status: 'PROCESSING' }))).toBe(
      200,
    );
    expect((await app.payment(paymentId))?.status).toBe('pending');
    expect(await postCallback(sandboxCallback(app.url, { ...done, status: 'COMPLETED' }))).toBe(
      200,
    );
    expect(
      await postCallback(
        sandboxCallback(app.url, {
          ...done,
          status: 'FAILED',
          failureCode: 'PAYMENT_NOT_APPROVED',
        }),
      ),
    ).toBe(200);
    expect(await postCallback(sandboxCallback(app.url, { ...done, status: 'COMPLETED' }))).toBe(
      200,
    );
    expect((await app.payment(paymentId))?.status).toBe('completed');
    expect((await app.balances(player.id)).wallet).toBe(1500);
  });

  test('a payout reported FAILED returns the money once, even if COMPLETED arrives later', async () => {
    const player = await app.player({ fundZmw: 50, fundPhone: '0961234129' });
    const paymentId = await stuckWithdrawal(player, 20);
    expect(await app.balances(player.id)).toEqual({ wallet: 3000, hold: 2000 });
    const payout = { id: paymentId, kind: 'withdrawal' as const, amount: '20', phone: STUCK };
    const failed = sandboxCallback(app.url, {
      ...payout,
      status: 'FAILED',
      failureCode: 'RECIPIENT_NOT_FOUND',
    });
    expect(await postCallback(failed)).toBe(200);
    expect(await postCallback(failed)).toBe(200);
    expect(await postCallback(sandboxCallback(app.url, { ...payout, status: 'COMPLETED' }))).toBe(
      200,
    );
    expect(await app.balances(player.id)).toEqual({ wallet: 5000, hold: 0 });
    expect(await app.payment(paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'RECIPIENT_NOT_FOUND',
    });
  });

  test('50 duplicate signed callbacks at once credit exactly once', async () => {
    const player = await app.player();
    const paymentId = await stuckDeposit(player, 12.34);
    const callback = sandboxCallback(app.url, {
      id: paymentId,
      kind: 'deposit',
      status: 'COMPLETED',
      amount: '12.34',
      phone: STUCK,
    });
    const statuses = await Promise.all(Array.from({ length: 50 }, () => postCallback(callback)));
    expect(statuses).toEqual(Array(50).fill(200));
    expect(await app.balances(player.id)).toEqual({ wallet: 1234, hold: 0 });
    const events = await app.database.read
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, paymentId));
    expect(events.filter((event) => event.source === 'callback')).toHaveLength(50);
    const report = await app.ledger();
    expect(report.sumOfAllPostings).toBe(0);
    expect(report.mismatchedAccounts).toEqual([]);
  });
});
