// A transaction's status as a coloured tag: pending amber, completed green, failed red.
import type { PaymentStatus } from '#game/payment-vocabulary.ts';

/** A wallet history line's status: a payment's, or `completed` for a room's money move. */
export type TransactionStatus = PaymentStatus;

const LABELS: Record<TransactionStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
};

export function StatusTag({ status }: { status: TransactionStatus }) {
  return <span className={`status-tag status-tag--${status}`}>{LABELS[status] ?? status}</span>;
}
