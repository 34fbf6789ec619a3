import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountIds,
  balanceOf,
  checkLedger,
  InsufficientFundsError,
  LedgerError,
} from '#db/ledger.ts';
import {
  escrowBalance,
  refundStake,
  settleRoom,
  stake,
  StakeAlreadyRefundedError,
} from '#db/money.ts';
import { userTransactions } from '#db/schema/wallet-history.ts';
import { eq } from 'drizzle-orm';
import { createTestDatabase, fundWallet, seedRoom, seedUser } from '#tests/support/db.ts';
import type { TestDatabase } from '#tests/support/db.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

const wallet = (user: string) => balanceOf(t.database.read, accountIds.wallet(user));

async function fundedPlayers(count: number, amount: number) {
  const players: string[] = [];
  for (let i = 0; i < count; i++) {
    const user = await seedUser(t.database);
    await fundWallet(t.database, user, amount);
    players.push(user);
  }
  return players;
}

describe('stake and refund', () => {
  it('moves the room amount into escrow once, and back once', async () => {
    const [host] = await fundedPlayers(1, 5000);
    const roomId = await seedRoom(t.database, { hostId: host!, amount: 2000 });
    const first = await t.database.write((tx) => stake(tx, { roomId, userId: host! }));
    const again = await t.database.write((tx) => stake(tx, { roomId, userId: host! }));
    expect(first).toMatchObject({ duplicate: false, amount: 2000 });
    expect(again).toMatchObject({ duplicate: true, amount: 2000, transferId: first.transferId });
    expect(await wallet(host!)).toBe(3000);
    expect(await escrowBalance(t.database.read, roomId)).toBe(2000);

    const refund = await t.database.write((tx) => refundStake(tx, { roomId, userId: host! }));
    const refundAgain = await t.database.write((tx) => refundStake(tx, { roomId, userId: host! }));
    expect(refund).toMatchObject({ duplicate: false, amount: 2000 });
    expect(refundAgain).toMatchObject({ duplicate: true, amount: 2000 });
    expect(await wallet(host!)).toBe(5000);
    expect(await escrowBalance(t.database.read, roomId)).toBe(0);

    const lines = await t.database.read
      .select({ type: userTransactions.type, amount: userTransactions.amount })
      .from(userTransactions)
      .where(eq(userTransactions.userId, host!));
    expect(lines.map((l) => l.type).sort()).toEqual(['deposit', 'refund', 'stake']);
    await expect(
      t.database.write((tx) => stake(tx, { roomId, userId: host! })),
    ).rejects.toBeInstanceOf(StakeAlreadyRefundedError);
  });

  it('refuses a stake the wallet cannot cover and refunds nothing that was not staked', async () => {
    const [poor] = await fundedPlayers(1, 999);
    const roomId = await seedRoom(t.database, { hostId: poor!, amount: 1000 });
    await expect(
      t.database.write((tx) => stake(tx, { roomId, userId: poor! })),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await t.database.write((tx) => refundStake(tx, { roomId, userId: poor! }))).toBeNull();
    expect(await wallet(poor!)).toBe(999);
  });
});

describe('settleRoom', () => {
  it('pays the winners and the system, empties the escrow, and settles once', async () => {
    const players = await fundedPlayers(3, 1000);
    const roomId = await seedRoom(t.database, { hostId: players[0]!, amount: 1000 });
    for (const userId of players) await t.database.write((tx) => stake(tx, { roomId, userId }));
    // pot 3000, winners' share floor(80 %) = 2400, two tied winners get 1200 each
    const settlement = {
      roomId,
      payouts: [
        { userId: players[0]!, amount: 1200 },
        { userId: players[1]!, amount: 1200 },
        { userId: players[2]!, amount: 0 },
      ],
      systemShare: 600,
    };
    const first = await t.database.write((tx) => settleRoom(tx, settlement));
    const second = await t.database.write((tx) => settleRoom(tx, settlement));
    expect(first.duplicate).toBe(false);
    expect(second).toEqual({ duplicate: true, transferIds: first.transferIds });
    expect(await Promise.all(players.map(wallet))).toEqual([1200, 1200, 0]);
    expect(await escrowBalance(t.database.read, roomId)).toBe(0);
    expect(await balanceOf(t.database.read, accountIds.revenue)).toBeGreaterThanOrEqual(600);
    await expect(
      t.database.write((tx) => refundStake(tx, { roomId, userId: players[2]! })),
    ).rejects.toBeInstanceOf(LedgerError);
  });

  it('refuses a settlement that does not empty the escrow exactly', async () => {
    const players = await fundedPlayers(2, 500);
    const roomId = await seedRoom(t.database, { hostId: players[0]!, amount: 500 });
    for (const userId of players) await t.database.write((tx) => stake(tx, { roomId, userId }));
    for (const systemShare of [199, 201]) {
      await expect(
        t.database.write((tx) =>
          settleRoom(tx, { roomId, payouts: [{ userId: players[0]!, amount: 800 }], systemShare }),
        ),
      ).rejects.toBeInstanceOf(LedgerError);
    }
    expect(await escrowBalance(t.database.read, roomId)).toBe(1000);
    expect((await checkLedger(t.database.read)).mismatchedAccounts).toEqual([]);
  });
});
