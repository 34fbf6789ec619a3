// Payments pending or failed, oldest first, with "ask the provider again" for a pending one.
import { useState } from 'react';
import { apiFetch } from '../account/api';
import { Banner, Progress } from '../account/banner';
import { formatDateTime } from '../account/dates';
import { formatZmw } from '../account/money';
import { shortId, useApiRead } from '../account/use-api-read';

interface AdminPayment {
  id: string;
  userId: string;
  kind: string;
  status: string;
  amount: number;
  phone: string;
  operator: string;
  failureReason: string | null;
  createdAt: string;
}

export function PaymentsPanel() {
  const [status, setStatus] = useState<'pending' | 'failed'>('pending');
  const [state, reload] = useApiRead<{ payments: AdminPayment[] }>(
    `/api/admin/payments?status=${status}`,
  );
  const [note, setNote] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function reconcile(id: string) {
    setBusy(id);
    const answer = await apiFetch<{ settled: boolean; payment: AdminPayment }>(
      `/api/admin/payments/${encodeURIComponent(id)}/reconcile`,
      { method: 'POST', fallbackError: 'The provider could not be asked. Try again.' },
    );
    setBusy(null);
    if (!answer.ok) return setNote({ tone: 'error', text: answer.error });
    setNote({
      tone: 'success',
      text: `Asked the provider about ${shortId(id)}: now ${answer.data.payment.status}.`,
    });
    reload();
  }

  return (
    <section aria-labelledby="payments-title" className="admin__section">
      <h2 id="payments-title">Payments</h2>
      <p role="group" aria-label="Which payments" className="admin-toggle">
        {(['pending', 'failed'] as const).map((s) => (
          <button
            key={s}
            type="button"
            className="button button--small"
            aria-pressed={status === s}
            onClick={() => setStatus(s)}
          >
            {s === 'pending' ? 'Pending' : 'Failed'}
          </button>
        ))}
      </p>
      {note ? <Banner tone={note.tone} title={note.text} /> : null}
      {state.name === 'loading' ? <Progress>Loading payments…</Progress> : null}
      {state.name === 'failed' ? <Banner tone="error" title={state.error} /> : null}
      {state.name === 'ready' ? (
        <ul className="admin-list" aria-label={`${status} payments, oldest first`}>
          {state.data.payments.map((p) => (
            <li key={p.id} data-testid="admin-payment">
              {formatDateTime(p.createdAt)} · {p.kind} {formatZmw(p.amount)} · {p.phone} (
              {p.operator}) · <code>{p.id}</code>
              {p.failureReason ? ` · ${p.failureReason}` : ''}
              {p.status === 'pending' ? (
                <>
                  {' '}
                  <button
                    type="button"
                    className="button button--small"
                    disabled={busy === p.id}
                    onClick={() => void reconcile(p.id)}
                  >
                    Ask the provider again
                  </button>
                </>
              ) : null}
            </li>
          ))}
          {state.data.payments.length === 0 ? <li>No {status} payments.</li> : null}
        </ul>
      ) : null}
    </section>
  );
}
