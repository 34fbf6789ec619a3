// A self-exclusion carried past the erasure of its account (decisions 050 and 067), from outside:
// a stranger cannot plant one on somebody else's phone number, mobile-money number or email, while a
// real one (an identity the erased account proved) keeps blocking; the operator reviews a disputed
// one, audited, and the player still cannot lift it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminAudit } from '#db/schema/support.ts';
import {
  startWalletApp,
  TEST_PASSWORD,
  type TestPlayer,
  type WalletApp,
} from '#tests/support/wallet-app.ts';

let app: WalletApp;
let admin: TestPlayer;

beforeAll(async () => {
  app = await startWalletApp();
  admin = await app.player();
  await app.makeAdmin(admin.id);
});

afterAll(async () => {
  await app?.close();
});

const deposit = (who: TestPlayer, phone: string) =>
  who.client.post('/api/wallet/deposit', { phone, amount: 10, operator: 'mtn' });

const createRoom = (who: TestPlayer) =>
  who.client.post('/api/rooms', { amount: 10, time: 10, maxPlayers: 2, privacy: 'Public' });

/** Signs up through the API without proving the email (as anyone may type any address). */
async function unprovedSignUp(email: string, phone: string): Promise<TestPlayer> {
  const client = app.client();
  const answer = await client.post('/api/auth/signup', {
    firstName: 'Chanda',
    lastName: 'Mwale',
    phone,
    email,
    password: TEST_PASSWORD,
    adult: true,
    terms: true,
  });
  expect(answer.status, answer.text).toBe(201);
  return { id: (answer.json.user as { id: string }).id, email, client };
}

/** Excludes the account for good, then erases it: what each attack ends with. */
async function excludeForGoodAndErase(who: TestPlayer): Promise<void> {
  expect((await who.client.post('/api/me/exclusion', { period: 'permanent' })).status).toBe(200);
  const erased = await who.client.request('DELETE', '/api/me', { password: TEST_PASSWORD });
  expect(erased.status, erased.text).toBe(200);
}

async function expectFreeToPlay(victim: TestPlayer, number: string): Promise<void> {
  const asked = await deposit(victim, number);
  expect(asked.status, asked.text).toBe(202);
  const me = await victim.client.get('/api/me');
  expect((me.json.user as { exclusionUntil: string | null }).exclusionUntil).toBeNull();
  const created = await createRoom(victim);
  expect(created.status, created.text).toBe(201);
}

describe('a stranger cannot exclude somebody else', () => {
  test("by typing the victim's phone number on their own profile (sign-up or PATCH /api/me)", async () => {
    const victimPhone = '0975550301';
    const atSignUp = await unprovedSignUp(`typist.${Date.now()}@example.zm`, victimPhone);
    await excludeForGoodAndErase(atSignUp);
    const byPatch = await app.player({ phone: '0975550399' });
    const patched = await byPatch.client.request('PATCH', '/api/me', {
      firstName: 'Chanda',
      lastName: 'Mwale',
      phone: victimPhone,
    });
    expect(patched.status, patched.text).toBe(200);
    await excludeForGoodAndErase(byPatch);

    const victim = await app.player({ phone: victimPhone, fundZmw: 20, fundPhone: '0965550302' });
    await expectFreeToPlay(victim, '0965550302');
  });

  test("by asking for a deposit from the victim's mobile-money number, which the victim never approves", async () => {
    // The sandbox fails a deposit from a number ending in 019: the victim declines the prompt.
    const victimNumber = '0965553019';
    const attacker = await app.player({ phone: '0975550311' });
    const asked = await deposit(attacker, victimNumber);
    expect(asked.status).toBe(202);
    const paymentId = asked.json.paymentId as string;
    await app.waitFor(async () => (await app.payment(paymentId))?.status === 'failed');
    await excludeForGoodAndErase(attacker);

    // The victim's own deposits from that number completed (they approved those).
    const victim = await app.player({ phone: '0975550312', fundZmw: 20, fundPhone: victimNumber });
    await expectFreeToPlay(victim, victimNumber);
  });

  test("by signing up first with the victim's email, which they never prove", async () => {
    const victimEmail = `victim.${Date.now()}@example.zm`;
    const squatter = await unprovedSignUp(victimEmail, '0975550321');
    await excludeForGoodAndErase(squatter);

    // The address is free again; its owner signs up and proves it.
    const victim = await app.player({ email: victimEmail, phone: '0975550322', fundZmw: 20 });
    const me = await victim.client.get('/api/me');
    expect((me.json.user as { emailVerified: boolean }).emailVerified).toBe(true);
    await expectFreeToPlay(victim, '0961234567');
  });
});

