// A transaction's status as a coloured tag: pending amber, completed green, failed red.

export type TransactionStatus = 'pending' | 'completed' | 'failed';

const LABELS: Record<TransactionStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
};

export function StatusTag({ status }: { status: TransactionStatus }) {
  return <span className={`status-tag status-tag--${status}`}>{LABELS[status] ?? status}</span>;
}
