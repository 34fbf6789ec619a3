// A finished game's own page, `/rentalgame/gameresult/:roomId`: what "Share my win" links to. Public
// to whoever holds the link, like the game's card (contract section 8, "Sharing"): the podium by first
// names, the stake and the prize, when it ended, the card, and the ways in (practise free, play for
// real). Rendered on the server, no script. Nothing personal in it, so a visitor's copy may be kept
// by a cache; a signed-in person's (the header names them) never is. No page for a room that is
// unknown or not settled yet: the site's 404.
import { data, Link } from 'react-router';
import { formatDateTime } from '../components/account/dates';
import { SiteFooter } from '../components/site-footer';
import { SitePage } from '../components/site-page';
import { BRAND } from '../content/brand';
import { formatGameAmount } from '../game/format';
import { signUpPath } from '../components/account/return-to';
import { playerHex } from '../game/palette';
import { ordinal } from '../game/win-reason';
import { staticPage } from '../islands';
import accountStyles from '../styles/account.css?url';
import gameStyles from '../styles/game.css?url';
import { previewMeta } from '#site/shared/share.ts';
import type { Route } from './+types/game-result';
import { PATHS } from '#site/shared/paths.ts';

export const handle = staticPage;

/** A visitor's copy may sit in a shared cache a few minutes: a settled game never changes. */
const VISITOR_CACHE = 'public, max-age=300';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: gameStyles },
];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.game.title ?? 'Game over'} · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
  ...previewMeta(loaderData?.game.preview),
];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const game = await context.share.gameResult(params.roomId);
  if (!game) throw data(null, { status: 404 });
  const user = context.user;
  return data(
    { user, game, here: new URL(request.url).pathname },
    {
      // A signed-in person's page is already `no-store` (site/server/caching.ts); the same address
      // answers them with their own header, hence the Vary.
      headers: user ? { Vary: 'Cookie' } : { 'Cache-Control': VISITOR_CACHE, Vary: 'Cookie' },
    },
  );
}

export default function GameResult({ loaderData }: Route.ComponentProps) {
  const { user, game, here } = loaderData;
  const playForReal = user && !user.isGuest ? PATHS.dashboard : signUpPath(here);
  return (
    <>
      <SitePage user={user} className="game-result">
        <div className="game-result__words">
          <p className="eyebrow">Game over</p>
          <h1 className="account__title">{game.title}</h1>
          <p className="account__lead">{game.hook}.</p>
          <section className="invite__card" aria-labelledby="final-places">
            <h2 id="final-places" className="game-section__title">
              Final places
            </h2>
            <ol className="podium" data-testid="podium">
              {game.podium.map((p, i) => (
                <li key={i} className={`podium__row podium__row--${i + 1}`} data-place={i + 1}>
                  <span className="podium__place">{ordinal(i + 1)}</span>
                  <span
                    className="podium__avatar"
                    style={{ background: playerHex(p.color) }}
                    aria-hidden="true"
                  >
                    {p.name.charAt(0).toUpperCase()}
                  </span>
                  <span className="podium__who">
                    <span className="podium__name">
                      {p.name}
                      {p.winner ? <span className="tag tag--won">Winner</span> : null}
                    </span>
                    <span className="podium__why">Net profit {formatGameAmount(p.netProfit)}</span>
                  </span>
                </li>
              ))}
            </ol>
            <dl className="room-facts">
              <dt>Stake</dt>
              <dd>{game.stake ?? 'Free practice'}</dd>
              <dt>{game.prize === null ? 'Prize' : 'Prize to each winner'}</dt>
              <dd>{game.prize ?? 'None: a practice game'}</dd>
              <dt>Players</dt>
              <dd>{game.players}</dd>
              <dt>Ended</dt>
              <dd>{formatDateTime(game.endTime)}</dd>
            </dl>
          </section>
          <div className="room-actions">
            <Link className="button" to={PATHS.practice}>
              Practise free now
            </Link>
            <Link className="button button--ghost" to={playForReal}>
              Play for real
            </Link>
          </div>
          <p className="room-hint">
            Practice games are free, against bots, with the real board and rules.
          </p>
        </div>
        <img
          className="game-result__card"
          src={game.card}
          alt={`${game.title}: the final board`}
          width={1200}
          height={630}
        />
      </SitePage>
      <SiteFooter />
    </>
  );
}
