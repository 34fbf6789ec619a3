// Account history: every money movement, newest first, kept live while anything is pending.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, redirect } from 'react-router';
import { AccountPage } from '../components/account/account-page';
import { apiFetch } from '../components/account/api';
import { Banner, Progress } from '../components/account/banner';
import { formatDateTime } from '../components/account/dates';
import { requestBalanceRefresh } from '../components/account/live-balance';
import { formatZmw } from '../components/account/money';
import { authPath, pathOf } from '../components/account/return-to';
import { StatusTag } from '../components/account/status-tag';
import {
  mergeTransactions,
  signedAmount,
  TYPE_LABELS,
  type Transaction,
  type TransactionPage,
} from '../components/account/transactions';
import { BRAND } from '../content/brand';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/account-history';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Account history · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
];

export function loader({ request, context }: Route.LoaderArgs) {
  const user = context.user;
  if (!user) throw redirect(authPath(pathOf(request.url)));
  return { user };
}

const LOAD_FAILED = 'Failed to load transaction history.';
const EMPTY = 'No transaction history found.';
const PENDING_POLL_MS = 4_000;

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready' };

export default function AccountHistory({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const [items, setItems] = useState<Transaction[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [more, setMore] = useState<'idle' | 'loading' | 'failed'>('idle');
  const pendingBefore = useRef(false);
  const firstPageSeen = useRef(false);

  const refresh = useCallback(async (signal?: AbortSignal) => {
    let answer;
    try {
      answer = await apiFetch<TransactionPage>('/api/wallet/transactions?limit=25', {
        signal,
        fallbackError: LOAD_FAILED,
      });
    } catch {
      return; // aborted
    }
    if (!answer.ok) {
      // Polling keeps what is shown; only a first load with nothing to show is a failure.
      setLoad((current) => (current.state === 'ready' ? current : { state: 'failed' }));
      return;
    }
    const page = answer.data;
    // The cursor belongs to the oldest page on screen: only the first answer sets it.
    if (!firstPageSeen.current) {
      firstPageSeen.current = true;
      setNext(page.next);
    }
    setItems((shown) => mergeTransactions(shown, page.transactions));
    setLoad({ state: 'ready' });
  }, []);

  // First load, and again whenever the window comes back into view.
  useEffect(() => {
    const controller = new AbortController();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the state changes when the answer arrives, not synchronously
    void refresh(controller.signal);
    const onFocus = () => void refresh();
    window.addEventListener('focus', onFocus);
    return () => {
      controller.abort();
      window.removeEventListener('focus', onFocus);
    };
  }, [refresh]);

  // While anything is pending, look again every few seconds; when it settles, the balance moved.
  const anyPending = items.some((t) => t.status === 'pending');
  useEffect(() => {
    if (pendingBefore.current && !anyPending) requestBalanceRefresh();
    pendingBefore.current = anyPending;
    if (!anyPending) return;
    const timer = window.setInterval(() => void refresh(), PENDING_POLL_MS);
    return () => window.clearInterval(timer);
  }, [anyPending, refresh]);

  async function loadMore() {
    if (!next) return;
    setMore('loading');
    const answer = await apiFetch<TransactionPage>(
      `/api/wallet/transactions?limit=25&before=${encodeURIComponent(next)}`,
      { fallbackError: LOAD_FAILED },
    );
    if (!answer.ok) return setMore('failed');
    setItems((shown) => mergeTransactions(shown, answer.data.transactions));
    setNext(answer.data.next);
    setMore('idle');
  }

  function retry() {
    setLoad({ state: 'loading' });
    void refresh();
  }

  return (
    <AccountPage user={user} className="history">
      <p className="account__back">
        <Link to="/rentalgame/dashboard">← Dashboard</Link>
      </p>
      <h1 className="account__title">Account history</h1>
      <p className="account__lead">
        Deposits, withdrawals, stakes, refunds and winnings, newest first.
      </p>
      <div aria-live="polite">
        {load.state === 'loading' ? <Progress>Loading your transactions…</Progress> : null}
        {load.state === 'failed' ? (
          <Banner tone="error" title={LOAD_FAILED}>
            <p>Check your connection, then try again.</p>
            <button type="button" className="button button--small" onClick={retry}>
              Retry
            </button>
          </Banner>
        ) : null}
        {load.state === 'ready' && items.length === 0 ? (
          <div className="empty">
            <p className="empty__title">{EMPTY}</p>
            <p>
              Your first deposit will show here. <Link to="/rentalgame/deposit">Deposit now</Link>.
            </p>
          </div>
        ) : null}
      </div>
      {items.length > 0 ? (
        <>
          <table className="tx-table">
            <caption className="visually-hidden">Your transactions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Type</th>
                <th scope="col" className="tx-table__amount">
                  Amount
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {items.map((t) => (
                <tr key={t.id} data-status={t.status}>
                  <td data-label="Date">{formatDateTime(t.createdAt)}</td>
                  <td data-label="Type">{TYPE_LABELS[t.type] ?? t.type}</td>
                  <td data-label="Amount" className="tx-table__amount">
                    {formatZmw(signedAmount(t))}
                  </td>
                  <td data-label="Status">
                    <StatusTag status={t.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {anyPending ? (
            <p className="field__hint">Pending payments update by themselves.</p>
          ) : null}
          {next ? (
            <p className="history__more">
              <button
                type="button"
                className="button button--ghost"
                onClick={loadMore}
                disabled={more === 'loading'}
              >
                {more === 'loading' ? 'Loading…' : 'Load more'}
              </button>
            </p>
          ) : null}
          {more === 'failed' ? (
            <Banner tone="error" title={LOAD_FAILED}>
              <p>Press Load more to try again.</p>
            </Banner>
          ) : null}
        </>
      ) : null}
    </AccountPage>
  );
}
