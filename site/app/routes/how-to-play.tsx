// How to Play: the rules of docs/rules.md in plain words. This route keeps the page's meta, header,
// table of contents and call to action; the sections live in components/how-to-play/.
import { Link } from 'react-router';
import { BOARD_SIZE } from '#game/board.ts';
import {
  BoardSection,
  HomesSection,
  SetupSection,
  TilesSection,
  TrucksSection,
  TurnsSection,
} from '../components/how-to-play/playing-rules';
import {
  FairDiceSection,
  GameEndSection,
  LeavingSection,
  StatementSection,
  WinnerSection,
} from '../components/how-to-play/game-end';
import { BRAND } from '../content/brand';
import { staticPage } from '../islands';
import contentStyles from '../styles/content.css?url';
import type { Route } from './+types/how-to-play';
import { PATHS } from '#site/shared/paths.ts';

export const handle = staticPage;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `How to Play the Truck Company game · ${BRAND.name}` },
  {
    name: 'description',
    content:
      'The rules of the Truck Company board game: the ' +
      `${BOARD_SIZE}-tile board, truck fees, buying trucks, ` +
      'the finance statement, who wins, the 80 % payout and the provably fair dice.',
  },
];

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

      <SetupSection />
      <BoardSection />
      <TurnsSection />
      <HomesSection />
      <TilesSection />
      <TrucksSection />
      <GameEndSection />
      <StatementSection />
      <WinnerSection />
      <FairDiceSection />
      <LeavingSection />

      <p className="content__cta">
        <Link to={PATHS.dashboard} className="button">
          Go to the game dashboard
        </Link>{' '}
        <Link to={PATHS.practice} className="button button--ghost">
          Practise first, free against bots
        </Link>
      </p>
    </article>
  );
}
