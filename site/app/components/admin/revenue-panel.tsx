// The console's revenue: the total, a chart, the latest 50 records and revenue per Lusaka day.
import { formatDateTime } from '../account/dates';
import { formatZmw } from '#game/ngwee.ts';
import { RevenueChart } from '../account/revenue-chart';
import type { RevenueData } from './console-data';

export function RevenuePanel({ revenue }: { revenue: RevenueData }) {
  return (
    <>
      <div className="admin__grid">
        <section className="admin-card" aria-labelledby="total-title">
          <h2 id="total-title" className="admin-card__title">
            Total revenue
          </h2>
          <p className="admin-card__total" data-testid="total-revenue">
            {formatZmw(revenue.total)}
          </p>
        </section>
        <section className="admin-card" aria-labelledby="chart-title">
          <h2 id="chart-title" className="admin-card__title">
            Revenue over time
          </h2>
          <RevenueChart records={revenue.records} />
        </section>
      </div>
      <section aria-labelledby="records-title" className="admin__records">
        <h2 id="records-title">Latest 50 records</h2>
        {revenue.records.length === 0 ? (
          <p>No revenue records yet. They appear here as games finish.</p>
        ) : (
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
              {revenue.records.map((record) => (
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
        )}
      </section>
      {revenue.daily.length > 0 ? (
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
              {revenue.daily.map((day) => (
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
