// The admin's revenue over time: the system's share per day, as bars, drawn as plain SVG.
import { formatDay, lusakaDayOf, middayOf } from './dates';
import { formatZmw, ngweeToZmw, zmwToNgwee } from '#game/ngwee.ts';

export interface RevenuePoint {
  /** ISO 8601. */
  timestamp: string;
  /** ZMW. */
  amount: number;
}

export interface DayTotal {
  day: Date;
  /** ZMW, summed in ngwee. */
  total: number;
}

/** Sums the records per Lusaka day (as the server counts revenue per day), oldest day first. */
export function totalsPerDay(records: readonly RevenuePoint[]): DayTotal[] {
  const byDay = new Map<string, number>();
  for (const record of records) {
    const date = new Date(record.timestamp);
    if (Number.isNaN(date.getTime())) continue;
    const day = lusakaDayOf(date);
    byDay.set(day, (byDay.get(day) ?? 0) + zmwToNgwee(record.amount));
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, ngwee]) => ({ day: middayOf(day), total: ngweeToZmw(ngwee) }));
}

const WIDTH = 320;
const HEIGHT = 160;
const PAD = { top: 12, right: 8, bottom: 24, left: 8 };

export function RevenueChart({ records }: { records: readonly RevenuePoint[] }) {
  const days = totalsPerDay(records);
  if (days.length === 0) {
    return <p className="chart-empty">No revenue yet: the chart fills in as games finish.</p>;
  }
  const max = Math.max(...days.map((d) => d.total), 0.01);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / days.length;
  const barWidth = Math.max(2, Math.min(36, slot * 0.7));
  const best = days.reduce((a, b) => (b.total > a.total ? b : a));
  const first = days[0];
  const last = days.at(-1);
  const label =
    `Revenue per day, ${days.length} day${days.length === 1 ? '' : 's'}` +
    (first && last ? ` from ${formatDay(first.day)} to ${formatDay(last.day)}` : '') +
    `. Highest: ${formatZmw(best.total)} on ${formatDay(best.day)}.`;

  return (
    <figure className="revenue-chart">
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        preserveAspectRatio="xMidYMid meet"
      >
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={HEIGHT - PAD.bottom}
          y2={HEIGHT - PAD.bottom}
          className="revenue-chart__axis"
        />
        {days.map((d, i) => {
          const height = Math.max(1, (d.total / max) * plotHeight);
          const x = PAD.left + slot * i + (slot - barWidth) / 2;
          return (
            <rect
              key={d.day.getTime()}
              x={x}
              y={HEIGHT - PAD.bottom - height}
              width={barWidth}
              height={height}
              rx="2"
              className="revenue-chart__bar"
            >
              <title>{`${formatDay(d.day)}: ${formatZmw(d.total)}`}</title>
            </rect>
          );
        })}
        {first ? (
          <text x={PAD.left} y={HEIGHT - 6} className="revenue-chart__label">
            {formatDay(first.day)}
          </text>
        ) : null}
        {last && days.length > 1 ? (
          <text
            x={WIDTH - PAD.right}
            y={HEIGHT - 6}
            textAnchor="end"
            className="revenue-chart__label"
          >
            {formatDay(last.day)}
          </text>
        ) : null}
      </svg>
      <figcaption>{`Highest day: ${formatZmw(best.total)} (${formatDay(best.day)}).`}</figcaption>
    </figure>
  );
}
