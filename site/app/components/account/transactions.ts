// The API's `transaction` (docs/api.md) as the account history shows it.
import type { TransactionStatus } from './status-tag';

export type TransactionType = 'deposit' | 'withdrawal' | 'stake' | 'refund' | 'winnings';

export interface Transaction {
  id: string;
  type: TransactionType;
  /** ZMW, always positive; the type says which way it went. */
  amount: number;
  currency: 'ZMW';
  status: TransactionStatus;
  /** ISO 8601. */
  createdAt: string;
}

/** `GET /api/wallet/transactions`: newest first; `next` is the cursor for the older page. */
export interface TransactionPage {
  transactions: Transaction[];
  next: string | null;
}

export const TYPE_LABELS: Record<TransactionType, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  stake: 'Stake',
  refund: 'Refund',
  winnings: 'Winnings',
};

/** Money that left the wallet reads with a minus sign. */
export function signedAmount(t: Pick<Transaction, 'type' | 'amount'>): number {
  return t.type === 'withdrawal' || t.type === 'stake' ? -t.amount : t.amount;
}
