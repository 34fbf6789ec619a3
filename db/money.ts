// The stakes of a room: into escrow on join, back on leave or close, out to the winners and the
// system at settlement. Each move is one ledger transfer plus the line the player sees.
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from './client';
import { accountIds, balanceOf, findTransfer, LedgerError, movement, postTransfer } from './ledger';
import type { PostedTransfer } from './ledger';
import { assertMayStake } from './responsible-play';
import { postings } from './schema/ledger';
import { rooms } from './schema/rooms';
import { userTransactions } from './schema/wallet-history';
import type { UserTransactionType } from './schema/wallet-history';

export const moneyKeys = {
  stake: (roomId: string, userId: string) => `stake:${roomId}:${userId}`,
  refund: (roomId: string, userId: string) => `refund:${roomId}:${userId}`,
  settle: (roomId: string) => `settle:${roomId}`,
  settleRevenue: (roomId: string) => `settle:${roomId}:revenue`,
} as const;

/** A stake can be taken once per room and player; after its refund the player cannot stake again. */
export class StakeAlreadyRefundedError extends Error {
  constructor(roomId: string, userId: string) {
    super(`The stake of ${userId} in room ${roomId} was already refunded`);
    this.name = 'StakeAlreadyRefundedError';
  }
}

/** The line in the player's history that goes with a completed room move. */
export async function recordCompletedMove(
  tx: Queryable,
  move: {
    userId: string;
    type: UserTransactionType;
    amount: number;
    reference: string;
    now: number;
  },
) {
  await tx
    .insert(userTransactions)
    .values({
      userId: move.userId,
      type: move.type,
      amount: move.amount,
      status: 'completed',
      reference: move.reference,
      createdAt: move.now,
      updatedAt: move.now,
    })
    .onConflictDoNothing();
}

async function roomStakeAmount(tx: Queryable, roomId: string): Promise<number> {
  const room = await tx
    .select({ amount: rooms.amount })
    .from(rooms)
    .where(eq(rooms.roomId, roomId))
    .get();
  if (!room) throw new LedgerError(`Room ${roomId} does not exist`);
  return room.amount;
}

/** Escrow credited by one transfer, in ngwee. */
async function escrowLeg(tx: Queryable, transferId: string, roomId: string): Promise<number> {
  const row = await tx
    .select({ amount: sql<number>`coalesce(sum(${postings.amount}), 0)` })
    .from(postings)
    .where(
      and(eq(postings.transferId, transferId), eq(postings.accountId, accountIds.escrow(roomId))),
    )
    .get();
  return Number(row?.amount ?? 0);
}

/**
 * Moves the room's stake from the player's wallet into the room's escrow. Throws
 * `InsufficientFundsError` (before writing anything) when the wallet is short; a repeat while the
 * stake is held is a duplicate and changes nothing. After a refund it throws
 * `StakeAlreadyRefundedError`, and a settled room takes no new stake (`LedgerError`). A new stake
 * while the player is self-excluded, or past a loss limit, throws `SelfExcludedError` or
 * `LimitReachedError` (db/responsible-play).
 */
export async function stake(
  tx: Queryable,
  input: { roomId: string; userId: string; now?: number },
): Promise<PostedTransfer & { amount: number }> {
  const { roomId, userId } = input;
  const now = input.now ?? Date.now();
  if (await findTransfer(tx, moneyKeys.refund(roomId, userId))) {
    throw new StakeAlreadyRefundedError(roomId, userId);
  }
  const amount = await roomStakeAmount(tx, roomId);
  if (!(await findTransfer(tx, moneyKeys.stake(roomId, userId)))) {
    if (await isSettled(tx, roomId)) {
      throw new LedgerError(`Room ${roomId} is settled: it takes no more stakes`);
    }
    // A new stake only: a self-exclusion or a loss limit refuses it (a repeat stays a repeat).
    await assertMayStake(tx, { userId, amount, now });
  }
  const posted = await postTransfer(tx, {
    key: moneyKeys.stake(roomId, userId),
    reason: 'stake',
    reference: roomId,
    postings: movement(accountIds.wallet(userId), accountIds.escrow(roomId), amount),
    now,
  });
  if (posted.duplicate) {
    return { ...posted, amount: await escrowLeg(tx, posted.transferId, roomId) };
  }
  await recordCompletedMove(tx, { userId, type: 'stake', amount, reference: roomId, now });
  return { ...posted, amount };
}

/**
 * Gives a player's stake back from escrow to their wallet. Returns null when the player has no
 * stake in the room; a second refund is a duplicate. A settled room refunds nothing (it throws).
 */
