// Model-based test of every money move against a plain in-memory model: random deposits,
// withdrawals, stakes, refunds and settlements, with payment statuses repeated, reordered and mixed
// with non-final ones. One migrated file for the whole file; each run uses fresh users and rooms.
import type { PaymentKind } from '#game/payment-vocabulary.ts';
import fc from 'fast-check';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  accountIds,
  balanceOf,
  checkLedger,
  InsufficientFundsError,
  LedgerError,
} from '#db/ledger.ts';
import { refundStake, settleRoom, stake, StakeAlreadyRefundedError } from '#db/money.ts';
import { applyPaymentStatus, createPaymentRequest } from '#db/payments.ts';
import { rooms } from '#db/schema/rooms.ts';
import { transfers } from '#db/schema/ledger.ts';
import { users } from '#db/schema/people.ts';
import { createTestDatabase } from '#tests/support/db.ts';
import type { TestDatabase } from '#tests/support/db.ts';

const PLAYERS = 3;
const NUM_RUNS = 1000;

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

// ---------------------------------------------------------------------------------------------
// The model

interface ModelPayment {
  kind: PaymentKind;
  user: number;
  amount: number;
  final: 'completed' | 'failed' | null;
}

interface ModelRoom {
  amount: number;
  /** Player index → 'staked' | 'refunded'. */
  stakes: Map<number, 'staked' | 'refunded'>;
  settled: boolean;
}

interface Model {
  wallets: number[];
  holds: number[];
  payments: ModelPayment[];
  rooms: ModelRoom[];
}

interface Real {
  users: string[];
  payments: string[];
  rooms: string[];
}

type Command = fc.AsyncCommand<Model, Real>;

const FINAL: Record<string, 'completed' | 'failed'> = {
  COMPLETED: 'completed',
  FAILED: 'failed',
  REJECTED: 'failed',
};

const pick = <T>(items: T[], index: number): [T, number] | null =>
  items.length === 0 ? null : [items[index % items.length]!, index % items.length];

