// The support inbox: open tickets first, each with its replies and a reply form (a form post).
import { Banner } from '../account/banner';
import { formatDateTime } from '../account/dates';
import type { InboxTicket, SectionProblem } from './console-data';

export const REPLY_INTENT = 'reply';

/** A reply the server refused, shown under its ticket's form with what was typed. */
export interface ReplyProblem {
  ticketId: string;
  error: string;
  message: string;
}

function ReplyForm({ ticketId, problem }: { ticketId: string; problem: ReplyProblem | null }) {
  return (
    <form className="form" method="post" aria-label="Reply to this ticket">
      {problem ? <Banner tone="error" title={problem.error} /> : null}
      <input type="hidden" name="intent" value={REPLY_INTENT} />
      <input type="hidden" name="ticketId" value={ticketId} />
      <label htmlFor={`reply-${ticketId}`}>Reply</label>
      <textarea
        id={`reply-${ticketId}`}
        name="message"
        maxLength={2000}
        rows={3}
        required
        defaultValue={problem?.message ?? ''}
      />
      <button type="submit" className="button button--small">
        Send reply
      </button>
    </form>
  );
}

export function SupportPanel({
  tickets,
  problem,
}: {
  tickets: InboxTicket[] | SectionProblem;
  problem: ReplyProblem | null;
}) {
  return (
    <section aria-labelledby="support-title" className="admin__section">
      <h2 id="support-title">Support inbox</h2>
      {'error' in tickets ? <Banner tone="error" title={tickets.error} /> : null}
      {Array.isArray(tickets) ? (
        <ul className="admin-list">
          {tickets.map((t) => (
            <li key={t.id} id={`ticket-${t.id}`} className="admin-card" data-testid="admin-ticket">
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
              <ReplyForm ticketId={t.id} problem={problem?.ticketId === t.id ? problem : null} />
            </li>
          ))}
          {tickets.length === 0 ? <li>No tickets.</li> : null}
        </ul>
      ) : null}
    </section>
  );
}
