// The payment provider misbehaving, against the real site process (`START=site`) with
// PAYMENTS_PROVIDER=pawapay pointed at the fake pawaPay (tests/support/fake-pawapay.ts), whose
// callbacks arrive over real HTTP and are verified by the site. What the in-process wallet suites
// already cover (tests/integration/wallet/pawapay.test.ts, callbacks.test.ts) is not repeated
// here beyond one case each on the real process; what they do not cover is an answer that arrives
// after the reconciler asked, before and after it settled the payment. A timeout is
// pawapay.test.ts's (in process, where the client's 15 s timeout can be shortened). Each case ends
// with the money whole.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '#db/client.ts';
import { grantAdmin } from '#site/server/auth/admin-grants.ts';
import { ensureSiteBuild } from '#tests/support/build.ts';
import { startFakePawapay, type FakePawapay } from '#tests/support/fake-pawapay.ts';
import { freePort, removeDir, tempDir } from '#tests/support/partykit.ts';
import { startPart, type StartedPart } from '#tests/support/start-script.ts';
import { waitFor } from '#tests/support/wait.ts';
import {
  expectMoneyWhole,
  paymentStatus,
  signUp,
  startDeposit,
  startWithdrawal,
  type Player,
} from './support';

/** pawaPay's sandbox never finishes a payment from this number: only the test decides it. */
const STUCK = '0961234129';

let dataDir: string;
let database: Database;
let site: StartedPart;
let fake: FakePawapay;
let siteUrl: string;
let publicUrl: string;
let callbackUrl: string;
let admin: Player;

beforeAll(async () => {
  await ensureSiteBuild();
  dataDir = await tempDir('faults-provider-');
  const [port, partyPort] = [await freePort(), await freePort()];
  siteUrl = `http://127.0.0.1:${port}`;
  publicUrl = `http://localhost:${port}`;
  callbackUrl = `${publicUrl}/api/payments/callback/pawapay`;
  fake = await startFakePawapay({ callbackUrl, completeAfterMs: 50 });
  site = await startPart({
    name: 'site',
    dataDir,
    env: {
      START: 'site',
      PORT: String(port),
      PARTY_PORT: String(partyPort),
      PUBLIC_URL: publicUrl,
      PAYMENTS_PROVIDER: 'pawapay',
      PAWAPAY_BASE_URL: fake.baseUrl,
      PAWAPAY_API_TOKEN: fake.apiToken,
    },
  });
  database = createDatabase({ url: `file:${path.join(dataDir, 'app.db')}` });
  admin = await signUp(siteUrl, publicUrl);
  expect(
    (await grantAdmin(database, admin.email, { by: { osUser: 'faults' }, force: true })).ok,
  ).toBe(true);
}, 180_000);

afterAll(async () => {
  database?.close();
  await site?.stop();
  await fake?.close();
  if (dataDir) await removeDir(dataDir);
});

async function wallet(player: Player): Promise<number> {
  const me = await player.client.get('/api/me');
  return Math.round((me.json.user as { accountBalance: number }).accountBalance * 100);
}

/** The operator's "ask the provider again" (the reconciler's one-payment pass). */
async function askAgain(paymentId: string) {
  return admin.client.post(`/api/admin/payments/${paymentId}/reconcile`);
}

const completed = (paymentId: string) =>
  waitFor(
    `payment ${paymentId} to complete`,
    async () => (await paymentStatus(database, paymentId)) === 'completed',
  );

describe('the provider misbehaving, against the real site process', () => {
  it('answers 500 but made the deposit, and its callback is lost: asking again completes it', async () => {
    const player = await signUp(siteUrl, publicUrl);
    fake.setCallbackUrl('http://127.0.0.1:9/nowhere');
    try {
      fake.failNext('unknown-error', { create: true });
      const paymentId = await startDeposit(player, 30);
      await waitFor(
        'pawaPay to complete it',
        () => fake.payment(paymentId)?.status === 'COMPLETED',
      );
      expect(await paymentStatus(database, paymentId)).toBe('pending');
      const asked = await askAgain(paymentId);
      expect(asked.status, asked.text).toBe(200);
      expect(asked.json.settled).toBe(true);
      expect(await wallet(player)).toBe(3_000);
    } finally {
      fake.setCallbackUrl(callbackUrl);
    }
    await expectMoneyWhole(database);
  });

  it('answers late, after the reconciler asked and found it unfinished: credited once', async () => {
    const player = await signUp(siteUrl, publicUrl);
    const paymentId = await startDeposit(player, 12, STUCK);
    await waitFor('pawaPay to hold it', () => fake.payment(paymentId)?.status === 'SUBMITTED');
    const asked = await askAgain(paymentId);
    expect(asked.status, asked.text).toBe(200);
    expect(asked.json.settled).toBe(false);
    // Then the phone approves and the callback comes, late.
    fake.alter(paymentId, { status: 'COMPLETED' });
    expect(await fake.deliverCallback(paymentId)).toBe(200);
    expect(await paymentStatus(database, paymentId)).toBe('completed');
    expect((await askAgain(paymentId)).status).toBe(409); // payment_not_pending
    expect(await fake.deliverCallback(paymentId)).toBe(200);
    expect(await wallet(player)).toBe(1_200);
    await expectMoneyWhole(database);
  });

  it('answers late, after the reconciler already settled the payout: paid once', async () => {
    const player = await signUp(siteUrl, publicUrl);
    await completed(await startDeposit(player, 50));
    fake.setCallbackUrl('http://127.0.0.1:9/nowhere');
    let paymentId: string;
    try {
      paymentId = await startWithdrawal(player, 20);
      await waitFor('pawaPay to pay it', () => fake.payment(paymentId)?.status === 'COMPLETED');
      const asked = await askAgain(paymentId);
      expect(asked.status, asked.text).toBe(200);
      expect(asked.json.settled).toBe(true);
    } finally {
      fake.setCallbackUrl(callbackUrl);
    }
    // The callback that could not be delivered comes now, twice.
    expect(await fake.deliverCallback(paymentId)).toBe(200);
    expect(await fake.deliverCallback(paymentId)).toBe(200);
    expect(await paymentStatus(database, paymentId)).toBe('completed');
    expect(await wallet(player)).toBe(3_000);
    await expectMoneyWhole(database);
  });

  it('sends the same callback 50 times at once: credited once', async () => {
    const player = await signUp(siteUrl, publicUrl);
    const paymentId = await startDeposit(player, 7.25, STUCK);
    await waitFor('pawaPay to hold it', () => fake.payment(paymentId)?.status === 'SUBMITTED');
    fake.alter(paymentId, { status: 'COMPLETED' });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => fake.deliverCallback(paymentId)),
    );
    expect(answers).toEqual(Array(50).fill(200));
    expect(await wallet(player)).toBe(725);
    await expectMoneyWhole(database);
  });

  it('sends FAILED after COMPLETED: the deposit stays completed, credited once', async () => {
    const player = await signUp(siteUrl, publicUrl);
    const paymentId = await startDeposit(player, 9, STUCK);
    await waitFor('pawaPay to hold it', () => fake.payment(paymentId)?.status === 'SUBMITTED');
    fake.alter(paymentId, { status: 'COMPLETED' });
    expect(await fake.deliverCallback(paymentId)).toBe(200);
    expect(await fake.deliverCallback(paymentId, { status: 'FAILED' })).toBe(200);
    expect(await paymentStatus(database, paymentId)).toBe('completed');
    expect(await wallet(player)).toBe(900);
    await expectMoneyWhole(database);
  });
});
