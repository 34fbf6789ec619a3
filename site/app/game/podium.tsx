// The end of a game worth a screenshot: every player's place by net profit (then trucks) with the
// figures that put them there, the player's own line ("You won ZMW 16.00", "You came 2nd"), and
// confetti for the winner, drawn in code (still, for reduced motion). Shared by the staked and the
// practice game over.
import type { CSSProperties } from 'react';
import type { RoomView } from '#game/protocol.ts';
import { formatGameAmount } from './format';
import { playerHex } from './palette';
import { ordinal, standings, type Standing } from './win-reason';

export function Podium({
  view,
  me,
}: {
  view: Pick<RoomView, 'joinedOrder' | 'result' | 'participants'>;
  me: string | null;
}) {
  const result = view.result;
  if (!result) return null;
  const rows = standings(result, view.joinedOrder);
  return (
    <ol className="podium" data-testid="podium" aria-label="Final places">
      {rows.map((row) => (
        <PodiumRow key={row.uid} row={row} view={view} me={me} />
      ))}
    </ol>
  );
}

function PodiumRow({
  row,
  view,
  me,
}: {
  row: Standing;
  view: Pick<RoomView, 'participants'>;
  me: string | null;
}) {
  const p = view.participants[row.uid];
  const color = p ? playerHex(p.color) : '#78716c';
  return (
    <li
      className={`podium__row podium__row--${Math.min(row.place, 4)}${row.uid === me ? ' podium__row--you' : ''}`}
      data-place={row.place}
    >
      <span className="podium__place">{ordinal(row.place)}</span>
      <span className="podium__avatar" style={{ background: color }} aria-hidden="true">
        {row.place === 1 ? <Crown /> : null}
        {(p?.name ?? '?').charAt(0).toUpperCase()}
      </span>
      <span className="podium__who">
        <span className="podium__name">
          {p?.name ?? 'A player'}
          {row.uid === me ? ' (you)' : ''}
        </span>
        <span className="podium__why">
          Net profit {formatGameAmount(row.netProfit)} · {row.trucks}{' '}
          {row.trucks === 1 ? 'truck' : 'trucks'}
        </span>
      </span>
    </li>
  );
}

function Crown() {
  return (
    <svg className="podium__crown" viewBox="0 0 24 16" aria-hidden="true" focusable="false">
      <path
        d="M2 14 L3 4 L8 9 L12 2 L16 9 L21 4 L22 14 Z"
        fill="#f59e0b"
        stroke="#1f2937"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const CONFETTI_COLORS = [
  '#e53935',
  '#1e88e5',
  '#43a047',
  '#fdd835',
  '#ec407a',
  '#4fc3f7',
  '#f59e0b',
];
const PIECES = 36;

/** Confetti over the top of the popup: falling pieces in the players' colours (still if reduced). */
export function Confetti() {
  return (
    <div className="confetti" aria-hidden="true" data-testid="confetti">
      {Array.from({ length: PIECES }, (_, i) => {
        // A fixed scatter (no randomness: the same screenshot every time).
        const x = (i * 37) % 100;
        const style = {
          '--x': `${x}%`,
          '--delay': `${((i * 53) % 90) / 100}s`,
          '--turn': `${(i * 71) % 360}deg`,
          '--drift': `${((i * 29) % 40) - 20}px`,
          '--rest': `${8 + ((i * 17) % 60)}px`,
          background: CONFETTI_COLORS[i % CONFETTI_COLORS.length],
        } as CSSProperties;
        return <span key={i} className="confetti__piece" style={style} />;
      })}
    </div>
  );
}
