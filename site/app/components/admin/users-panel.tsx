// Find a person by name, email or phone (a plain GET form), and open their file: balance, limits,
// exclusion, any exclusion carried from an erased account that matches them, transactions, games.
import { Banner } from '../account/banner';
import { formatDateTime } from '../account/dates';
import { formatZmw } from '#game/ngwee.ts';
import { limitKinds } from '#game/payment-vocabulary.ts';
import { CarriedExclusions, type ReviewProblem } from './carried-exclusions';
import { shortId } from './short-id';
import type { SectionProblem, UserFileData, UserSummary } from './console-data';
import { consoleHref } from './sections';

function PlayControls({ file }: { file: UserFileData }) {
  const set = limitKinds.filter((field) => file.limits[field] !== null);
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

function UserFileView({ file, review }: { file: UserFileData; review: ReviewProblem | null }) {
  const { user, balance, transactions, games } = file;
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
      <PlayControls file={file} />
      <CarriedExclusions rows={file.carriedExclusions} problem={review} />
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

export interface UsersView {
  query: string;
  /** Null before a search. */
  found: UserSummary[] | SectionProblem | null;
  /** The opened file, or why it could not be opened; null when none is open. */
  file: UserFileData | SectionProblem | null;
  /** A review of a carried exclusion the server refused, shown at its form. */
  review: ReviewProblem | null;
}

export function UsersPanel({ query, found, file, review }: UsersView) {
  return (
    <section aria-labelledby="users-title" className="admin__section">
      <h2 id="users-title">Users</h2>
      <form className="admin-search" method="get" role="search">
        <input type="hidden" name="section" value="users" />
        <label htmlFor="user-query">Name, email or phone</label>
        <input id="user-query" name="query" type="search" defaultValue={query} />
        <button type="submit" className="button button--small">
          Search
        </button>
      </form>
      {found && 'error' in found ? <Banner tone="error" title={found.error} /> : null}
      {Array.isArray(found) ? (
        <ul className="admin-list" aria-label="Users found">
          {found.map((u) => (
            <li key={u.id}>
              <a href={consoleHref({ section: 'users', query, user: u.id })}>
                {u.erased ? 'Erased account' : `${u.firstName} ${u.lastName}`}
              </a>{' '}
              {u.email} {u.phone}
            </li>
          ))}
          {found.length === 0 ? <li>Nobody matches.</li> : null}
        </ul>
      ) : null}
      {file && 'error' in file ? <Banner tone="error" title={file.error} /> : null}
      {file && !('error' in file) ? <UserFileView file={file} review={review} /> : null}
    </section>
  );
}
