// The double-entry ledger: every movement of real money is one transfer whose postings sum to zero,
// posted once per idempotency key, with the cached balances updated in the same transaction.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from './client';
import { accounts, postings, transfers } from './schema/ledger';
import type { AccountKind, TransferReason } from './schema/ledger';
import type { ProviderName } from '#game/payment-vocabulary.ts';

export const accountIds = {
  wallet: (userId: string) => `wallet:${userId}`,
  hold: (userId: string) => `hold:${userId}`,
  escrow: (roomId: string) => `escrow:${roomId}`,
  revenue: 'system:revenue',
  clearing: (provider: ProviderName) => `system:clearing:${provider}`,
} as const;

/** A non-clearing account would go below zero. The caller's transaction must roll back. */
export class InsufficientFundsError extends Error {
  readonly accountId: string;
  /** Balance before the transfer, in ngwee. */
  readonly balance: number;
  /** What the transfer would have taken out, in ngwee. */
  readonly required: number;

  constructor(accountId: string, balance: number, required: number) {
    super('Insufficient balance.');
    this.name = 'InsufficientFundsError';
    this.accountId = accountId;
    this.balance = balance;
    this.required = required;
  }
}

/** A transfer that could never be right (unbalanced, zero or fractional amounts): a bug in the caller. */
export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerError';
  }
}

export interface Posting {
  account: string;
  /** Signed ngwee: negative takes money out of the account, positive puts it in. */
  amount: number;
}

export interface TransferRequest {
  /** Idempotency key: a second transfer with the same key changes nothing. */
  key: string;
  reason: TransferReason;
  /** The payment id or room id this transfer belongs to. */
  reference: string;
  postings: Posting[];
  now?: number;
}

export interface PostedTransfer {
  transferId: string;
  /** True when the key had already been posted; nothing was changed. */
  duplicate: boolean;
}

interface AccountShape {
  kind: AccountKind;
  userId: string | null;
  mayGoNegative: boolean;
}

/** What an account id says about its account. */
export function describeAccount(accountId: string): AccountShape {
  const [prefix, ...rest] = accountId.split(':');
  const tail = rest.join(':');
  if (prefix === 'wallet' && tail) return { kind: 'wallet', userId: tail, mayGoNegative: false };
  if (prefix === 'hold' && tail) return { kind: 'hold', userId: tail, mayGoNegative: false };
  if (prefix === 'escrow' && tail) return { kind: 'escrow', userId: null, mayGoNegative: false };
  if (accountId === accountIds.revenue) {
    return { kind: 'revenue', userId: null, mayGoNegative: false };
  }
  if (prefix === 'system' && rest[0] === 'clearing' && rest.length === 2 && rest[1]) {
    return { kind: 'clearing', userId: null, mayGoNegative: true };
  }
  throw new LedgerError(`Unknown account id "${accountId}"`);
}

/** Creates the account on first use, with the kind its id names. */
export async function ensureAccount(tx: Queryable, accountId: string, now = Date.now()) {
  const shape = describeAccount(accountId);
  await tx
    .insert(accounts)
    .values({ id: accountId, ...shape, balance: 0, createdAt: now })
    .onConflictDoNothing();
}

/** The account's balance in ngwee (0 for an account that has never been used). */
export async function balanceOf(db: Queryable, accountId: string): Promise<number> {
  const row = await db
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .get();
  return row?.balance ?? 0;
}

export async function findTransfer(db: Queryable, key: string) {
  return db.select().from(transfers).where(eq(transfers.idempotencyKey, key)).get();
}

function checkBalanced(request: TransferRequest): Map<string, number> {
  if (request.postings.length < 2) {
    throw new LedgerError(`Transfer ${request.key} needs at least two postings`);
  }
  const netByAccount = new Map<string, number>();
  let sum = 0;
  for (const { account, amount } of request.postings) {
    if (!Number.isSafeInteger(amount) || amount === 0) {
      throw new LedgerError(
        `Transfer ${request.key}: ${amount} is not a non-zero whole ngwee amount`,
      );
    }
    sum += amount;
    netByAccount.set(account, (netByAccount.get(account) ?? 0) + amount);
  }
  if (sum !== 0) throw new LedgerError(`Transfer ${request.key} does not balance (sum ${sum})`);
  return netByAccount;
}

