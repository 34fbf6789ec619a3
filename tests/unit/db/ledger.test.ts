import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountIds,
  balanceOf,
  checkLedger,
  describeAccount,
  InsufficientFundsError,
  LedgerError,
  movement,
  postTransfer,
} from '#db/ledger.ts';
import { accounts, transfers } from '#db/schema/ledger.ts';
import { eq } from 'drizzle-orm';
import { createTestDatabase, seedUser } from '#tests/support/db.ts';
import type { TestDatabase } from '#tests/support/db.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

const clearing = accountIds.clearing('sandbox');

describe('postTransfer', () => {
  it('moves money between accounts, creating them with the kind their id names', async () => {
    const user = await seedUser(t.database);
    const posted = await t.database.write((tx) =>
      postTransfer(tx, {
        key: `test:${user}:1`,
        reason: 'deposit',
        reference: 'p1',
        postings: movement(clearing, accountIds.wallet(user), 2500),
      }),
    );
    expect(posted.duplicate).toBe(false);
    expect(await balanceOf(t.database.read, accountIds.wallet(user))).toBe(2500);
    const wallet = await t.database.read
      .select()
      .from(accounts)
      .where(eq(accounts.id, accountIds.wallet(user)))
      .get();
    expect(wallet).toMatchObject({ kind: 'wallet', userId: user, mayGoNegative: false });
    expect(describeAccount(clearing)).toMatchObject({ kind: 'clearing', mayGoNegative: true });
  });

  it('posts a key once: the repeat is a duplicate and changes nothing', async () => {
    const user = await seedUser(t.database);
    const request = {
      key: `test:${user}:once`,
      reason: 'deposit' as const,
      reference: 'p2',
      postings: movement(clearing, accountIds.wallet(user), 700),
    };
    const first = await t.database.write((tx) => postTransfer(tx, request));
    const second = await t.database.write((tx) => postTransfer(tx, request));
    expect(second).toEqual({ transferId: first.transferId, duplicate: true });
    expect(await balanceOf(t.database.read, accountIds.wallet(user))).toBe(700);
  });

  it('refuses to take a wallet below zero and leaves the transaction untouched', async () => {
    const user = await seedUser(t.database);
    const wallet = accountIds.wallet(user);
    await t.database.write((tx) =>
      postTransfer(tx, {
        key: `test:${user}:fund`,
        reason: 'deposit',
        reference: 'p3',
        postings: movement(clearing, wallet, 100),
      }),
    );
    const refused = t.database.write((tx) =>
      postTransfer(tx, {
        key: `test:${user}:overdraw`,
        reason: 'stake',
        reference: 'room',
        postings: movement(wallet, accountIds.escrow(`room-${user}`), 101),
      }),
    );
    await expect(refused).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(refused).rejects.toMatchObject({ accountId: wallet, balance: 100, required: 101 });
    expect(await balanceOf(t.database.read, wallet)).toBe(100);
    const written = await t.database.read
      .select()
      .from(transfers)
      .where(eq(transfers.idempotencyKey, `test:${user}:overdraw`));
    expect(written).toEqual([]);
  });

  it('lets only clearing accounts go negative', async () => {
    const user = await seedUser(t.database);
    await t.database.write((tx) =>
      postTransfer(tx, {
        key: `test:${user}:clearing`,
        reason: 'deposit',
        reference: 'p4',
        postings: movement(accountIds.clearing('pawapay'), accountIds.wallet(user), 1),
      }),
    );
    expect(await balanceOf(t.database.read, accountIds.clearing('pawapay'))).toBeLessThan(0);
  });

  it.each([
    [
      'unbalanced',
      [
        { account: 'system:revenue', amount: 5 },
        { account: 'escrow:r', amount: -4 },
      ],
    ],
    [
      'zero',
      [
        { account: 'system:revenue', amount: 0 },
        { account: 'escrow:r', amount: 0 },
      ],
    ],
    [
      'fractional',
      [
        { account: 'system:revenue', amount: 0.5 },
        { account: 'escrow:r', amount: -0.5 },
      ],
    ],
    ['one-legged', [{ account: 'system:revenue', amount: 5 }]],
    ['unknown account', movement('nowhere:1', 'system:revenue', 5)],
  ])('throws a LedgerError for a %s transfer', async (_name, postings) => {
    await expect(
      t.database.write((tx) =>
        postTransfer(tx, {
          key: `bad:${crypto.randomUUID()}`,
          reason: 'revenue',
          reference: 'r',
          postings,
        }),
      ),
    ).rejects.toBeInstanceOf(LedgerError);
  });

  it('has a database CHECK behind the code: a wallet row cannot hold a negative balance', async () => {
    const user = await seedUser(t.database);
    await expect(
      t.database.write((tx) =>
        tx
          .insert(accounts)
          .values({ id: accountIds.hold(user), kind: 'hold', userId: user, balance: -1 }),
      ),
    ).rejects.toThrow();
  });
});

describe('checkLedger', () => {
  it('finds the ledger consistent after the moves above', async () => {
    const report = await checkLedger(t.database.read);
    expect(report).toEqual({
      sumOfAllPostings: 0,
      mismatchedAccounts: [],
      negativeAccounts: [],
      unbalancedTransfers: [],
    });
  });

  it('reports a cached balance that disagrees with its postings', async () => {
    const user = await seedUser(t.database);
    await t.database.write((tx) =>
      postTransfer(tx, {
        key: `test:${user}:tamper`,
        reason: 'deposit',
        reference: 'p5',
        postings: movement(clearing, accountIds.wallet(user), 300),
      }),
    );
    await t.database.write((tx) =>
      tx
        .update(accounts)
        .set({ balance: 999 })
        .where(eq(accounts.id, accountIds.wallet(user))),
    );
    const report = await checkLedger(t.database.read);
    expect(report.mismatchedAccounts).toEqual([
      { accountId: accountIds.wallet(user), cached: 999, posted: 300 },
    ]);
    await t.database.write((tx) =>
      tx
        .update(accounts)
        .set({ balance: 300 })
        .where(eq(accounts.id, accountIds.wallet(user))),
    );
  });
});