export async function refundStake(
  tx: Queryable,
  input: { roomId: string; userId: string; now?: number },
): Promise<(PostedTransfer & { amount: number }) | null> {
  const { roomId, userId } = input;
  const now = input.now ?? Date.now();
  const staked = await findTransfer(tx, moneyKeys.stake(roomId, userId));
  if (!staked) return null;
  const refunded = await findTransfer(tx, moneyKeys.refund(roomId, userId));
  if (refunded) {
    const amount = -(await escrowLeg(tx, refunded.id, roomId));
    return { transferId: refunded.id, duplicate: true, amount };
  }
  if (await isSettled(tx, roomId)) {
    throw new LedgerError(`Room ${roomId} is settled: its stakes cannot be refunded`);
  }
  const amount = await escrowLeg(tx, staked.id, roomId);
  const posted = await postTransfer(tx, {
    key: moneyKeys.refund(roomId, userId),
    reason: 'refund',
    reference: roomId,
    postings: movement(accountIds.escrow(roomId), accountIds.wallet(userId), amount),
    now,
  });
  await recordCompletedMove(tx, { userId, type: 'refund', amount, reference: roomId, now });
  return { ...posted, amount };
}

async function isSettled(tx: Queryable, roomId: string): Promise<boolean> {
  return Boolean(
    (await findTransfer(tx, moneyKeys.settle(roomId))) ??
    (await findTransfer(tx, moneyKeys.settleRevenue(roomId))),
  );
}

export interface Settlement {
  roomId: string;
  /** What each winner receives, in ngwee (a zero payout is skipped). */
  payouts: { userId: string; amount: number }[];
  /** What the system keeps, in ngwee. */
  systemShare: number;
  now?: number;
}

/**
 * Empties the room's escrow: the winnings to the winners' wallets, the rest to system revenue.
 * The payouts and the system share must add up to exactly what the escrow holds. Settling a room
 * twice changes nothing the second time.
 */
export async function settleRoom(
  tx: Queryable,
  settlement: Settlement,
): Promise<{ duplicate: boolean; transferIds: string[] }> {
  const { roomId, payouts, systemShare } = settlement;
  const now = settlement.now ?? Date.now();
  const done = await Promise.all(
    [moneyKeys.settle(roomId), moneyKeys.settleRevenue(roomId)].map((key) => findTransfer(tx, key)),
  );
  const previous = done.filter((transfer) => transfer !== undefined).map((t) => t.id);
  if (previous.length > 0) return { duplicate: true, transferIds: previous };

  for (const amount of [systemShare, ...payouts.map((p) => p.amount)]) {
    if (!Number.isSafeInteger(amount) || amount < 0) {
      throw new LedgerError(`Settlement of ${roomId}: ${amount} is not a whole ngwee amount ≥ 0`);
    }
  }
  const winners = payouts.filter((p) => p.amount > 0);
  if (new Set(winners.map((p) => p.userId)).size !== winners.length) {
    throw new LedgerError(`Settlement of ${roomId} pays a winner twice`);
  }
  const escrow = accountIds.escrow(roomId);
  const winnings = winners.reduce((sum, p) => sum + p.amount, 0);
  const held = await escrowBalance(tx, roomId);
  if (winnings + systemShare !== held) {
    throw new LedgerError(
      `Settlement of ${roomId} pays ${winnings + systemShare} but the escrow holds ${held}`,
    );
  }

  const transferIds: string[] = [];
  if (winnings > 0) {
    const posted = await postTransfer(tx, {
      key: moneyKeys.settle(roomId),
      reason: 'winnings',
      reference: roomId,
      postings: [
        { account: escrow, amount: -winnings },
        ...winners.map((p) => ({ account: accountIds.wallet(p.userId), amount: p.amount })),
      ],
      now,
    });
    transferIds.push(posted.transferId);
    for (const p of winners) {
      await recordCompletedMove(tx, {
        userId: p.userId,
        type: 'winnings',
        amount: p.amount,
        reference: roomId,
        now,
      });
    }
  }
  if (systemShare > 0) {
    const posted = await postTransfer(tx, {
      key: moneyKeys.settleRevenue(roomId),
      reason: 'revenue',
      reference: roomId,
      postings: movement(escrow, accountIds.revenue, systemShare),
      now,
    });
    transferIds.push(posted.transferId);
  }
  return { duplicate: false, transferIds };
}

/** What the room's escrow holds now, in ngwee. */
export function escrowBalance(db: Queryable, roomId: string): Promise<number> {
  return balanceOf(db, accountIds.escrow(roomId));
}
