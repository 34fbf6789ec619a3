// Game history: every finished game, newest first (players, result, prize, pot), rendered on the
// server. One game at a time opens (`?game=<roomId>`, or the game just played, `?room=`) with its
// lesson, final statements and "Verify the dice", which recomputes every roll in the browser (a
// script island) from the revealed server seed with game/dice.ts.
import type { HistoryEntry } from '#site/server/rooms/games.ts';
import type { FinishedGame } from '#site/server/rooms/settlement-record.ts';
import { Link } from 'react-router';
import { GetHelpLink } from '../components/account/get-help-link';
import { AccountPage } from '../components/account/account-page';
import { Banner, Progress } from '../components/account/banner';
import { formatDateTime } from '../components/account/dates';
import { formatZmw } from '#game/ngwee.ts';
import { DiceCheck } from '../components/game-history/dice-check';
import { SETTLING_ATTRIBUTE, settlingGameScript } from '../components/game-history/settling-game';
import { useIslandScript } from '../components/island';
import { BRAND } from '../content/brand';
import { requireUser } from '../game/guards';
import { AfterPractice, LessonList, PracticeMark } from '../game/lesson-view';
import { balanceChange } from '../game/money';
import { StatementTables } from '../game/statement-table';
import { staticPage } from '../islands';
import accountStyles from '../styles/account.css?url';
import gameStyles from '../styles/game.css?url';
import type { Route } from './+types/game-history';
import { PATHS } from '#site/shared/paths.ts';

export const handle = staticPage;

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: gameStyles },
];

export const meta: Route.MetaFunction = () => [
  { title: `Game history · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
];

const ROOM_ID = /^[A-Za-z0-9_-]{1,64}$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context.user);
  const params = new URL(request.url).searchParams;
  const roomIdOf = (value: string | null) => (value && ROOM_ID.test(value) ? value : null);
  // `room`: the game just played, maybe still being paid out; `game` (or `verify`): one to open.
  const latest = roomIdOf(params.get('room'));
  const open = roomIdOf(params.get('game')) ?? roomIdOf(params.get('verify')) ?? latest;
  const { games } = context.services;
  const [list, details] = await Promise.all([
    games.history(),
    open ? games.game(open) : Promise.resolve(null),
  ]);
  return {
    user,
    games: list.ok ? list.games : null,
    error: list.ok ? null : list.error,
    latest,
    open: details?.ok ? details.game : null,
    openError: details && !details.ok ? { roomId: open, error: details.error } : null,
  };
}

const RESULT_WORDS: Record<HistoryEntry['result'], string> = {
  won: 'Won',
  lost: 'Lost',
  tied: 'Tied',
};

export default function GameHistory({ loaderData }: Route.ComponentProps) {
  const { user, games, error, latest, open, openError } = loaderData;
  const settling = latest !== null && games !== null && !games.some((g) => g.roomId === latest);

  return (
    <AccountPage user={user} className="game-history">
      <p className="account__back">
        <Link to={PATHS.dashboard}>← Dashboard</Link>
      </p>
      <h1 className="account__title">Game history</h1>
      <p className="account__lead">
        Your finished games, newest first. Open one to see the final statements and check every dice
        roll yourself.
      </p>
      {settling ? <Settling roomId={latest} /> : null}
      {error ? (
        <Banner tone="error" title={error}>
          <p>
            <Link to={PATHS.gameHistory}>Try again</Link> in a moment.
          </p>
        </Banner>
      ) : games === null ? null : games.length === 0 ? (
        <div className="empty">
          <p className="empty__title">No finished games yet.</p>
          <p>
            <Link to={PATHS.createGame}>Create a game</Link> or{' '}
            <Link to={PATHS.joinRandom}>join a room</Link>; it appears here when it ends.
          </p>
        </div>
      ) : (
        <ol className="history-list" data-testid="game-history">
          {games.map((game) => (
            <HistoryItem
              key={game.roomId}
              game={game}
              me={user.id}
              isGuest={user.isGuest}
              details={open?.roomId === game.roomId ? open : null}
              detailsError={openError?.roomId === game.roomId ? openError.error : null}
            />
          ))}
        </ol>
      )}
    </AccountPage>
  );
}

/** The game just played is not listed yet: it is being paid out (a script island reloads). */
function Settling({ roomId }: { roomId: string }) {
  useIslandScript(settlingGameScript);
  return (
    <div {...{ [SETTLING_ATTRIBUTE]: roomId }}>
      <Progress>Paying out your last game… it appears here in a moment.</Progress>
      <p className="field__hint">
        If it does not, <Link to={`${PATHS.gameHistory}?room=${roomId}`}>reload this page</Link> in
        a minute.
      </p>
    </div>
  );
}

function HistoryItem({
  game,
  me,
  isGuest,
  details,
  detailsError,
}: {
  game: HistoryEntry;
  me: string;
  isGuest: boolean;
  details: FinishedGame | null;
  detailsError: string | null;
}) {
  const stake = game.players.length > 0 ? game.totalPot / game.players.length : 0;
  const change = balanceChange(game.prize, stake);
  const open = details !== null || detailsError !== null;
  const anchor = `game-${game.roomId}`;
  return (
    <li className="history-item" data-room-id={game.roomId} id={anchor}>
      <div className="history-item__head">
        <span className={`tag tag--${game.result}`} data-testid="history-result">
          {RESULT_WORDS[game.result]}
        </span>
        {game.practice ? <PracticeMark /> : null}
        <span className="history-item__when">{formatDateTime(game.endTime)}</span>
      </div>
      <p className="history-item__players">
        {game.players.map((p) => (p.uid === me ? `${p.name} (you)` : p.name)).join(' · ')}
      </p>
      <dl className="room-facts">
        <div>
          <dt>Prize</dt>
          <dd data-testid="history-prize">{formatZmw(game.prize)}</dd>
        </div>
        <div>
          <dt>Pot</dt>
          <dd>{formatZmw(game.totalPot)}</dd>
        </div>
        <div>
          <dt>Your stake</dt>
          <dd>{formatZmw(stake)}</dd>
        </div>
        <div>
          <dt>Balance change</dt>
          <dd data-testid="history-change">
            {change > 0 ? '+' : ''}
            {formatZmw(change)}
          </dd>
        </div>
      </dl>
      <Link
        className="button button--small button--ghost"
        aria-expanded={open}
        to={
          open
            ? `${PATHS.gameHistory}#${anchor}`
            : `${PATHS.gameHistory}?game=${encodeURIComponent(game.roomId)}#${anchor}`
        }
      >
        {open ? 'Hide details' : 'Lesson, statements and dice check'}
      </Link>
      {detailsError ? (
        <Banner tone="error" title={detailsError}>
          <p>Open the details again in a moment.</p>
        </Banner>
      ) : null}
      {details ? <GameDetails game={details} me={me} /> : null}
      <GetHelpLink topic="game" reference={game.roomId} />
      {open && game.practice ? <AfterPractice isGuest={isGuest} /> : null}
    </li>
  );
}

function GameDetails({ game, me }: { game: FinishedGame; me: string }) {
  return (
    <div className="history-details">
      <LessonList points={game.lessons?.[me]} />
      <StatementTables
        title="Final statements"
        rows={game.joinedOrder.flatMap((uid) => {
          const statement = game.statements[uid];
          if (!statement) return [];
          return [
            {
              uid,
              name: game.participants[uid]?.name ?? 'Player',
              color: null,
              statement,
              winner: game.winners.includes(uid),
              you: uid === me,
            },
          ];
        })}
      />
      <DiceCheck game={game} />
    </div>
  );
}
