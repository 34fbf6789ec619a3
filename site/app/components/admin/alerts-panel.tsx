// What needs the operator now (the page door's `alerts`, as GET /api/admin/alerts answers it): each
// alert with what to do, in order, and its section of the runbook (docs/operations.md). Shown above
// the console's sections, rendered on the server; "Check again" loads the page again.
import type { Alert } from '#site/server/admin/alerts.ts';
import { Banner } from '../account/banner';
import { formatDateTime } from '../account/dates';
import type { AlertsData, SectionProblem } from './console-data';

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

export function AlertsPanel({
  alerts,
  here,
}: {
  alerts: AlertsData | SectionProblem;
  here: string;
}) {
  return (
    <section aria-labelledby="alerts-title" className="admin__section admin-alerts">
      <h2 id="alerts-title">Alerts</h2>
      {'error' in alerts ? (
        <Banner tone="error" title={alerts.error} />
      ) : (
        <>
          {alerts.alerts.length === 0 ? (
            <p data-testid="no-alerts">Nothing needs you now.</p>
          ) : (
            <ul className="admin-alerts__list">
              {alerts.alerts.map((alert) => (
                <AlertCard key={`${alert.id}:${alert.title}`} alert={alert} />
              ))}
            </ul>
          )}
          <p className="admin-alerts__when">
            {alerts.gatheredAt
              ? `Figures of ${formatDateTime(alerts.gatheredAt)}`
              : 'No figures gathered yet'}
            {alerts.ledgerCheckedAt
              ? `; ledger audited ${formatDateTime(alerts.ledgerCheckedAt)}.`
              : '; the ledger is not audited yet.'}
          </p>
        </>
      )}
      <p>
        <a className="button button--small" href={here}>
          Check again
        </a>
      </p>
    </section>
  );
}
