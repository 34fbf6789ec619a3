// How to Play's inline drawings: the board ring built from game/board.ts, a die and a truck.
import { BOARD, BOARD_SIZE, HOME_BOXES, MAX_PLAYERS, TRUCK_COST, type Box } from '#game/board.ts';

const HOME_NUMBERS = HOME_BOXES.map((id) => id.slice(3));
/** The box (1-based) that sells trucks. */
export const TRUCKS_BOX = BOARD.findIndex((box) => box.kind === 'trucks') + 1;

/** The drawing's accessible name: the layout in words. */
const BOARD_DESCRIPTION =
  `The board: ${BOARD_SIZE} tiles in a ring, box 1 at the top left, moving clockwise to box ` +
  `${BOARD_SIZE}. Homes of players 1 to ${MAX_PLAYERS} are boxes ` +
  `${HOME_NUMBERS.slice(0, -1).join(', ')} and ${HOME_NUMBERS.at(-1)}; box ${TRUCKS_BOX} sells trucks.`;

/** Where box i (0-based) sits on the 6 × 6 grid whose edge is the board. */
function cellOf(i: number): { col: number; row: number } {
  if (i <= 5) return { col: i, row: 0 };
  if (i <= 9) return { col: 5, row: i - 5 };
  if (i <= 15) return { col: 5 - (i - 10), row: 5 };
  return { col: 0, row: 4 - (i - 16) };
}

function shortName(box: Box): string {
  if (box.kind === 'home') return `Home ${box.seat}`;
  if (box.name === 'Salaries and Wages') return 'Salaries';
  if (box.name === 'Permits and Licenses') return 'Permits';
  return box.name;
}

function effectOf(box: Box): string {
  switch (box.kind) {
    case 'revenue':
      return `+${box.amount}`;
    case 'expense':
      return `−${box.amount}`;
    case 'tax':
      return `tax ${box.amount}`;
    case 'home':
      return 'fee';
    case 'trucks':
      return `buy ${TRUCK_COST}`;
  }
}

export function BoardDiagram() {
  const cell = 60;
  return (
    <svg
      className="diagram diagram--board"
      viewBox="0 0 360 360"
      role="img"
      aria-labelledby="board-diagram-title"
    >
      <title id="board-diagram-title">{BOARD_DESCRIPTION}</title>
      <rect x="60" y="60" width="240" height="240" rx="8" className="diagram__centre" />
      <text x="180" y="170" textAnchor="middle" className="diagram__centre-title">
        Truck Company
      </text>
      <text x="180" y="190" textAnchor="middle" className="diagram__centre-line">
        clockwise from box 1 →
      </text>
      {BOARD.map((box, i) => {
        const { col, row } = cellOf(i);
        const x = col * cell;
        const y = row * cell;
        const words = shortName(box).split(' ');
        const lines = words.length > 1 && shortName(box).length > 9 ? words : [shortName(box)];
        return (
          <g key={box.id}>
            <rect
              x={x + 1}
              y={y + 1}
              width={cell - 2}
              height={cell - 2}
              rx="4"
              className="diagram__tile"
            />
            <rect x={x + 1} y={y + 1} width={cell - 2} height="9" rx="3" fill={box.color} />
            <text x={x + 5} y={y + 21} className="diagram__number">
              {i + 1}
            </text>
            {lines.map((line, n) => (
              <text
                key={line}
                x={x + cell / 2}
                y={y + 33 + n * 9}
                textAnchor="middle"
                className="diagram__name"
              >
                {line}
              </text>
            ))}
            <text x={x + cell / 2} y={y + 54} textAnchor="middle" className="diagram__effect">
              {effectOf(box)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

export function DiceDiagram() {
  const pips = [
    [30, 28],
    [30, 50],
    [30, 72],
    [70, 28],
    [70, 50],
    [70, 72],
  ];
  return (
    <svg
      className="diagram diagram--small"
      viewBox="0 0 100 100"
      role="img"
      aria-label="A die showing six"
    >
      <rect x="6" y="6" width="88" height="88" rx="16" className="diagram__die" />
      {pips.map(([cx, cy]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="7" className="diagram__pip" />
      ))}
    </svg>
  );
}

export function TruckDiagram() {
  return (
    <svg className="diagram diagram--small" viewBox="0 0 120 80" role="img" aria-label="A truck">
      <rect x="6" y="14" width="66" height="38" rx="4" fill="var(--c-green)" />
      <path d="M72 26h22l16 16v10H72Z" fill="var(--c-copper)" />
      <path d="M78 31h14l10 10H78Z" fill="var(--c-sky)" />
      <rect x="4" y="50" width="108" height="6" rx="2" fill="var(--c-ink)" />
      {[24, 52, 94].map((cx) => (
        <g key={cx}>
          <circle cx={cx} cy="60" r="9" fill="var(--c-ink)" />
          <circle cx={cx} cy="60" r="3.5" fill="var(--c-cream)" />
        </g>
      ))}
    </svg>
  );
}
