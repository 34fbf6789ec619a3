// How to Play: the rules of docs/rules.md in plain words, with the board, a die and a truck drawn
// inline. The tiles and fees come from game/board.ts, the same table the room server plays by.
import { Link } from 'react-router';
import {
  BOARD,
  HOME_BOXES,
  MAX_PLAYERS,
  MAX_TRUCKS,
  MIN_PLAYERS,
  START_BALANCE,
  TRUCK_COST,
  truckFee,
  type Box,
} from '../../../game/board';
import { BRAND, GAME_DASHBOARD } from '../content/brand';
import { staticPage } from '../islands';
import contentStyles from '../styles/content.css?url';
import type { Route } from './+types/how-to-play';

export const handle = staticPage;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `How to Play the Truck Company game · ${BRAND.name}` },
  {
    name: 'description',
    content:
      'The rules of the Truck Company board game: the 20-tile board, truck fees, buying trucks, ' +
      'the finance statement, who wins, the 80 % payout and the provably fair dice.',
  },
];

const STAKES = [10, 20, 30, 40, 50];
const TIMES = [10, 20, 30, 40, 60];
const TURN_SECONDS = 20;

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

function BoardDiagram() {
  const cell = 60;
  return (
    <svg
      className="diagram diagram--board"
      viewBox="0 0 360 360"
      role="img"
      aria-labelledby="board-diagram-title"
    >
      <title id="board-diagram-title">
        The board: 20 tiles in a ring, box 1 at the top left, moving clockwise to box 20. Homes of
        players 1 to 6 are boxes 2, 6, 9, 12, 16 and 19; box 20 sells trucks.
      </title>
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

function DiceDiagram() {
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

function TruckDiagram() {
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

const TILE_ROWS = BOARD.filter((box) => box.kind !== 'home');

export default function HowToPlay() {
  return (
    <article className="content container">
      <header className="content__header">
        <p className="eyebrow">Business Games</p>
        <h1>How to Play</h1>
        <p className="content__lead">
          Run a truck company for a set number of minutes. Earn revenue, pay your costs, buy trucks,
          and finish with the highest net profit on your own finance statement.
        </p>
      </header>

      <nav className="content__toc" aria-label="On this page">
        <ol>
          <li>
            <a href="#setup">Setting up a room</a>
          </li>
          <li>
            <a href="#board">The board</a>
          </li>
          <li>
            <a href="#turns">Your turn</a>
          </li>
          <li>
            <a href="#homes">Homes and truck fees</a>
          </li>
          <li>
            <a href="#tiles">The other tiles</a>
          </li>
          <li>
            <a href="#trucks">Buying trucks</a>
          </li>
          <li>
            <a href="#end">When the game ends</a>
          </li>
          <li>
            <a href="#statement">The finance statement</a>
          </li>
          <li>
            <a href="#winner">Who wins, and the payout</a>
          </li>
          <li>
            <a href="#fair">Fair dice you can check</a>
          </li>
          <li>
            <a href="#leaving">Leaving, refunds and coming back</a>
          </li>
        </ol>
      </nav>

      <section id="setup" aria-labelledby="setup-title">
        <h2 id="setup-title">1. Setting up a room</h2>
        <p>
          One player creates a room and becomes its host. The host picks four settings: the stake
          (ZMW {STAKES.join(', ')}), the game time ({TIMES.join(', ')} minutes), the number of
          players ({MIN_PLAYERS} to {MAX_PLAYERS}) and whether the room is public (anyone can find
          it under <em>Join a random room</em>) or private (only people with the link).
        </p>
        <p>
          Every player, the host included, pays the stake from their wallet when they take a seat.
          The stakes are held safely until the game ends; together they make the{' '}
          <strong>pot</strong>. When the last seat fills, a 5-second countdown starts and the game
          begins.
        </p>
      </section>

      <section id="board" aria-labelledby="board-title">
        <h2 id="board-title">2. The board</h2>
        <div className="content__figure">
          <BoardDiagram />
        </div>
        <p>
          The board is a ring of 20 tiles, box 1 to box 20, played clockwise. Each player starts
          with {START_BALANCE.toLocaleString('en-GB')} in game money and one truck, off the board.
          Game money is only for playing: it is never real money and never mixes with your wallet.
        </p>
        <p>
          In the order players joined, player 1 is red, 2 blue, 3 green, 4 yellow, 5 pink and 6
          light blue, and their homes are boxes {HOME_BOXES.map((id) => id.slice(3)).join(', ')}.
        </p>
      </section>

      <section id="turns" aria-labelledby="turns-title">
        <h2 id="turns-title">3. Your turn</h2>
        <div className="content__aside">
          <DiceDiagram />
          <div>
            <p>
              Players take turns in the order they joined. On your turn, press <strong>Roll</strong>
              . Your first roll puts you on the box with the number you rolled (a 4 puts you on box
              4). After that you move forward by the roll, going round the ring again and again.
            </p>
            <p>
              Roll a <strong>6</strong> and you roll again. Otherwise the turn passes to the next
              player.
            </p>
            <p>
              You have {TURN_SECONDS} seconds to roll. If you do not, the game rolls for you, so
              nobody can freeze a timed game by waiting.
            </p>
          </div>
        </div>
        <p>
          What happens depends only on the box you <strong>land</strong> on. Passing over a box does
          nothing.
        </p>
      </section>

      <section id="homes" aria-labelledby="homes-title">
        <h2 id="homes-title">4. Homes and truck fees</h2>
        <p>
          Land on another player&apos;s home and you pay them a truck fee: the more trucks they own,
          the more you pay. You book it as an expense (truck fee); they book it as revenue (truck
          revenue). Landing on your own home, or on a home with no owner, costs nothing.
        </p>
        <table className="content__table">
          <caption>Truck fee by the owner&apos;s number of trucks</caption>
          <thead>
            <tr>
              <th scope="col">Owner&apos;s trucks</th>
              <th scope="col">Fee you pay</th>
            </tr>
          </thead>
          <tbody>
            {[1, 2, 3, 4, 5, 6].map((trucks) => (
              <tr key={trucks}>
                <td>{trucks}</td>
                <td>{truckFee(trucks)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section id="tiles" aria-labelledby="tiles-title">
        <h2 id="tiles-title">5. The other tiles</h2>
        <table className="content__table">
          <caption>What each tile does when you land on it</caption>
          <thead>
            <tr>
              <th scope="col">Box</th>
              <th scope="col">Tile</th>
              <th scope="col">Effect</th>
            </tr>
          </thead>
          <tbody>
            {TILE_ROWS.map((box) => (
              <tr key={box.id}>
                <td>{box.id.slice(3)}</td>
                <td>{box.name}</td>
                <td>
                  {box.kind === 'revenue'
                    ? `Revenue ${box.amount}`
                    : box.kind === 'expense'
                      ? `Expense ${box.amount}`
                      : box.kind === 'tax'
                        ? `Tax ${box.amount} (counted as tax, not as an expense)`
                        : `Offer to buy a truck for ${TRUCK_COST}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>Revenue adds to your balance; expenses and tax come out of it.</p>
      </section>

      <section id="trucks" aria-labelledby="trucks-title">
        <h2 id="trucks-title">6. Buying trucks</h2>
        <div className="content__aside">
          <TruckDiagram />
          <div>
            <p>
              Land on box 20 with fewer than {MAX_TRUCKS} trucks and you are offered a truck for{' '}
              {TRUCK_COST.toLocaleString('en-GB')}. You need at least that much in your game
              balance. The offer stays open until you buy, decline or roll again.
            </p>
            <p>
              A truck is an asset, not an expense: buying one lowers your balance but not your
              profit. More trucks mean higher fees when rivals land on your home, and trucks break
              ties at the end.
            </p>
          </div>
        </div>
      </section>

      <section id="end" aria-labelledby="end-title">
        <h2 id="end-title">7. When the game ends</h2>
        <p>
          The clock starts with the first roll and runs for the room&apos;s time (10 to 60 minutes).
          When it reaches zero the game ends at once, whoever&apos;s turn it is. Every player then
          sees the statements and the winner; after 5 seconds you are taken to your game history.
        </p>
      </section>

      <section id="statement" aria-labelledby="statement-title">
        <h2 id="statement-title">8. The finance statement</h2>
        <p>Every player gets a statement, worked out the same way for everyone:</p>
        <ol>
          <li>
            <strong>Revenue</strong>: everything you earned (tiles and truck fees received).
          </li>
          <li>
            <strong>Deductions</strong>: charitable giving, investment and tithe, each 10 % of your
            revenue (rounded down).
          </li>
          <li>
            <strong>Net operating profit</strong> = revenue − expenses − the three deductions.
          </li>
          <li>
            <strong>Net profit</strong> = net operating profit − tax.
          </li>
        </ol>
        <table className="content__table">
          <caption>An example statement</caption>
          <tbody>
            <tr>
              <th scope="row">Revenue</th>
              <td>2,010</td>
            </tr>
            <tr>
              <th scope="row">Expenses</th>
              <td>−1,000</td>
            </tr>
            <tr>
              <th scope="row">Charitable (10 %)</th>
              <td>−201</td>
            </tr>
            <tr>
              <th scope="row">Investment (10 %)</th>
              <td>−201</td>
            </tr>
            <tr>
              <th scope="row">Tithe (10 %)</th>
              <td>−201</td>
            </tr>
            <tr>
              <th scope="row">Net operating profit</th>
              <td>407</td>
            </tr>
            <tr>
              <th scope="row">Tax</th>
              <td>−150</td>
            </tr>
            <tr>
              <th scope="row">Net profit</th>
              <td>
                <strong>257</strong>
              </td>
            </tr>
          </tbody>
        </table>
      </section>

      <section id="winner" aria-labelledby="winner-title">
        <h2 id="winner-title">9. Who wins, and the payout</h2>
        <p>
          The player with the highest <strong>net profit</strong> wins. If two or more are level,
          the one with more trucks wins. Players still level after that share the prize equally.
        </p>
        <p>
          The pot is the stake times the number of players. The winner receives{' '}
          <strong>80 % of the pot</strong> (rounded down to the ngwee) in their wallet; the
          remaining 20 % is the site&apos;s fee. For example, 4 players at ZMW 20 make a pot of ZMW
          80: the winner gets ZMW 64.
        </p>
      </section>

      <section id="fair" aria-labelledby="fair-title">
        <h2 id="fair-title">10. Fair dice you can check</h2>
        <p>
          Nobody, not even us, can steer the dice. When a room is created, the server picks a secret{' '}
          <em>server seed</em> and shows you its fingerprint (a SHA-256 hash) straight away. Each
          player&apos;s browser adds its own random <em>client seed</em> when joining. Every roll is
          computed from both seeds and the roll&apos;s number, with HMAC-SHA256.
        </p>
        <p>
          When the game ends, the server seed is revealed in the game&apos;s history. Anyone can
          check that it matches the fingerprint shown at the start and recompute every roll. The
          full recipe is in our <Link to="/terms#fairness">Terms and Conditions</Link>.
        </p>
      </section>

      <section id="leaving" aria-labelledby="leaving-title">
        <h2 id="leaving-title">11. Leaving, refunds and coming back</h2>
        <ul>
          <li>
            While a room is still waiting for players you may leave, and your stake comes back to
            your wallet. If the host leaves, the next player becomes host.
          </li>
          <li>Once the last seat fills you can no longer leave: the game is starting.</li>
          <li>
            Close the page during a game and you stay in it: the timer rolls for you, and you can
            come back from the dashboard at any time.
          </li>
          <li>A room that does not fill within 30 minutes closes and refunds every stake.</li>
        </ul>
      </section>

      <p className="content__cta">
        <Link to={GAME_DASHBOARD} className="button">
          Go to the game dashboard
        </Link>
      </p>
    </article>
  );
}
