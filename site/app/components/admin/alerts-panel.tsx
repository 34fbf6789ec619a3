// What needs the operator now (GET /api/admin/alerts): each alert with what to do, in order, and
// its section of the runbook (docs/operations.md). Shown above the console's sections.
import type { Alert } from '../../../server/admin/alerts';
import { Banner, Progress } from '../account/banner';
import { formatDateTime } from '../account/dates';
import { useApiRead } from '../account/use-api-read';

interface AlertsAnswer {
  alerts: Alert[];
  gatheredAt: string | null;
  ledgerCheckedAt: string | null;
}

function AlertCard({ alert }: { alert: Alert }) {
  const [file, anchor] = alert.runbook.split('#');
  return (
    <li data-alert={alert.id}>
      <Banner tone={alert.severity === 'critical' ? 'error' : 'warning'} title={alert.title}>
        <p>{alert.detail}</p>
        <ol className="admin-alerts__steps">
          {alert.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="admin-alerts__runbook">
          Runbook: <code>{file}</code>, section <code>#{anchor}</code>
        </p>
      </Banner>
    </li>
  );
}

export function AlertsPanel() {
  const [state, reload] = useApiRead<AlertsAnswer>('/api/admin/alerts');
  return (
    <section aria-labelledby="alerts-title" className="admin__section admin-alerts">
      <h2 id="alerts-title">Alerts</h2>
      {state.name === 'loading' ? <Progress>Checking…</Progress> : null}
      {state.name === 'failed' ? <Banner tone="error" title={state.error} /> : null}
      {state.name === 'ready' ? (
        <>
          {state.data.alerts.length === 0 ? (
            <p data-testid="no-alerts">Nothing needs you now.</p>
          ) : (
            <ul className="admin-alerts__list">
              {state.data.alerts.map((alert) => (
                <AlertCard key={`${alert.id}:${alert.title}`} alert={alert} />
              ))}
            </ul>
          )}
          <p className="admin-alerts__when">
            {state.data.gatheredAt
              ? `Figures of ${formatDateTime(state.data.gatheredAt)}`
              : 'No figures gathered yet'}
            {state.data.ledgerCheckedAt
              ? `; ledger audited ${formatDateTime(state.data.ledgerCheckedAt)}.`
              : '; the ledger is not audited yet.'}
          </p>
        </>
      ) : null}
      <p>
        <button type="button" className="button button--small" onClick={reload}>
          Check again
        </button>
      </p>
    </section>
  );
}
