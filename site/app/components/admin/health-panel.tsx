// The system's health: the ledger check, live and stuck rooms, the error log and the audit log.
import { Banner } from '../account/banner';
import { formatDateTime } from '../account/dates';
import { formatZmw } from '#game/ngwee.ts';
import { shortId } from './short-id';
import type { AuditEntry, ErrorEntry, LedgerData, RoomsData, SectionProblem } from './console-data';
import { consoleHref } from './sections';

type OperatorRoom = RoomsData['live'][number];

function LedgerCard({ ledger }: { ledger: LedgerData | SectionProblem }) {
  return (
    <div className="admin-card">
      <h3 className="admin-card__title">Ledger check</h3>
      {'error' in ledger ? (
        <Banner tone="error" title={ledger.error} />
      ) : (
        <p data-testid="ledger-check">
          {ledger.clean
            ? 'Balanced: every transfer sums to zero and every balance matches its postings.'
            : `NOT balanced: sum ${ledger.report.sumOfAllPostings} ngwee, ${ledger.report.mismatchedAccounts.length} mismatched, ${ledger.report.negativeAccounts.length} negative, ${ledger.report.unbalancedTransfers.length} unbalanced transfers.`}
        </p>
      )}
      <a className="button button--small" href={consoleHref({ section: 'system' })}>
        Check again
      </a>
    </div>
  );
}

function RoomList({ title, rooms }: { title: string; rooms: OperatorRoom[] }) {
  return (
    <>
      <h4>{title}</h4>
      <ul className="admin-list">
        {rooms.map((r) => (
          <li key={r.roomId}>
            {r.roomName} ({shortId(r.roomId)}) · {r.status} · {r.players}/{r.maxPlayers} ·{' '}
            {formatZmw(r.stake)} · ends {formatDateTime(r.expiresAt)}
          </li>
        ))}
        {rooms.length === 0 ? <li>None.</li> : null}
      </ul>
    </>
  );
}

function LogCard<T extends { at: string }>({
  title,
  entries,
  line,
}: {
  title: string;
  entries: T[] | SectionProblem;
  line(entry: T): string;
}) {
  return (
    <div className="admin-card">
      <h3 className="admin-card__title">{title}</h3>
      {'error' in entries ? (
        <Banner tone="error" title={entries.error} />
      ) : (
        <ul className="admin-list">
          {entries.map((entry, i) => (
            <li key={i}>
              {formatDateTime(entry.at)} · {line(entry)}
            </li>
          ))}
          {entries.length === 0 ? <li>Nothing recorded.</li> : null}
        </ul>
      )}
    </div>
  );
}

export interface HealthView {
  ledger: LedgerData | SectionProblem;
  rooms: RoomsData | SectionProblem;
  errors: ErrorEntry[] | SectionProblem;
  audit: AuditEntry[] | SectionProblem;
}

export function HealthPanel({ ledger, rooms, errors, audit }: HealthView) {
  return (
    <section aria-labelledby="health-title" className="admin__section">
      <h2 id="health-title">System</h2>
      <LedgerCard ledger={ledger} />
      <div className="admin-card">
        <h3 className="admin-card__title">Rooms</h3>
        {'error' in rooms ? (
          <Banner tone="error" title={rooms.error} />
        ) : (
          <>
            <RoomList title="Stuck past their end" rooms={rooms.stuck} />
            <RoomList title="Live" rooms={rooms.live} />
          </>
        )}
      </div>
      <LogCard<ErrorEntry>
        title="Errors and settlement refusals"
        entries={errors}
        line={(e) => `${e.message}${e.roomId ? ` (room ${shortId(e.roomId)})` : ''}`}
      />
      <LogCard<AuditEntry>
        title="Audit log"
        entries={audit}
        line={(e) => `${e.action} ${shortId(e.target)} by ${auditActor(e)}`}
      />
    </section>
  );
}

/** An admin's id, or the machine's user for a change made with `npm run admin`. */
function auditActor(entry: AuditEntry): string {
  const detail = entry.detail as { by?: unknown; osUser?: unknown } | null;
  if (detail && typeof detail.by === 'string' && typeof detail.osUser === 'string') {
    return `${detail.by} (${detail.osUser})`;
  }
  return shortId(entry.adminId);
}
