// The finance statement, one small table per player (docs/rules.md): revenue, the three 10 %
// deductions, net operating profit, tax, net profit and trucks. The board shows it live, the history
// shows the final one.
import type { PlayerColor } from '#game/board.ts';
import type { Statement } from '#game/statement.ts';
import { formatGameAmount } from './format';
import { playerHex } from './palette';

export interface StatementRow {
  uid: string;
  name: string;
  color: PlayerColor | null;
  statement: Statement;
  /** In-game cash (shown while the game runs). */
  balance?: number;
  winner?: boolean;
  you?: boolean;
}

const LINES: readonly [keyof Statement, string][] = [
  ['revenue', 'Revenue'],
  ['expenses', 'Expenses'],
  ['charitable', 'Charitable (10 %)'],
  ['autoinvestment', 'Investment (10 %)'],
  ['tithe', 'Tithe (10 %)'],
  ['netOperatingProfit', 'Net operating profit'],
  ['tax', 'Tax'],
  ['netProfit', 'Net profit'],
  ['trucks', 'Trucks'],
];

export function StatementTables({ rows, title }: { rows: readonly StatementRow[]; title: string }) {
  return (
    <section className="statements" aria-label={title}>
      <h2 className="game-section__title">{title}</h2>
      <div className="statements__grid">
        {rows.map((row) => (
          <table
            key={row.uid}
            className="statement"
            data-testid={`statement-${row.uid}`}
            style={row.color ? { borderTopColor: playerHex(row.color) } : undefined}
          >
            <caption>
              {row.color ? (
                <span
                  className="swatch"
                  style={{ background: playerHex(row.color) }}
                  aria-hidden="true"
                />
              ) : null}
              {row.name}
              {row.you ? ' (you)' : ''}
              {row.winner ? <span className="tag tag--winner">Winner</span> : null}
            </caption>
            <tbody>
              {row.balance !== undefined ? (
                <tr>
                  <th scope="row">Cash</th>
                  <td>{formatGameAmount(row.balance)}</td>
                </tr>
              ) : null}
              {LINES.map(([key, label]) => (
                <tr
                  key={key}
                  className={
                    key === 'netProfit' || key === 'netOperatingProfit' ? 'statement__total' : ''
                  }
                >
                  <th scope="row">{label}</th>
                  <td>{formatGameAmount(row.statement[key])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </section>
  );
}