describe('an exclusion carried on a proved identity', () => {
  let until: string;
  let sameEmail: TestPlayer;
  let sharedNumberHolder: TestPlayer;
  const provedNumber = '0965550402';

  beforeAll(async () => {
    // Another account of the same person already deposited from the same number (proved it).
    sharedNumberHolder = await app.player({
      phone: '0975550409',
      fundZmw: 20,
      fundPhone: provedNumber,
    });
    const excluded = await app.player({
      phone: '0975550401',
      fundZmw: 20,
      fundPhone: provedNumber,
    });
    const answer = await excluded.client.post('/api/me/exclusion', { period: '180d' });
    until = (answer.json.exclusion as { until: string }).until;
    const out = await excluded.client.post('/api/wallet/withdraw', {
      phone: provedNumber,
      amount: 20,
      operator: 'mtn',
    });
    expect(out.status).toBe(202);
    const paymentId = out.json.paymentId as string;
    await app.waitFor(async () => (await app.payment(paymentId))?.status === 'completed');
    expect(
      (await excluded.client.request('DELETE', '/api/me', { password: TEST_PASSWORD })).status,
    ).toBe(200);
    sameEmail = await app.player({ email: excluded.email, phone: '0975550403' });
  });

  test('still blocks deposits and stakes of a new account that proved the same email', async () => {
    const refused = await deposit(sameEmail, '0965550404');
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('self_excluded');
    const stake = await createRoom(sameEmail);
    expect(stake.status).toBe(403);
    expect(stake.json.code).toBe('self_excluded');
    const me = await sameEmail.client.get('/api/me');
    expect((me.json.user as { exclusionUntil: string }).exclusionUntil).toBe(until);
  });

  test('refuses a deposit from the proved number, and the stakes of an account that proved it', async () => {
    const stranger = await app.player({ phone: '0975550405' });
    expect((await deposit(stranger, provedNumber)).json.code).toBe('self_excluded');
    const stake = await createRoom(sharedNumberHolder);
    expect(stake.status).toBe(403);
    expect(stake.json.code).toBe('self_excluded');
  });

  test('does not block someone who only typed the proved number as their profile phone: a hint for the operator', async () => {
    const typist = await app.player({ phone: provedNumber, fundZmw: 20 });
    await expectFreeToPlay(typist, '0961234567');
    const file = await admin.client.get(`/api/admin/users/${typist.id}`);
    expect(file.json.carriedExclusions).toEqual([
      expect.objectContaining({ matchedBy: 'profile_phone', blocking: false }),
    ]);
    expect(file.json.exclusionUntil).toBeNull();
  });

  test('is shown to the operator, who may void it with a reason (audited); the player cannot lift it', async () => {
    const file = await admin.client.get(`/api/admin/users/${sharedNumberHolder.id}`);
    expect(file.status).toBe(200);
    const carried = file.json.carriedExclusions as {
      id: string;
      matchedBy: string;
      blocking: boolean;
      period: string;
      until: string | null;
      review: unknown;
    }[];
    expect(carried).toEqual([
      expect.objectContaining({
        matchedBy: 'payer_number',
        blocking: true,
        period: '180d',
        until,
        review: null,
      }),
    ]);
    const rowId = carried[0]!.id;

    // The player has no way to lift it: a shorter exclusion is refused, there is no other route.
    const shorter = await sharedNumberHolder.client.post('/api/me/exclusion', { period: '24h' });
    expect(shorter.status).toBe(409);
    expect(shorter.json.code).toBe('exclusion_running');
    const asPlayer = await sharedNumberHolder.client.post(
      `/api/admin/carried-exclusions/${rowId}/review`,
      { decision: 'void', reason: 'mine' },
    );
    expect(asPlayer.status).toBe(403);

    const noReason = await admin.client.post(`/api/admin/carried-exclusions/${rowId}/review`, {
      decision: 'void',
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.json.code).toBe('reason_required');

    const upheld = await admin.client.post(`/api/admin/carried-exclusions/${rowId}/review`, {
      decision: 'upheld',
      reason: 'Same person: the support ticket names the erased account.',
    });
    expect(upheld.status, upheld.text).toBe(200);
    expect((await createRoom(sharedNumberHolder)).json.code).toBe('self_excluded');

    const voided = await admin.client.post(`/api/admin/carried-exclusions/${rowId}/review`, {
      decision: 'void',
      reason: 'The number was recycled by the operator: a different person.',
    });
    expect(voided.status, voided.text).toBe(200);
    expect(voided.json.carriedExclusion).toMatchObject({
      id: rowId,
      review: { decision: 'void', by: admin.id },
    });
    expect((await createRoom(sharedNumberHolder)).status).toBe(201);
    // Only that identity's row: the same exclusion still holds the proved email.
    expect((await deposit(sameEmail, '0965550406')).json.code).toBe('self_excluded');

    const audit = await app.database.read
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.target, rowId));
    expect(audit.map((row) => [row.action, row.adminId])).toEqual([
      ['exclusion.review', admin.id],
      ['exclusion.review', admin.id],
    ]);
    expect(audit.map((row) => JSON.parse(row.detail) as { decision: string })).toEqual([
      expect.objectContaining({ decision: 'upheld' }),
      expect.objectContaining({ decision: 'void' }),
    ]);
  });
});
