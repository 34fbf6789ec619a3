// The system's health: the ledger check, live and stuck rooms, the error log and the audit log.
import { Banner, Progress } from '../account/banner';
import { formatDateTime } from '../account/dates';
import { formatZmw } from '../account/money';
import { shortId, useApiRead } from '../account/use-api-read';

interface LedgerCheck {
  ok: boolean;
  postingsSum: number;
  negativeBalances: unknown[];
  mismatches: unknown[];
  unbalancedTransfers: string[];
}

interface OperatorRoom {
  roomId: string;
  roomName: string;
  status: string;
  stake: number;
  players: number;
  maxPlayers: number;
  expiresAt: string;
}

function LedgerCard() {
  const [state, reload] = useApiRead<LedgerCheck>('/api/admin/ledger-check');
  return (
    <div className="admin-card">
      <h3 className="admin-card__title">Ledger check</h3>
      {state.name === 'loading' ? <Progress>Checking…</Progress> : null}
      {state.name === 'failed' ? <Banner tone="error" title={state.error} /> : null}
      {state.name === 'ready' ? (
        <p data-testid="ledger-check">
          {state.data.ok
            ? 'Balanced: every transfer sums to zero and every balance matches its postings.'
            : `NOT balanced: sum ${state.data.postingsSum} ngwee, ${state.data.mismatches.length} mismatched, ${state.data.negativeBalances.length} negative, ${state.data.unbalancedTransfers.length} unbalanced transfers.`}
        </p>
      ) : null}
      <button type="button" className="button button--small" onClick={reload}>
        Check again
      </button>
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

function RoomsCard() {
  const [state] = useApiRead<{ live: OperatorRoom[]; stuck: OperatorRoom[] }>('/api/admin/rooms');
  return (
    <div className="admin-card">
      <h3 className="admin-card__title">Rooms</h3>
      {state.name === 'loading' ? <Progress>Loading rooms…</Progress> : null}
      {state.name === 'failed' ? <Banner tone="error" title={state.error} /> : null}
      {state.name === 'ready' ? (
        <>
          <RoomList title="Stuck past their end" rooms={state.data.stuck} />
          <RoomList title="Live" rooms={state.data.live} />
        </>
      ) : null}
    </div>
  );
}

function LogCard<T extends { at: string }>({
  title,
  path,
  pick,
  line,
}: {
  title: string;
  path: string;
  pick(data: unknown): T[];
  line(entry: T): string;
}) {
  const [state] = useApiRead<unknown>(path);
  return (
    <div className="admin-card">
      <h3 className="admin-card__title">{title}</h3>
      {state.name === 'loading' ? <Progress>Loading…</Progress> : null}
      {state.name === 'failed' ? <Banner tone="error" title={state.error} /> : null}
      {state.name === 'ready' ? (
        <ul className="admin-list">
          {pick(state.data).map((entry, i) => (
            <li key={i}>
              {formatDateTime(entry.at)} · {line(entry)}
            </li>
          ))}
          {pick(state.data).length === 0 ? <li>Nothing recorded.</li> : null}
        </ul>
      ) : null}
    </div>
  );
}

interface ErrorEntry {
  at: string;
  message: string;
  roomId: string | null;
}
interface AuditEntry {
  at: string;
  action: string;
  target: string;
  adminId: string;
}

export function HealthPanel() {
  return (
    <section aria-labelledby="health-title" className="admin__section">
      <h2 id="health-title">System</h2>
      <LedgerCard />
      <RoomsCard />
      <LogCard<ErrorEntry>
        title="Errors and settlement refusals"
        path="/api/admin/errors"
        pick={(data) => (data as { errors: ErrorEntry[] }).errors}
        line={(e) => `${e.message}${e.roomId ? ` (room ${shortId(e.roomId)})` : ''}`}
      />
      <LogCard<AuditEntry>
        title="Audit log"
        path="/api/admin/audit"
        pick={(data) => (data as { entries: AuditEntry[] }).entries}
        line={(e) => `${e.action} ${e.target} by ${shortId(e.adminId)}`}
      />
    </section>
  );
}
