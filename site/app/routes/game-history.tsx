// Game history: every finished game, newest first (players, result, prize, pot), each with its
// final statements and "Verify the dice", which recomputes every roll in the browser from the
// revealed server seed with game/dice.ts.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { GetHelpLink } from '../components/account/get-help-link';
import { AccountPage } from '../components/account/account-page';
import { Banner, Progress } from '../components/account/banner';
import { formatDateTime } from '../components/account/dates';
import { formatZmw } from '../components/account/money';
import { BRAND } from '../content/brand';
import { getGame, listGames, type FinishedGame, type HistoryEntry } from '../game/api';
import { CHALLENGE_PATH, CREATE_PATH, requireUser } from '../game/guards';
import { AfterPractice, LessonList, PracticeMark } from '../game/lesson-view';
import { balanceChange } from '../game/money';
import { StatementTables } from '../game/statement-table';
import { verifyDice } from '../game/verify-dice';
import accountStyles from '../styles/account.css?url';
import gameStyles from '../styles/game.css?url';
import type { Route } from './+types/game-history';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: gameStyles },
];

export const meta: Route.MetaFunction = () => [
  { title: `Game history · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
];

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context.user);
  const params = new URL(request.url).searchParams;
  const roomIdOf = (value: string | null) =>
    value && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
  // `verify`: open that game's dice check; `room`: the game just played, maybe still settling.
  return { user, verify: roomIdOf(params.get('verify')), latest: roomIdOf(params.get('room')) };
}

const SETTLE_POLL_MS = 1_500;
const SETTLE_ATTEMPTS = 40;

const RESULT_WORDS: Record<HistoryEntry['result'], string> = {
  won: 'Won',
  lost: 'Lost',
  tied: 'Tied',
};

export default function GameHistory({ loaderData }: Route.ComponentProps) {
  const { user, verify, latest } = loaderData;
  const [games, setGames] = useState<HistoryEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    void listGames().then((answer) => {
      if (cancelled) return;
      setError(answer.ok ? null : answer.error);
      if (answer.ok) setGames(answer.data.games);
    });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  // The game just played is paid out a moment after it ends: look again until it is listed.
  const settling = latest !== null && games !== null && !games.some((g) => g.roomId === latest);
  useEffect(() => {
    if (!settling || attempt >= SETTLE_ATTEMPTS) return;
    const timer = window.setTimeout(() => setAttempt((n) => n + 1), SETTLE_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [settling, attempt]);

  return (
    <AccountPage user={user} className="game-history">
      <p className="account__back">
        <Link to="/rentalgame/dashboard">← Dashboard</Link>
      </p>
      <h1 className="account__title">Game history</h1>
      <p className="account__lead">
        Your finished games, newest first. Open one to see the final statements and check every dice
        roll yourself.
      </p>
      {settling && !error ? (
        <Progress>
          {attempt < SETTLE_ATTEMPTS
            ? 'Paying out your last game… it appears here in a moment.'
            : 'Your last game is still being paid out. Reload this page in a minute.'}
        </Progress>
      ) : null}
      {error ? (
        <Banner tone="error" title={error}>
          <p>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setError(null);
                setAttempt((n) => n + 1);
              }}
            >
              Try again
            </button>{' '}
            in a moment.
          </p>
        </Banner>
      ) : games === null ? (
        <Progress>Loading your games…</Progress>
      ) : games.length === 0 ? (
        <div className="empty">
          <p className="empty__title">No finished games yet.</p>
          <p>
            <Link to={CREATE_PATH}>Create a game</Link> or{' '}
            <Link to="/rentalgame/joinrandomroom">join a room</Link>; it appears here when it ends.
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
              startOpen={game.roomId === verify || game.roomId === latest}
            />
          ))}
        </ol>
      )}
    </AccountPage>
  );
}

function HistoryItem({
  game,
  me,
  isGuest,
  startOpen,
}: {
  game: HistoryEntry;
  me: string;
  isGuest: boolean;
  startOpen: boolean;
}) {
  const [open, setOpen] = useState(startOpen);
  const stake = game.players.length > 0 ? game.totalPot / game.players.length : 0;
  const change = balanceChange(game.prize, stake);
  return (
    <li className="history-item" data-room-id={game.roomId}>
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
      <button
        type="button"
        className="button button--small button--ghost"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide details' : 'Lesson, statements and dice check'}
      </button>
      {open ? <GameDetails roomId={game.roomId} me={me} /> : null}
      <GetHelpLink topic="game" reference={game.roomId} />
      {open && game.practice ? <AfterPractice isGuest={isGuest} /> : null}
    </li>
  );
}

function GameDetails({ roomId, me }: { roomId: string; me: string }) {
  const [game, setGame] = useState<FinishedGame | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    void getGame(roomId).then((answer) => {
      if (cancelled) return;
      if (answer.ok) setGame(answer.data.game);
      else setError(answer.error);
    });
    return () => {
      cancelled = true;
    };
  }, [roomId]);

  if (error) {
    return (
      <Banner tone="error" title={error}>
        <p>Close and open the details again in a moment.</p>
      </Banner>
    );
  }
  if (!game) return <Progress>Loading the game…</Progress>;
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

function DiceCheck({ game }: { game: FinishedGame }) {
  const [result, setResult] = useState<ReturnType<typeof verifyDice> | null>(null);
  const names = Object.fromEntries(
    Object.entries(game.participants).map(([uid, p]) => [uid, p.name]),
  );
  const { serverSeed } = game.fairness;
  if (serverSeed === null) return <SealedChallengeSeed game={game} />;
  return (
    <section className="dice-check" aria-labelledby={`verify-${game.roomId}`}>
      <h3 id={`verify-${game.roomId}`}>Verify the dice</h3>
      <dl className="fairness__list">
        <div>
          <dt>Server seed (revealed)</dt>
          <dd className="mono">{game.fairness.serverSeed}</dd>
        </div>
        <div>
          <dt>Published hash</dt>
          <dd className="mono">{game.fairness.serverSeedHash}</dd>
        </div>
        <div>
          <dt>Client seed</dt>
          <dd className="mono">{game.fairness.clientSeed || '—'}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="button button--small"
        onClick={() => setResult(verifyDice({ ...game.fairness, serverSeed }, game.logs))}
      >
        Verify the dice
      </button>
      {result ? (
        <div aria-live="polite">
          <p
            className={result.allOk ? 'verify verify--ok' : 'verify verify--bad'}
            data-testid="verify-summary"
          >
            {result.allOk
              ? `✔ All ${result.rolls.length} rolls match the seed, and the seed matches its published hash.`
              : `✘ ${result.hashMatches ? '' : 'The seed does not match its published hash. '}${result.rolls.filter((r) => !r.ok).length} of ${result.rolls.length} rolls do not match.`}
          </p>
          <div className="verify-table__scroll">
            <table className="verify-table">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Player</th>
                  <th scope="col">Logged</th>
                  <th scope="col">From seed</th>
                  <th scope="col">
                    <span className="visually-hidden">Check</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.rolls.map((roll) => (
                  <tr key={roll.nonce}>
                    <td>{roll.nonce}</td>
                    <td>
                      {names[roll.player] ?? 'Player'}
                      {roll.auto ? ' (auto)' : ''}
                    </td>
                    <td>{roll.logged}</td>
                    <td>{roll.computed}</td>
                    <td aria-label={roll.ok ? 'matches' : 'does not match'}>
                      {roll.ok ? '✔' : '✘'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
    </section>
  );
}

/** A daily challenge's seed is the whole day's: it is revealed the next day, not at game over. */
function SealedChallengeSeed({ game }: { game: FinishedGame }) {
  return (
    <section className="dice-check" data-testid="sealed-seed">
      <h3>Verify the dice</h3>
      <p>
        This was the daily challenge of {game.dailyChallenge}: everyone rolls the same dice that
        day, so its seed stays secret until{' '}
        {game.seedRevealAt ? formatDateTime(game.seedRevealAt) : 'the next day'}. Come back then to
        check every roll; the <Link to={CHALLENGE_PATH}>daily challenge</Link> page shows each
        revealed seed.
      </p>
    </section>
  );
}