/** The players' wallets and holds equal the model's (only `players` when given). */
async function expectBalances(model: Model, real: Real, players?: number[]) {
  for (const i of players ?? real.users.keys()) {
    const user = real.users[i]!;
    const [wallet, hold] = await Promise.all([
      balanceOf(t.database.read, accountIds.wallet(user)),
      balanceOf(t.database.read, accountIds.hold(user)),
    ]);
    expect({ player: i, wallet, hold }).toEqual({
      player: i,
      wallet: model.wallets[i],
      hold: model.holds[i],
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Commands

class RequestPayment implements Command {
  constructor(
    readonly kind: PaymentKind,
    readonly user: number,
    readonly amount: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const request = t.database.write((tx) =>
      createPaymentRequest(tx, {
        userId: real.users[this.user]!,
        kind: this.kind,
        provider: 'sandbox',
        phone: '0961234567',
        operator: 'mtn',
        amount: this.amount,
      }),
    );
    if (this.kind === 'withdrawal' && model.wallets[this.user]! < this.amount) {
      await expect(request).rejects.toBeInstanceOf(InsufficientFundsError);
    } else {
      const { payment } = await request;
      real.payments.push(payment.id);
      model.payments.push({ kind: this.kind, user: this.user, amount: this.amount, final: null });
      if (this.kind === 'withdrawal') {
        model.wallets[this.user]! -= this.amount;
        model.holds[this.user]! += this.amount;
      }
    }
    await expectBalances(model, real, [this.user]);
  }
  toString = () => `${this.kind}(p${this.user}, ${this.amount})`;
}

class ReportStatus implements Command {
  constructor(
    readonly payment: number,
    readonly status: string,
  ) {}
  check = (model: Readonly<Model>) => model.payments.length > 0;
  async run(model: Model, real: Real) {
    // counted from the newest, so recent payments get most of the (repeated) reports
    const [payment, index] = pick(
      model.payments,
      model.payments.length - 1 - (this.payment % model.payments.length),
    )!;
    const outcome = await t.database.write((tx) =>
      applyPaymentStatus(tx, {
        paymentId: real.payments[index]!,
        status: FINAL[this.status] ?? 'pending',
        providerStatus: this.status,
        source: 'callback',
        payload: { status: this.status },
      }),
    );
    const final = FINAL[this.status];
    const settles = payment.final === null && final !== undefined;
    expect(outcome.settled).toBe(settles);
    if (settles) {
      payment.final = final;
      const { user, amount } = payment;
      if (payment.kind === 'deposit' && final === 'completed') model.wallets[user]! += amount;
      if (payment.kind === 'withdrawal') {
        model.holds[user]! -= amount;
        if (final === 'failed') model.wallets[user]! += amount;
      }
    }
    expect(outcome.payment.status).toBe(payment.final ?? 'pending');
    await expectBalances(model, real, [payment.user]);
  }
  toString = () => `status(#${this.payment}, ${this.status})`;
}

function newRoom(roomId: string, hostId: string, amount: number) {
  return {
    roomId,
    roomName: 'model',
    hostId,
    amount,
    timeMinutes: 5,
    maxPlayers: 6,
    privacy: 'Public' as const,
    serverSeed: 's',
    serverSeedHash: 'h',
    expiresAt: 0,
  };
}

class OpenRoom implements Command {
  constructor(readonly amount: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const roomId = crypto.randomUUID();
    await t.database.write((tx) =>
      tx.insert(rooms).values(newRoom(roomId, real.users[0]!, this.amount)),
    );
    real.rooms.push(roomId);
    model.rooms.push({ amount: this.amount, stakes: new Map(), settled: false });
  }
  toString = () => `room(${this.amount})`;
}

class Stake implements Command {
  constructor(
    readonly room: number,
    readonly user: number,
  ) {}
  check = (model: Readonly<Model>) => model.rooms.length > 0;
  async run(model: Model, real: Real) {
    const [room, index] = pick(model.rooms, this.room)!;
    const staking = t.database.write((tx) =>
      stake(tx, { roomId: real.rooms[index]!, userId: real.users[this.user]! }),
    );
    const held = room.stakes.get(this.user);
    if (held === 'refunded') {
      await expect(staking).rejects.toBeInstanceOf(StakeAlreadyRefundedError);
    } else if (held === 'staked') {
      expect(await staking).toMatchObject({ duplicate: true, amount: room.amount });
    } else if (room.settled) {
      await expect(staking).rejects.toBeInstanceOf(LedgerError);
    } else if (model.wallets[this.user]! < room.amount) {
      await expect(staking).rejects.toBeInstanceOf(InsufficientFundsError);
    } else {
      expect(await staking).toMatchObject({ duplicate: false, amount: room.amount });
      room.stakes.set(this.user, 'staked');
      model.wallets[this.user]! -= room.amount;
    }
    await expectBalances(model, real, [this.user]);
  }
  toString = () => `stake(room#${this.room}, p${this.user})`;
}

class Refund implements Command {
  constructor(
    readonly room: number,
    readonly user: number,
  ) {}
  check = (model: Readonly<Model>) => model.rooms.length > 0;
  async run(model: Model, real: Real) {
    const [room, index] = pick(model.rooms, this.room)!;
    const refunding = t.database.write((tx) =>
      refundStake(tx, { roomId: real.rooms[index]!, userId: real.users[this.user]! }),
    );
    const held = room.stakes.get(this.user);
    if (held === undefined) {
      expect(await refunding).toBeNull();
    } else if (held === 'refunded') {
      expect(await refunding).toMatchObject({ duplicate: true, amount: room.amount });
    } else if (room.settled) {
      await expect(refunding).rejects.toBeInstanceOf(LedgerError);
    } else {
      expect(await refunding).toMatchObject({ duplicate: false, amount: room.amount });
      room.stakes.set(this.user, 'refunded');
      model.wallets[this.user]! += room.amount;
    }
    await expectBalances(model, real, [this.user]);
  }
  toString = () => `refund(room#${this.room}, p${this.user})`;
}

class Settle implements Command {
  constructor(
    readonly room: number,
    /** Bit i set: player i is among the winners (when seated). */
    readonly winnerMask: number,
  ) {}
  check = (model: Readonly<Model>) => model.rooms.length > 0;
  async run(model: Model, real: Real) {
    const [room, index] = pick(model.rooms, this.room)!;
    const seated = [...room.stakes].filter(([, s]) => s === 'staked').map(([p]) => p);
    const pot = seated.length * room.amount;
    let winners = seated.filter((p) => this.winnerMask & (1 << p));
    if (winners.length === 0) winners = seated.slice(0, 1);
    const each = winners.length ? Math.floor(Math.floor((pot * 80) / 100) / winners.length) : 0;
    const payouts = winners.map((p) => ({ userId: real.users[p]!, amount: each }));
    const systemShare = pot - each * winners.length;

    const result = await t.database.write((tx) =>
      settleRoom(tx, { roomId: real.rooms[index]!, payouts, systemShare }),
    );
    expect(result.duplicate).toBe(room.settled);
    if (!room.settled && pot > 0) {
      room.settled = true;
      for (const p of winners) model.wallets[p]! += each;
    }
    await expectBalances(model, real);
  }
  toString = () => `settle(room#${this.room}, winners ${this.winnerMask.toString(2)})`;
}

const player = fc.nat({ max: PLAYERS - 1 });
const amount = fc.integer({ min: 1, max: 5_000 });
const anyIndex = fc.nat({ max: 50 });
const recentIndex = fc.nat({ max: 2 });
const status = fc.constantFrom(
  'COMPLETED',
  'COMPLETED',
  'FAILED',
  'REJECTED',
  'PROCESSING',
  'ACCEPTED',
  'ENQUEUED',
  'DUPLICATE_IGNORED',
  'SOMETHING_NEW',
);

const funds = fc.array(fc.integer({ min: 1, max: 20_000 }), {
  minLength: PLAYERS,
  maxLength: PLAYERS,
});
const stakeAmount = fc.integer({ min: 1, max: 5_000 });

const commands = fc.commands(
  [
    fc.tuple(player, amount).map(([u, a]) => new RequestPayment('deposit', u, a)),
    fc.tuple(player, amount).map(([u, a]) => new RequestPayment('withdrawal', u, a)),
    fc.tuple(recentIndex, status).map(([p, s]) => new ReportStatus(p, s)),
    fc.tuple(recentIndex, status).map(([p, s]) => new ReportStatus(p, s)),
    fc.tuple(anyIndex, status).map(([p, s]) => new ReportStatus(p, s)),
    fc.integer({ min: 1, max: 3_000 }).map((a) => new OpenRoom(a)),
    fc.tuple(anyIndex, player).map(([r, u]) => new Stake(r, u)),
    fc.tuple(anyIndex, player).map(([r, u]) => new Refund(r, u)),
    fc.tuple(anyIndex, fc.nat({ max: 2 ** PLAYERS - 1 })).map(([r, m]) => new Settle(r, m)),
  ],
  { maxCommands: 15, size: '+1' },
);

/** Fresh players, each funded by a completed deposit, and one open room, for one run. */
async function freshRun(
  funds: number[],
  roomAmount: number,
): Promise<{ model: Model; real: Real }> {
  const ids = funds.map(() => crypto.randomUUID());
  const roomId = crypto.randomUUID();
  const payments = await t.database.write(async (tx) => {
    await tx.insert(users).values(ids.map((id) => ({ id, email: `${id}@model.test` })));
    await tx.insert(rooms).values(newRoom(roomId, ids[0]!, roomAmount));
    const paid: string[] = [];
    for (const [i, amount] of funds.entries()) {
      const { payment } = await createPaymentRequest(tx, {
        userId: ids[i]!,
        kind: 'deposit',
        provider: 'pawapay',
        phone: '0761234567',
        operator: 'mtn',
        amount,
      });
      await applyPaymentStatus(tx, {
        paymentId: payment.id,
        status: 'completed',
        providerStatus: 'COMPLETED',
        source: 'callback',
        payload: {},
      });
      paid.push(payment.id);
    }
    return paid;
  });
  return {
    model: {
      wallets: [...funds],
      holds: funds.map(() => 0),
      payments: funds.map((amount, user) => ({
        kind: 'deposit',
        user,
        amount,
        final: 'completed',
      })),
      rooms: [{ amount: roomAmount, stakes: new Map(), settled: false }],
    },
    real: { users: ids, payments, rooms: [roomId] },
  };
}

/** The run's own accounts: cached balances equal their postings, the run's transfers balance. */
async function expectRunLedgerConsistent(real: Real) {
  const accountIdsOfRun = [
    ...real.users.flatMap((u) => [accountIds.wallet(u), accountIds.hold(u)]),
    ...real.rooms.map((r) => accountIds.escrow(r)),
  ];
  const rows = await t.database.read.all<{ id: string; cached: number; posted: number }>(sql`
    select a.id as id, a.balance as cached, coalesce(sum(p.amount), 0) as posted
    from accounts a left join postings p on p.account_id = a.id
    where a.id in ${accountIdsOfRun}
    group by a.id`);
  for (const row of rows) expect(row.cached, row.id).toBe(row.posted);
  const sums = await t.database.read.all<{ total: number }>(sql`
    select coalesce(sum(p.amount), 0) as total
    from postings p join transfers tr on tr.id = p.transfer_id
    where tr.reference in ${[...real.payments, ...real.rooms]}`);
  expect(sums[0]?.total).toBe(0);
}

/** Each payment moved money at most once, and exactly as its final status says. */
async function expectPaymentsMovedOnce(model: Model, real: Real) {
  if (real.payments.length === 0) return;
  const posted = await t.database.read
    .select({ reference: transfers.reference, reason: transfers.reason })
    .from(transfers)
    .where(inArray(transfers.reference, real.payments));
  model.payments.forEach((payment, i) => {
    const reasons = posted
      .filter((row) => row.reference === real.payments[i])
      .map((row) => row.reason)
      .sort();
    const expected =
      payment.kind === 'deposit'
        ? payment.final === 'completed'
          ? ['deposit']
          : []
        : payment.final === null
          ? ['withdrawal_hold']
          : [
              'withdrawal_hold',
              payment.final === 'completed' ? 'withdrawal_paid' : 'withdrawal_returned',
            ].sort();
    expect(reasons).toEqual(expected);
  });
}

it('keeps every money move consistent with the model', async () => {
  let run: { model: Model; real: Real } | undefined;
  await fc.assert(
    fc.asyncProperty(funds, stakeAmount, commands, async (initial, roomAmount, cmds) => {
      await fc.asyncModelRun(async () => (run = await freshRun(initial, roomAmount)), cmds);
      const { model, real } = run!;
      await expectPaymentsMovedOnce(model, real);
      await expectBalances(model, real);
      await expectRunLedgerConsistent(real);
      for (const [i, room] of model.rooms.entries()) {
        const staked = [...room.stakes.values()].filter((s) => s === 'staked').length;
        const escrow = await balanceOf(t.database.read, accountIds.escrow(real.rooms[i]!));
        expect(escrow).toBe(room.settled ? 0 : staked * room.amount);
      }
    }),
    { numRuns: NUM_RUNS },
  );

  const report = await checkLedger(t.database.read);
  expect(report.sumOfAllPostings).toBe(0);
  expect(report.mismatchedAccounts).toEqual([]);
  expect(report.negativeAccounts).toEqual([]);
  expect(report.unbalancedTransfers).toEqual([]);
  const roomsSeen = await t.database.read.select({ id: rooms.roomId }).from(rooms);
  expect(roomsSeen.length).toBeGreaterThan(0);
  const sample = await t.database.read.select().from(users).where(eq(users.isGuest, false));
  expect(sample.length).toBe(NUM_RUNS * PLAYERS);
  // A hang guard, not a speed check: over three minutes on a machine running other suites.
}, 300_000);
