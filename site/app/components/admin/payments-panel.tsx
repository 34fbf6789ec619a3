// Payments pending or failed, oldest first, with "Ask the provider again" (a form post) for a
// pending one.
import type { AdminPaymentStatus } from '#game/payment-vocabulary.ts';
import { Banner } from '../account/banner';
import { formatDateTime } from '../account/dates';
import { formatZmw } from '#game/ngwee.ts';
import { shortId } from './short-id';
import type { AdminPayment, SectionProblem } from './console-data';
import { consoleHref } from './sections';

/** The console lists the payments still pending, or those that failed. */
export type PaymentStatus = AdminPaymentStatus;

export const RECONCILE_INTENT = 'reconcile';

/** What the last "Ask the provider again" answered (the action's result). */
export interface ConsoleNote {
  tone: 'success' | 'error';
  text: string;
}

export function reconciledNote(paymentId: string, status: string): ConsoleNote {
  return {
    tone: 'success',
    text: `Asked the provider about ${shortId(paymentId)}: now ${status}.`,
  };
}

export function PaymentsPanel({
  status,
  payments,
  note,
}: {
  status: PaymentStatus;
  payments: AdminPayment[] | SectionProblem;
  note: ConsoleNote | null;
}) {
  return (
    <section aria-labelledby="payments-title" className="admin__section">
      <h2 id="payments-title">Payments</h2>
      <p role="group" aria-label="Which payments" className="admin-toggle">
        {(['pending', 'failed'] as const).map((s) => (
          <a
            key={s}
            className="button button--small"
            href={consoleHref({ section: 'payments', status: s })}
            aria-current={status === s ? 'page' : undefined}
          >
            {s === 'pending' ? 'Pending' : 'Failed'}
          </a>
        ))}
      </p>
      {note ? <Banner tone={note.tone} title={note.text} /> : null}
      {'error' in payments ? <Banner tone="error" title={payments.error} /> : null}
      {Array.isArray(payments) ? (
        <ul className="admin-list" aria-label={`${status} payments, oldest first`}>
          {payments.map((p) => (
            <li key={p.id} data-testid="admin-payment">
              {formatDateTime(p.createdAt)} · {p.kind} {formatZmw(p.amount)} · {p.phone} (
              {p.operator}) · <code>{p.id}</code>
              {p.failureReason ? ` · ${p.failureReason}` : ''}
              {p.status === 'pending' ? (
                <form method="post" className="admin-inline-form">
                  <input type="hidden" name="intent" value={RECONCILE_INTENT} />
                  <input type="hidden" name="paymentId" value={p.id} />
                  <button type="submit" className="button button--small">
                    Ask the provider again
                  </button>
                </form>
              ) : null}
            </li>
          ))}
          {payments.length === 0 ? <li>No {status} payments.</li> : null}
        </ul>
      ) : null}
    </section>
  );
}