/**
 * Posts one balanced transfer inside the caller's transaction. Every check runs before anything is
 * written, so an `InsufficientFundsError` leaves the transaction as it was.
 */
export async function postTransfer(
  tx: Queryable,
  request: TransferRequest,
): Promise<PostedTransfer> {
  const netByAccount = checkBalanced(request);
  const now = request.now ?? Date.now();

  const existing = await findTransfer(tx, request.key);
  if (existing) return { transferId: existing.id, duplicate: true };

  const ids = [...netByAccount.keys()];
  const known = await tx
    .select({ id: accounts.id, balance: accounts.balance })
    .from(accounts)
    .where(inArray(accounts.id, ids));
  const balances = new Map(known.map((row) => [row.id, row.balance]));
  for (const [accountId, net] of netByAccount) {
    const balance = balances.get(accountId) ?? 0;
    if (!describeAccount(accountId).mayGoNegative && balance + net < 0) {
      throw new InsufficientFundsError(accountId, balance, -net);
    }
  }

  for (const accountId of ids) await ensureAccount(tx, accountId, now);
  const transferId = crypto.randomUUID();
  await tx.insert(transfers).values({
    id: transferId,
    idempotencyKey: request.key,
    reason: request.reason,
    reference: request.reference,
    createdAt: now,
  });
  await tx
    .insert(postings)
    .values(request.postings.map((p) => ({ transferId, accountId: p.account, amount: p.amount })));
  for (const [accountId, net] of netByAccount) {
    if (net === 0) continue;
    await tx
      .update(accounts)
      .set({ balance: sql`${accounts.balance} + ${net}` })
      .where(eq(accounts.id, accountId));
  }
  return { transferId, duplicate: false };
}

/** The money leaves `from` and enters `to`: the two-legged transfer most moves are. */
export function movement(from: string, to: string, amount: number): Posting[] {
  return [
    { account: from, amount: -amount },
    { account: to, amount },
  ];
}

export interface LedgerReport {
  /** Must be 0: every transfer balances. */
  sumOfAllPostings: number;
  /** Accounts whose cached balance differs from the sum of their postings. */
  mismatchedAccounts: { accountId: string; cached: number; posted: number }[];
  /** Accounts below zero that may not be (the CHECK constraint should make this impossible). */
  negativeAccounts: { accountId: string; balance: number }[];
  /** Transfers whose own postings do not sum to zero. */
  unbalancedTransfers: string[];
}

/** Whether an audit found the ledger consistent: a zero sum and every list empty. */
export function isLedgerClean(report: LedgerReport): boolean {
  return (
    report.sumOfAllPostings === 0 &&
    report.mismatchedAccounts.length === 0 &&
    report.negativeAccounts.length === 0 &&
    report.unbalancedTransfers.length === 0
  );
}

/** Audits the whole ledger; empty lists and a zero sum mean it is consistent. */
export async function checkLedger(db: Queryable): Promise<LedgerReport> {
  const total = await db
    .select({ sum: sql<number>`coalesce(sum(${postings.amount}), 0)` })
    .from(postings)
    .get();
  const mismatched = await db.all<{ accountId: string; cached: number; posted: number }>(sql`
    select a.id as accountId, a.balance as cached, coalesce(sum(p.amount), 0) as posted
    from ${accounts} a left join ${postings} p on p.account_id = a.id
    group by a.id
    having a.balance <> coalesce(sum(p.amount), 0)`);
  const negative = await db
    .select({ accountId: accounts.id, balance: accounts.balance })
    .from(accounts)
    .where(sql`${accounts.mayGoNegative} = 0 and ${accounts.balance} < 0`);
  const unbalanced = await db.all<{ transferId: string }>(sql`
    select transfer_id as transferId from ${postings}
    group by transfer_id having sum(amount) <> 0`);
  return {
    sumOfAllPostings: Number(total?.sum ?? 0),
    mismatchedAccounts: mismatched.map((row) => ({
      accountId: row.accountId,
      cached: Number(row.cached),
      posted: Number(row.posted),
    })),
    negativeAccounts: negative,
    unbalancedTransfers: unbalanced.map((row) => row.transferId),
  };
}
