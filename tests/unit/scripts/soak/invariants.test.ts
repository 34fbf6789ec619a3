// The soak's invariants (scripts/soak/invariants.ts) on a real libSQL file: quiet on a healthy
// ledger, and each one named when its kind of damage is put into the database by hand.
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountIds, movement, postTransfer } from '#db/ledger.ts';
import { stake } from '#db/money.ts';
import { accounts } from '#db/schema/ledger.ts';
import { paymentRequests } from '#db/schema/payments.ts';
import { rooms, roomSeats } from '#db/schema/rooms.ts';
import { latestGameEnd, SETTLEMENT_CLOCK_SKEW_MS } from '#game/timing.ts';
import { checkProduct } from '#scripts/soak/invariants.ts';
import { createTestDatabase, fundWallet, seedRoom, seedUser } from '#tests/support/db.ts';
import type { TestDatabase } from '#tests/support/db.ts';

const SCALE = 0.05;
const GRACE_MS = 120_000;

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(() => t.cleanup());

const check = (now = Date.now()) =>
  checkProduct(t.database.read, { gameTimeScale: SCALE, graceMs: GRACE_MS, now });
const named = async (now?: number) => (await check(now)).violations.map((v) => v.invariant);

/** A funded player seated (stake in escrow) in a room of `status`, seated at `joinedAt`. */
async function seatedRoom(status: 'waiting' | 'active' | 'ended' | 'closed', joinedAt: number) {
  const userId = await seedUser(t.database);
  await fundWallet(t.database, userId, 50_00);
  const roomId = await seedRoom(t.database, { hostId: userId, amount: 10_00 });
  await t.database.write(async (tx) => {
    await tx.insert(roomSeats).values({ roomId, userId, name: 'Test', seatIndex: 0, joinedAt });
    await stake(tx, { roomId, userId });
    await tx.update(rooms).set({ status }).where(eq(rooms.roomId, roomId));
  });
  return { userId, roomId };
}

describe('the soak invariants', () => {
  it('find nothing wrong with funded wallets, a waiting room and a fresh game', async () => {
    await seatedRoom('waiting', Date.now());
    await seatedRoom('active', Date.now());
    const { figures, violations } = await check();
    expect(violations).toEqual([]);
    expect(figures.ledgerClean).toBe(true);
    expect(figures.deposits).toEqual({ completed: 2, failed: 0, pending: 0 });
    expect(figures.live).toBe(2);
    expect(figures.overdue).toEqual([]);
  });

  it('name a ledger whose cached balance disagrees with its postings', async () => {
    const userId = await seedUser(t.database);
    await fundWallet(t.database, userId, 50_00);
    await t.database.write((tx) =>
      tx
        .update(accounts)
        .set({ balance: sql`${accounts.balance} + 1` })
        .where(eq(accounts.id, accountIds.wallet(userId))),
    );
    expect(await named()).toContain('ledger check not clean');
  });

  it('name a negative balance', async () => {
    const userId = await seedUser(t.database);
    await fundWallet(t.database, userId, 50_00);
    // Only by switching the CHECK constraint off can a wallet go below zero.
    await t.database.client.execute('PRAGMA ignore_check_constraints = ON');
    await t.database.write((tx) =>
      tx
        .update(accounts)
        .set({ balance: -1 })
        .where(eq(accounts.id, accountIds.wallet(userId))),
    );
    await t.database.client.execute('PRAGMA ignore_check_constraints = OFF');
    expect(await named()).toContain('negative balance');
  });

  it('name money left in the escrow of a finished room', async () => {
    await seatedRoom('closed', Date.now());
    expect(await named()).toEqual(['escrow of a finished room not zero']);
  });

  it('name a deposit credited twice', async () => {
    const userId = await seedUser(t.database);
    await fundWallet(t.database, userId, 50_00);
    const payment = (await t.database.read.select().from(paymentRequests).get())!;
    await t.database.write((tx) =>
      postTransfer(tx, {
        key: `deposit-again:${payment.id}`,
        reason: 'deposit',
        reference: payment.id,
        postings: movement('system:clearing:sandbox', accountIds.wallet(userId), payment.amount),
      }),
    );
    expect(await named()).toEqual(['payment credited twice']);
  });

  it('name a game past its end: overdue at first, stuck after the grace period', async () => {
    const joinedAt = Date.now() - 60_000;
    const { roomId } = await seatedRoom('active', joinedAt);
    const end = latestGameEnd(joinedAt, 10, SCALE) + SETTLEMENT_CLOCK_SKEW_MS;
    const before = await check(end - 1);
    expect(before.figures.overdue).toEqual([]);
    const late = await check(end + 1);
    expect(late.figures.overdue).toEqual([roomId]);
    expect(late.violations).toEqual([]);
    const stuck = await check(end + GRACE_MS + 1);
    expect(stuck.figures.stuck).toEqual([roomId]);
    expect(stuck.violations.map((v) => v.invariant)).toEqual(['stuck room past the grace period']);
  });

  it('name a waiting room the sweeper left open past its expiry', async () => {
    const { roomId } = await seatedRoom('waiting', Date.now());
    const room = (await t.database.read
      .select()
      .from(rooms)
      .where(eq(rooms.roomId, roomId))
      .get())!;
    expect(await named(room.expiresAt + 1)).toEqual([]);
    expect(await named(room.expiresAt + GRACE_MS + 1)).toEqual([
      'stuck room past the grace period',
    ]);
  });
});
