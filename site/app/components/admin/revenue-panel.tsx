// The console's revenue: the total, a chart, the latest 50 records and revenue per Lusaka day.
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { apiFetch } from '../account/api';
import { Banner, Progress } from '../account/banner';
import { formatDateTime } from '../account/dates';
import { formatZmw } from '../account/money';
import { authPath } from '../account/return-to';
import { RevenueChart } from '../account/revenue-chart';
import { ADMIN_PAGE } from '../../content/brand';

const MESSAGES = {
  verify: 'Failed to verify admin status',
  total: 'Failed to fetch total revenue',
  records: 'Failed to fetch revenue records',
} as const;

interface RevenueRecord {
  roomId: string;
  amount: number;
  totalPot: number;
  numberOfPlayers: number;
  timestamp: string;
}

interface Revenue {
  total: number;
  records: RevenueRecord[];
  daily: { day: string; revenue: number; games: number }[];
}

type State =
  | { name: 'loading' }
  | { name: 'ready'; revenue: Revenue }
  | { name: 'forbidden' }
  | { name: 'failed' };

export function RevenuePanel() {
  const [state, setState] = useState<State>({ name: 'loading' });

  const load = useCallback(async (signal?: AbortSignal) => {
    setState({ name: 'loading' });
    let answer;
    try {
      answer = await apiFetch<Revenue>('/api/admin/revenue', { signal, fallbackError: '' });
    } catch {
      return; // aborted
    }
    if (answer.ok) return setState({ name: 'ready', revenue: answer.data });
    const refused = answer.code === 'not_signed_in' || answer.code === 'not_admin';
    setState(refused ? { name: 'forbidden' } : { name: 'failed' });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the state changes when the answer arrives, not synchronously
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const retry = (
    <button type="button" className="button button--small" onClick={() => void load()}>
      Retry
    </button>
  );

  return (
    <>
      <div aria-live="polite">
        {state.name === 'loading' ? <Progress>Loading revenue…</Progress> : null}
        {state.name === 'forbidden' ? (
          <Banner tone="error" title={MESSAGES.verify}>
            <p>
              Your session may have ended or your admin rights changed.{' '}
              <Link to={authPath(ADMIN_PAGE)}>Log in again</Link> with an admin account.
            </p>
          </Banner>
        ) : null}
      </div>
      <div className="admin__grid">
        <section className="admin-card" aria-labelledby="total-title">
          <h2 id="total-title" className="admin-card__title">
            Total revenue
          </h2>
          {state.name === 'ready' ? (
            <p className="admin-card__total" data-testid="total-revenue">
              {formatZmw(state.revenue.total)}
            </p>
          ) : state.name === 'failed' ? (
            <Banner tone="error" title={MESSAGES.total}>
              <p>Check the connection to the site, then try again.</p>
              {retry}
            </Banner>
          ) : (
            <p className="admin-card__total admin-card__total--muted">…</p>
          )}
        </section>
        <section className="admin-card" aria-labelledby="chart-title">
          <h2 id="chart-title" className="admin-card__title">
            Revenue over time
          </h2>
          {state.name === 'ready' ? <RevenueChart records={state.revenue.records} /> : null}
          {state.name === 'failed' ? <p>{MESSAGES.records}</p> : null}
        </section>
      </div>
      <section aria-labelledby="records-title" className="admin__records">
        <h2 id="records-title">Latest 50 records</h2>
        {state.name === 'failed' ? (
          <Banner tone="error" title={MESSAGES.records}>
            <p>Check the connection to the site, then try again.</p>
            {retry}
          </Banner>
        ) : null}
        {state.name === 'ready' && state.revenue.records.length === 0 ? (
          <p>No revenue records yet. They appear here as games finish.</p>
        ) : null}
        {state.name === 'ready' && state.revenue.records.length > 0 ? (
          <table className="tx-table admin-table">
            <caption className="visually-hidden">Latest revenue records, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Room</th>
                <th scope="col" className="tx-table__amount">
                  Revenue
                </th>
                <th scope="col" className="tx-table__amount">
                  Pot
                </th>
                <th scope="col" className="tx-table__amount">
                  Players
                </th>
              </tr>
            </thead>
            <tbody>
              {state.revenue.records.map((record) => (
                <tr key={`${record.roomId}-${record.timestamp}`}>
                  <td data-label="Time">{formatDateTime(record.timestamp)}</td>
                  <td data-label="Room" className="admin-table__room">
                    {record.roomId}
                  </td>
                  <td data-label="Revenue" className="tx-table__amount">
                    {formatZmw(record.amount)}
                  </td>
                  <td data-label="Pot" className="tx-table__amount">
                    {formatZmw(record.totalPot)}
                  </td>
                  <td data-label="Players" className="tx-table__amount">
                    {record.numberOfPlayers}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
      {state.name === 'ready' && state.revenue.daily.length > 0 ? (
        <section aria-labelledby="daily-title" className="admin__records">
          <h2 id="daily-title">Revenue per day (Lusaka)</h2>
          <table className="tx-table admin-table">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="tx-table__amount">
                  Revenue
                </th>
                <th scope="col" className="tx-table__amount">
                  Games
                </th>
              </tr>
            </thead>
            <tbody>
              {state.revenue.daily.map((day) => (
                <tr key={day.day}>
                  <td data-label="Day">{day.day}</td>
                  <td data-label="Revenue" className="tx-table__amount">
                    {formatZmw(day.revenue)}
                  </td>
                  <td data-label="Games" className="tx-table__amount">
                    {day.games}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </>
  );
}
