import { Link } from 'react-router';
import { ArrowIcon, PillarIcon } from '../components/icons';
import { BRAND, DEFAULT_PRACTICE, PILLARS, SERVICES } from '../content/brand';
import { BoardSvg } from '../game/board-svg';
import { SAMPLE_NOW, SAMPLE_ROOM } from '#site/shared/art/picture.ts';
import { authPath, signUpPath } from '../components/account/return-to';
import { staticPage } from '../islands';
import homeStyles from '../styles/home.css?url';
import type { Route } from './+types/home';
import { PATHS } from '#site/shared/paths.ts';

// Plain HTML and CSS: this page ships no JavaScript. The board in the hero is inline SVG.
export const handle = staticPage;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: homeStyles }];

const DESCRIPTION =
  'Practical business education for Zambian entrepreneurs: mindset and money, land and ' +
  'agri-business, digital business, cash flow and trade, and a truck-company board game to practise it all.';

export function loader({ context }: Route.LoaderArgs) {
  const player = context.user !== null && !context.user.isGuest;
  return { canonical: `${context.publicUrl}/`, player };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${BRAND.name} · ${BRAND.tagline}` },
  { name: 'description', content: DESCRIPTION },
  { property: 'og:title', content: BRAND.name },
  { property: 'og:description', content: DESCRIPTION },
  { property: 'og:type', content: 'website' },
  ...(loaderData ? [{ tagName: 'link', rel: 'canonical', href: loaderData.canonical }] : []),
];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero player={loaderData.player} />
      <EducationPromise />
      <Objective />
      <Pillars />
      <Services />
      <GameCall />
    </>
  );
}

/** The board's side as drawn on the server; CSS fits it to the screen (docs/decisions/101). */
const HERO_BOARD_PX = 320;

function Hero({ player }: { player: boolean }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__grid">
        <div className="hero__intro">
          <p className="eyebrow">The Zed Truck Company game</p>
          <h1 id="hero-title" className="hero__title">
            Run a truck company. Beat your friends.
          </h1>
        </div>
        <figure className="hero__board" data-testid="hero-board">
          {/* The board itself, drawn on the server from the game's art: no script, no canvas. */}
          <BoardSvg
            view={SAMPLE_ROOM}
            size={HERO_BOARD_PX}
            now={SAMPLE_NOW}
            className="hero__board-svg"
          />
        </figure>
        <div className="hero__play">
          {/* A form, not a link: the tap starts the default game (a guest session first) with no
              script on this page; a GET that started games would be started by link previews. */}
          <form className="hero__actions" method="post" action={PATHS.practice}>
            <input type="hidden" name="time" value={DEFAULT_PRACTICE.time} />
            <input type="hidden" name="bots" value={DEFAULT_PRACTICE.bots} />
            <button type="submit" className="button" data-testid="practise-first">
              Practise free now
            </button>
            {/* Newcomers sign up first; players go straight to their dashboard. */}
            <Link
              to={player ? PATHS.dashboard : signUpPath(PATHS.dashboard)}
              className="button button--ghost"
            >
              Play for real
            </Link>
          </form>
          <p className="hero__lead">
            Roll, buy trucks, collect fees, pay your costs: the highest net profit wins. Practice is
            free against bots; real games are ZMW 10 to 50 a seat, the winner takes 80 % of the pot.
            18+.
          </p>
          {player ? null : (
            <p className="hero__login">
              Already playing? <Link to={authPath(PATHS.dashboard)}>Log in</Link>
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

function EducationPromise() {
  return (
    <section className="section promise" aria-labelledby="promise-title">
      <div className="container">
        <p className="eyebrow">Business education · Lusaka, Zambia</p>
        <h2 id="promise-title">Build a business that keeps moving.</h2>
        <p className="section__intro">
          We teach Zambian entrepreneurs to think, plan and trade like owners, from the first kwacha
          saved to a fleet of trucks on the road. Learn it in our trainings, then practise it where
          mistakes are cheap: on the game board.
        </p>
        <p>
          <a href="#pillars" className="button button--ghost">
            Explore the four pillars
          </a>
        </p>
      </div>
    </section>
  );
}

function Objective() {
  return (
    <section className="section objective" aria-labelledby="objective-title">
      <div className="container objective__grid">
        <h2 id="objective-title">Our objective</h2>
        <div>
          <p className="objective__statement">
            To turn people who earn money into people who build assets.
          </p>
          <p>
            Many Zambian businesses are profitable on paper and short of cash by the 20th of the
            month. We close that gap with plain-language lessons in money, property, digital selling
            and trade, grounded in local prices, local laws and local markets, and with games that
            let you feel a balance sheet before you have to sign one.
          </p>
        </div>
      </div>
    </section>
  );
}

function Pillars() {
  return (
    <section id="pillars" className="section pillars" aria-labelledby="pillars-title">
      <div className="container">
        <p className="eyebrow">The method</p>
        <h2 id="pillars-title">Four pillars of a lasting business</h2>
        <p className="section__intro">
          Brain, Land, Air and Water: four areas every owner has to master, taught in that order and
          practised together.
        </p>
        <ul className="pillars__grid" role="list">
          {PILLARS.map((pillar) => (
            <li key={pillar.id} className={`pillar pillar--${pillar.id}`}>
              <article aria-labelledby={`pillar-${pillar.id}`}>
                <span className="pillar__icon">
                  <PillarIcon pillar={pillar.id} />
                </span>
                <h3 id={`pillar-${pillar.id}`} className="pillar__name">
                  {pillar.name}
                </h3>
                <p className="pillar__theme">{pillar.theme}</p>
                <p>{pillar.summary}</p>
                <ul className="pillar__topics">
                  {pillar.topics.map((topic) => (
                    <li key={topic}>{topic}</li>
                  ))}
                </ul>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Services() {
  return (
    <section className="section services" aria-labelledby="services-title">
      <div className="container">
        <p className="eyebrow">What we do</p>
        <h2 id="services-title">Our services</h2>
        <ul className="services__grid" role="list">
          {SERVICES.map((service, index) => (
            <li key={service.name} className="service">
              <span className="service__number" aria-hidden="true">
                {String(index + 1).padStart(2, '0')}
              </span>
              <h3 className="service__name">{service.name}</h3>
              <p>{service.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function GameCall() {
  return (
    <section className="section game-call" aria-labelledby="game-title">
      <div className="container">
        <div className="game-call__box">
          <div>
            <p className="eyebrow">Business Games</p>
            <h2 id="game-title">Run a truck company. Read your own statement.</h2>
            <p>
              Start with 5,100 in game money and one truck. Roll around a 20-tile board, pay for
              repairs, tolls and salaries, earn fees when rivals land on your yard, and buy trucks
              when you can afford them. When the clock runs out, the highest net profit wins.
            </p>
            <ul className="game-call__facts">
              <li>2 to 6 players</li>
              <li>Stakes from K10 to K50</li>
              <li>Winner takes 80 % of the pot</li>
              <li>Provably fair dice</li>
            </ul>
          </div>
          <p className="game-call__action">
            <Link to={PATHS.dashboard} className="button button--light">
              Go to the game dashboard <ArrowIcon />
            </Link>
            <small>Deposit and withdraw with MTN, Airtel or Zamtel mobile money. 18+ only.</small>
          </p>
        </div>
      </div>
    </section>
  );
}
