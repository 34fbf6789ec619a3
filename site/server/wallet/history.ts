import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { Queryable } from '#db/client.ts';
import { userTransactions } from '#db/schema/wallet-history.ts';
import { ngweeToZmw } from '#game/ngwee.ts';
import { refuse } from '../api/refusals';
import type { Checked } from './validation';

export const DEFAULT_HISTORY_LIMIT = 25;
export const MAX_HISTORY_LIMIT = 100;

type UserTransactionRow = typeof userTransactions.$inferSelect;

/** The API's `transaction` (docs/api.md). */
export interface TransactionView {
  id: string;
  type: UserTransactionRow['type'];
  /** ZMW, at most 2 decimals. */
  amount: number;
  currency: 'ZMW';
  status: UserTransactionRow['status'];
  /** ISO 8601. */
  createdAt: string;
}

export interface HistoryPage {
  transactions: TransactionView[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  next: string | null;
}

export interface HistoryQuery {
  limit: number;
  /** Where the previous page ended; null for the newest. */
  before: HistoryCursor | null;
}

/** The position of a row in newest-first order: (createdAt, id), both descending. */
interface HistoryCursor {
  createdAt: number;
  id: string;
}

export function toTransactionView(row: UserTransactionRow): TransactionView {
  return {
    id: row.id,
    type: row.type,
    amount: ngweeToZmw(row.amount),
    currency: 'ZMW',
    status: row.status,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

function encodeCursor(row: HistoryCursor): string {
  return Buffer.from(JSON.stringify([row.createdAt, row.id])).toString('base64url');
}

function decodeCursor(text: string): HistoryCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAt, id] = value as unknown[];
    if (!Number.isSafeInteger(createdAt) || typeof id !== 'string' || id.length > 100) return null;
    return { createdAt: createdAt as number, id };
  } catch {
    return null;
  }
}

/** `?limit&before` from the query string: limit 1–100 (default 25), before an opaque cursor. */
export function checkHistoryQuery(query: Record<string, unknown>): Checked<HistoryQuery> {
  let limit = DEFAULT_HISTORY_LIMIT;
  if (query.limit !== undefined) {
    const text = typeof query.limit === 'string' ? query.limit : '';
    if (!/^\d{1,3}$/.test(text)) return refuse(400, 'invalid_limit');
    limit = Number(text);
    if (limit < 1 || limit > MAX_HISTORY_LIMIT) {
      return refuse(400, 'invalid_limit');
    }
  }
  if (query.before === undefined || query.before === '') {
    return { ok: true, value: { limit, before: null } };
  }
  const before = typeof query.before === 'string' ? decodeCursor(query.before) : null;
  if (!before) return refuse(400, 'invalid_cursor');
  return { ok: true, value: { limit, before } };
}

/** The user's transactions, newest first, one page at a time. */
export async function transactionHistory(
  db: Queryable,
  userId: string,
  { limit, before }: HistoryQuery,
): Promise<HistoryPage> {
  const t = userTransactions;
  const olderThanCursor = before
    ? or(
        lt(t.createdAt, before.createdAt),
        and(eq(t.createdAt, before.createdAt), lt(t.id, before.id)),
      )
    : undefined;
  const rows = await db
    .select()
    .from(t)
    .where(and(eq(t.userId, userId), olderThanCursor))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    transactions: page.map(toTransactionView),
    next: rows.length > limit && last ? encodeCursor(last) : null,
  };
}
