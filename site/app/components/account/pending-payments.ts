// Account history's pending rows: a script island asks the API for the latest transactions every
// few seconds and reloads the page once one of the pending rows has settled (the server renders
// the new statuses and the header's balance).
import { scriptIsland } from '../../islands';
import { reloadWhen } from '../reload-when';
import { apiFetch } from './api';
import type { TransactionPage } from './transactions';

export const pendingPaymentsScript = scriptIsland('pending-payments');

/** On the element that lists the page's pending transactions (their ids, space separated). */
export const PENDING_ATTRIBUTE = 'data-pending-transactions';

const EVERY_MS = 4_000;
const FOR_MS = 3 * 60_000;

export function startPendingPayments(): void {
  const marker = document.querySelector<HTMLElement>(`[${PENDING_ATTRIBUTE}]`);
  const pending = (marker?.getAttribute(PENDING_ATTRIBUTE) ?? '').split(' ').filter(Boolean);
  if (pending.length === 0) return;
  reloadWhen(
    async () => {
      const answer = await apiFetch<TransactionPage>('/api/wallet/transactions?limit=25', {
        fallbackError: '',
      });
      if (!answer.ok) return false;
      const status = new Map(answer.data.transactions.map((t) => [t.id, t.status]));
      return pending.some((id) => status.has(id) && status.get(id) !== 'pending');
    },
    { everyMs: EVERY_MS, forMs: FOR_MS },
  );
}
