// Find a person by name, email or phone, and open their file: balance, transactions, games, and any
// exclusion carried from an erased account that matches them.
import { useState, type FormEvent } from 'react';
import { Banner, Progress } from '../account/banner';
import { formatDateTime } from '../account/dates';
import { formatZmw } from '../account/money';
import { shortId, useApiRead } from '../account/use-api-read';
import type { CarriedExclusionView } from '../../../server/admin/exclusions';
import { CarriedExclusions } from './carried-exclusions';

interface UserSummary {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  erased: boolean;
}

type LimitField =
  'depositDaily' | 'depositWeekly' | 'depositMonthly' | 'lossDaily' | 'lossWeekly' | 'lossMonthly';

const LIMIT_FIELDS: readonly LimitField[] = [
  'depositDaily',
  'depositWeekly',
  'depositMonthly',
  'lossDaily',
  'lossWeekly',
  'lossMonthly',
];

function PlayControls({ file }: { file: UserFile }) {
  const set = LIMIT_FIELDS.filter((field) => file.limits[field] !== null);
  return (
    <>
      <p data-testid="user-exclusion">
        {file.exclusionUntil === null
          ? 'Not self-excluded.'
          : file.exclusionUntil === 'permanent'
            ? 'Self-excluded permanently.'
            : `Self-excluded until ${formatDateTime(file.exclusionUntil)}.`}
      </p>
      <p data-testid="user-limits">
        {set.length === 0
          ? 'No play limits.'
          : `Limits: ${set.map((field) => `${field} ${formatZmw(file.limits[field] ?? 0)}`).join(' · ')}`}
        {file.limits.pending.map((p) => (
          <span key={p.field}>
            {' '}
            · {p.field} → {p.value === null ? 'none' : formatZmw(p.value)} from{' '}
            {formatDateTime(p.effectiveAt)}
          </span>
        ))}
      </p>
    </>
  );
}

interface UserFile {
  user: UserSummary & { emailVerified: boolean; currentRoomId: string | null };
  balance: { wallet: number; held: number };
  limits: Record<LimitField, number | null> & {
    pending: { field: LimitField; value: number | null; effectiveAt: string }[];
  };
  exclusionUntil: string | null;
  carriedExclusions: CarriedExclusionView[];
  transactions: { id: string; type: string; amount: number; status: string; createdAt: string }[];
  games: { roomId: string; result: string; prize: number; createdAt: string }[];
}

function UserFileView({ id }: { id: string }) {
  const [state, reload] = useApiRead<UserFile>(`/api/admin/users/${encodeURIComponent(id)}`);
  if (state.name === 'loading') return <Progress>Loading the user…</Progress>;
  if (state.name === 'failed') return <Banner tone="error" title={state.error} />;
  const { user, balance, transactions, games } = state.data;
  return (
    <div className="admin-card" data-testid="user-file">
      <h3 className="admin-card__title">
        {user.erased ? 'Erased account' : `${user.firstName} ${user.lastName}`}
      </h3>
      <p>
        {user.email} · {user.phone} · {user.emailVerified ? 'email verified' : 'email not verified'}
      </p>
      <p>
        Wallet <strong>{formatZmw(balance.wallet)}</strong>, held for withdrawals{' '}
        {formatZmw(balance.held)}
        {user.currentRoomId ? ` · seated in ${shortId(user.currentRoomId)}` : ''}
      </p>
      <PlayControls file={state.data} />
      <CarriedExclusions rows={state.data.carriedExclusions} onReviewed={reload} />
      <h4>Latest transactions</h4>
      <ul className="admin-list">
        {transactions.map((t) => (
          <li key={t.id}>
            {formatDateTime(t.createdAt)} · {t.type} {formatZmw(t.amount)} · {t.status}
          </li>
        ))}
        {transactions.length === 0 ? <li>None.</li> : null}
      </ul>
      <h4>Latest games</h4>
      <ul className="admin-list">
        {games.map((g) => (
          <li key={g.roomId}>
            {formatDateTime(g.createdAt)} · {shortId(g.roomId)} · {g.result}{' '}
            {g.prize ? formatZmw(g.prize) : ''}
          </li>
        ))}
        {games.length === 0 ? <li>None.</li> : null}
      </ul>
    </div>
  );
}

export function UsersPanel() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [state] = useApiRead<{ users: UserSummary[] }>(
    query === null ? null : `/api/admin/users?query=${encodeURIComponent(query)}`,
  );

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChosen(null);
    setQuery(text.trim());
  }

  return (
    <section aria-labelledby="users-title" className="admin__section">
      <h2 id="users-title">Users</h2>
      <form className="admin-search" onSubmit={search} role="search">
        <label htmlFor="user-query">Name, email or phone</label>
        <input
          id="user-query"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button button--small">
          Search
        </button>
      </form>
      {query !== null && state.name === 'loading' ? <Progress>Searching…</Progress> : null}
      {state.name === 'failed' ? <Banner tone="error" title={state.error} /> : null}
      {query !== null && state.name === 'ready' ? (
        <ul className="admin-list" aria-label="Users found">
          {state.data.users.map((u) => (
            <li key={u.id}>
              <button type="button" className="link-button" onClick={() => setChosen(u.id)}>
                {u.erased ? 'Erased account' : `${u.firstName} ${u.lastName}`}
              </button>{' '}
              {u.email} {u.phone}
            </li>
          ))}
          {state.data.users.length === 0 ? <li>Nobody matches.</li> : null}
        </ul>
      ) : null}
      {chosen ? <UserFileView id={chosen} /> : null}
    </section>
  );
}
