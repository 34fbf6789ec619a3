// The support inbox: open tickets first, each with its replies and a reply form.
import { useState, type FormEvent } from 'react';
import { apiFetch } from '../account/api';
import { Banner, Progress } from '../account/banner';
import { formatDateTime } from '../account/dates';
import { useApiRead } from '../account/use-api-read';
import type { InboxTicket } from '../../../server/support/tickets';

function ReplyForm({ ticketId, onSent }: { ticketId: string; onSent(): void }) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const answer = await apiFetch(`/api/admin/support/${encodeURIComponent(ticketId)}/reply`, {
      method: 'POST',
      body: { message },
      fallbackError: 'The reply was not sent. Try again.',
    });
    setBusy(false);
    if (!answer.ok) return setError(answer.error);
    setMessage('');
    setError(null);
    onSent();
  }

  return (
    <form className="form" onSubmit={send} aria-label="Reply to this ticket">
      {error ? <Banner tone="error" title={error} /> : null}
      <label htmlFor={`reply-${ticketId}`}>Reply</label>
      <textarea
        id={`reply-${ticketId}`}
        value={message}
        maxLength={2000}
        rows={3}
        onChange={(event) => setMessage(event.target.value)}
      />
      <button type="submit" className="button button--small" disabled={busy || !message.trim()}>
        Send reply
      </button>
    </form>
  );
}

export function SupportPanel() {
  const [state, reload] = useApiRead<{ tickets: InboxTicket[] }>('/api/admin/support');
  return (
    <section aria-labelledby="support-title" className="admin__section">
      <h2 id="support-title">Support inbox</h2>
      {state.name === 'loading' ? <Progress>Loading tickets…</Progress> : null}
      {state.name === 'failed' ? <Banner tone="error" title={state.error} /> : null}
      {state.name === 'ready' ? (
        <ul className="admin-list">
          {state.data.tickets.map((t) => (
            <li key={t.id} className="admin-card" data-testid="admin-ticket">
              <p>
                <strong>{t.status === 'open' ? 'Open' : 'Answered'}</strong> · {t.topic} ·{' '}
                {formatDateTime(t.createdAt)} · {t.firstName} {t.email}
                {t.reference ? (
                  <>
                    {' '}
                    · ref <code>{t.reference}</code>
                  </>
                ) : null}
              </p>
              <p className="admin-ticket__message">{t.message}</p>
              {t.replies.map((r) => (
                <p key={r.id} className="admin-ticket__reply">
                  ↳ {r.message} ({formatDateTime(r.createdAt)})
                </p>
              ))}
              <ReplyForm ticketId={t.id} onSent={reload} />
            </li>
          ))}
          {state.data.tickets.length === 0 ? <li>No tickets.</li> : null}
        </ul>
      ) : null}
    </section>
  );
}
