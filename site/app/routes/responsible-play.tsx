// Responsible play, for anyone: limits, self-exclusion, how a game is decided, where to get help.
// Static: ships no JavaScript. The controls are on /rentalgame/responsible-play.
import { Link } from 'react-router';
import { BRAND } from '../content/brand';
import { staticPage } from '../islands';
import contentStyles from '../styles/content.css?url';
import type { Route } from './+types/responsible-play';
import { SupportReach } from '../components/support-contact';
import { PATHS } from '#site/shared/paths.ts';

export const handle = staticPage;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Responsible play · ${BRAND.name}` },
  {
    name: 'description',
    content:
      'Deposit and loss limits, self-exclusion, how a game is decided and what you can expect ' +
      'back, and where to get help in Zambia.',
  },
];

export default function ResponsiblePlay() {
  return (
    <article className="content container">
      <header className="content__header">
        <p className="eyebrow">Play safely</p>
        <h1>Responsible play</h1>
        <p className="content__lead">
          The Truck Company game is a way to practise business thinking. Playing for money means you
          can lose what you stake. These tools help you stay in control.
        </p>
        <p>
          <Link className="button" to={PATHS.responsiblePlay}>
            Set your limits or take a break
          </Link>
        </p>
      </header>

      <section id="limits" aria-labelledby="limits-title">
        <h2 id="limits-title">Limits</h2>
        <p>
          You can set how much you may deposit, and how much you may lose, per day, per week (Monday
          to Sunday) and per month. Days run on Lusaka time.
        </p>
        <ul>
          <li>A lower limit applies at once. A higher limit, or removing one, waits 24 hours.</li>
          <li>A deposit counts from the moment you ask for it, unless it fails.</li>
          <li>
            Your loss is what you staked, less what you won and what came back to you, in the
            period. A game whose stake would take you past a loss limit is refused.
          </li>
        </ul>
      </section>

      <section id="exclusion" aria-labelledby="exclusion-title">
        <h2 id="exclusion-title">Taking a break (self-exclusion)</h2>
        <p>
          You can exclude yourself for 24 hours, 7 days, 30 days, 180 days or for good. While it
          lasts you cannot deposit, create a game or join one. It cannot be shortened or lifted
          early; you can only make it longer. You can still sign in, withdraw your balance and see
          your history, and a game you already sit in plays to its end.
        </p>
      </section>

      <section id="odds" aria-labelledby="odds-title">
        <h2 id="odds-title">How a game is decided, and what you can expect back</h2>
        <ul>
          <li>
            Every move comes from dice that the server rolls in a way you can check afterwards (see{' '}
            <Link to="/terms#fairness">fair dice</Link>). Nobody, us included, can choose a roll.
          </li>
          <li>
            When the time is up, the player with the highest net profit wins; if that is level, the
            one with the most trucks. Players still level share the prize.
          </li>
          <li>The prize is 80 % of the pot (all the stakes together). We keep the other 20 %.</li>
          <li>
            So, on average, players get back ZMW 8 for every ZMW 10 they stake. Against evenly
            matched players you win about half of 2-player games and about one in six 6-player
            games. Playing more does not win back losses: over many games it costs about a fifth of
            what you stake.
          </li>
        </ul>
      </section>

      <section id="help" aria-labelledby="help-title">
        <h2 id="help-title">Where to get help in Zambia</h2>
        <p>If playing is causing you or your family harm, you do not have to face it alone.</p>
        <ul>
          <li>Talk to someone you trust: family, a friend, your church or community leader.</li>
          <li>
            Your nearest government clinic or hospital can refer you to mental health services;
            Chainama Hills Hospital in Lusaka is Zambia&apos;s national psychiatric referral
            hospital.
          </li>
          <li>
            Gamblers Anonymous is a free fellowship of people helping each other stop gambling, with
            meetings online (gamblersanonymous.org).
          </li>
          <li>
            Write to us through <SupportReach /> and we will help you set limits, take a break or
            close your account.
          </li>
        </ul>
      </section>
    </article>
  );
}
