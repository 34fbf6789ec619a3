// The board: the live game over the room socket. Players roll and answer truck offers; anyone with
// the link watches (guests too). The Pixi canvas is loaded lazily by BoardStage, so this is the
// only route that ships it.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, redirect, useNavigate, useRevalidator } from 'react-router';
import { statementOf } from '../../../game/statement';
import { AccountPage } from '../components/account/account-page';
import { Banner, Progress } from '../components/account/banner';
import { requestBalanceRefresh } from '../components/account/live-balance';
import { authPath } from '../components/account/return-to';
import { useHydrated } from '../components/account/use-hydrated';
import { SiteHeader } from '../components/site-header';
import { BRAND } from '../content/brand';
import { DICE_ROLL_MS } from '../game/animation';
import { startGuestSession } from '../game/api';
import { BoardStage } from '../game/board-stage';
import {
  DicePanel,
  FairnessPanel,
  GameOverDialog,
  PlayersBar,
  PurchaseDialog,
} from '../game/board-panels';
import { describeLog, namesOf, secondsLeft, turnLabel } from '../game/format';
import { Announcer, GameLog } from '../game/game-log';
import { boardPath, DASHBOARD_PATH, HISTORY_PATH } from '../game/guards';
import { StatementTables } from '../game/statement-table';
import { useNow } from '../game/use-now';
import { useRoomSocket } from '../game/use-room-socket';
import accountStyles from '../styles/account.css?url';
import gameStyles from '../styles/game.css?url';
import type { Route } from './+types/board';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: gameStyles },
];

export const meta: Route.MetaFunction = () => [
  { title: `Game board · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
];

export function loader({ request, context, params }: Route.LoaderArgs) {
  const user = context.user;
  const url = new URL(request.url);
  if (!params.roomId) {
    // `/rentalgame/gameboard`: the player's current room, else the dashboard.
    if (!user) throw redirect(authPath(url.pathname));
    throw redirect(user.currentRoomId ? boardPath(user.currentRoomId) : DASHBOARD_PATH);
  }
  return { user, roomId: params.roomId, here: `${url.pathname}${url.search}` };
}

const NOT_YOUR_TURN = "It's not your turn to roll.";
const ROLL_IN_PROGRESS = 'Dice roll in progress. Please wait.';
const NOT_A_PLAYER = "You're not part of this room.";
const REDIRECT_SECONDS = 5;

export default function Board({ loaderData }: Route.ComponentProps) {
  const { user, roomId, here } = loaderData;
  if (!user) return <SignedOut here={here} />;
  return <GameScreen user={user} roomId={roomId} />;
}

/** Signed out: sign in to play, or watch as a guest (an anonymous session, spectating only). */
function SignedOut({ here }: { here: string }) {
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function watch() {
    setBusy(true);
    setError(null);
    const answer = await startGuestSession();
    if (answer.ok) {
      await revalidator.revalidate();
      return;
    }
    setBusy(false);
    setError(answer.error);
  }

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader user={null} />
      <main id="main" className="account container board-signed-out">
        <h1 className="account__title">Watch or play</h1>
        <p className="account__lead">
          Players sign in to play. Anyone with the link can watch the game live.
        </p>
        {error ? (
          <Banner tone="error" title={error}>
            <p>Check your connection and try again.</p>
          </Banner>
        ) : null}
        <div className="room-actions">
          <Link className="button" to={authPath(here)}>
            Sign in
          </Link>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void watch()}
            disabled={busy || !hydrated}
          >
            {busy ? 'Starting…' : 'Watch as guest'}
          </button>
        </div>
      </main>
    </>
  );
}

function GameScreen({
  user,
  roomId,
}: {
  user: NonNullable<Route.ComponentProps['loaderData']['user']>;
  roomId: string;
}) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const socket = useRoomSocket(roomId);
  const { view, logs, notice, connection, failure } = socket;
  const [message, setMessage] = useState<{ text: string; id: number } | null>(null);
  const [awaitingRoll, setAwaitingRoll] = useState(false);
  const [rollingUntil, setRollingUntil] = useState(0);
  const [purchaseBusy, setPurchaseBusy] = useState(false);
  const [purchaseMessage, setPurchaseMessage] = useState<string | null>(null);
  const [redirectAt, setRedirectAt] = useState<{ at: number; to: string; text: string } | null>(
    null,
  );
  const [gameOverAt, setGameOverAt] = useState<number | null>(null);
  const messageId = useRef(0);

  const seated = view?.joinedOrder.includes(user.id) ?? false;
  const names = useMemo(() => (view ? namesOf(view.participants) : {}), [view]);
  const lines = useMemo(() => describeLog(logs, names), [logs, names]);
  const ended = view?.status === 'ended' && view.result !== null;
  const now = useNow(Boolean(view) && view?.status !== 'waiting', 250);

  function say(text: string) {
    messageId.current += 1;
    setMessage({ text, id: messageId.current });
  }

  // A new roll arrived: our roll is answered, and the dice tumbles for a moment.
  const lastNonce = view?.lastRoll?.nonce ?? null;
  const seenNonce = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    if (seenNonce.current !== undefined && lastNonce !== seenNonce.current) {
      setRollingUntil(Date.now() + DICE_ROLL_MS);
      setAwaitingRoll(false);
    }
    seenNonce.current = lastNonce;
  }, [lastNonce]);

  // The room server's refusals, word for word.
  useEffect(() => {
    if (!notice) return;
    setAwaitingRoll(false);
    if (purchaseBusy) {
      setPurchaseBusy(false);
      setPurchaseMessage(notice.message);
      return;
    }
    if (notice.message === NOT_A_PLAYER) {
      setRedirectAt({
        at: Date.now() + REDIRECT_SECONDS * 1000,
        to: DASHBOARD_PATH,
        text: `${NOT_A_PLAYER} Redirecting in ${REDIRECT_SECONDS}s...`,
      });
      return;
    }
    say(notice.message);
    // Only a new notice matters here; purchaseBusy is read as it was when it arrived.
  }, [notice]);

  // The offer closed (bought, declined, rolled past): forget its message.
  const offerOpen = seated && view?.pendingPurchase === user.id && view.status === 'active';
  useEffect(() => {
    if (!offerOpen) {
      setPurchaseBusy(false);
      setPurchaseMessage(null);
    }
  }, [offerOpen, view?.participants[user.id]?.trucks]);

  // A closed room sends everyone to the dashboard after 5 seconds.
  const closed = view?.status === 'closed';
  useEffect(() => {
    if (closed) {
      setRedirectAt({
        at: Date.now() + REDIRECT_SECONDS * 1000,
        to: DASHBOARD_PATH,
        text: `Room is closed. Redirecting in ${REDIRECT_SECONDS}s...`,
      });
    }
  }, [closed]);

  // Game over: players see the popup for 5 seconds, then their history.
  useEffect(() => {
    if (!ended) return;
    requestBalanceRefresh();
    setGameOverAt((at) => at ?? Date.now());
  }, [ended]);

  const redirectNow = useNow(redirectAt !== null || gameOverAt !== null, 250);
  const gameOverSeconds =
    gameOverAt !== null && seated
      ? secondsLeft(gameOverAt + REDIRECT_SECONDS * 1000, redirectNow)
      : null;
  useEffect(() => {
    if (redirectAt && redirectNow >= redirectAt.at) void navigate(redirectAt.to);
  }, [redirectAt, redirectNow, navigate]);
  useEffect(() => {
    if (gameOverSeconds === 0) void navigate(`${HISTORY_PATH}?room=${encodeURIComponent(roomId)}`);
  }, [gameOverSeconds, navigate, roomId]);

  function roll() {
    if (!view) return;
    if (awaitingRoll || Date.now() < rollingUntil) return say(ROLL_IN_PROGRESS);
    if (view.turn.currentPlayer !== user.id) return say(NOT_YOUR_TURN);
    setMessage(null);
    if (socket.send({ type: 'roll' })) setAwaitingRoll(true);
    else say('Not connected. Reconnecting… press Roll again in a moment.');
  }

  function answerOffer(type: 'buyTruck' | 'declineTruck') {
    setPurchaseMessage(null);
    if (socket.send({ type })) setPurchaseBusy(type === 'buyTruck');
    else setPurchaseMessage('Not connected. Reconnecting… try again in a moment.');
  }

  const redirectSeconds = redirectAt ? secondsLeft(redirectAt.at, redirectNow) : null;
  const me = view?.participants[user.id];
  const announcement = message?.text ?? lines[lines.length - 1]?.text ?? '';

  return (
    <AccountPage user={user} className="board-page">
      <h1 className="visually-hidden">Game board</h1>
      {connection === 'reconnecting' ? (
        <p className="connection-status" role="status" data-testid="reconnecting">
          <span className="spinner" aria-hidden="true" /> Reconnecting…
        </p>
      ) : null}
      {redirectAt ? (
        <Banner
          tone="warning"
          title={redirectAt.text.replace(/\d+s\.\.\.$/, `${redirectSeconds}s...`)}
        >
          <p>
            <Link to={redirectAt.to}>Go to the dashboard now</Link>
          </p>
        </Banner>
      ) : null}
      {failure ? (
        <Banner tone="error" title={failure.status === 404 ? 'Invalid room ID.' : failure.message}>
          <p>
            Check the link, or go back to the <Link to={DASHBOARD_PATH}>dashboard</Link>.
          </p>
        </Banner>
      ) : !view ? (
        connection === 'failed' ? (
          <Banner
            tone="error"
            title="Failed to load game data. Please check your connection or room ID."
          >
            <p>
              <button
                type="button"
                className="link-button"
                onClick={() => window.location.reload()}
              >
                Reload
              </button>{' '}
              or go back to the <Link to={DASHBOARD_PATH}>dashboard</Link>.
            </p>
          </Banner>
        ) : (
          <Progress>{hydrated ? 'Connecting to the game…' : 'Loading the game…'}</Progress>
        )
      ) : (
        <>
          {!seated ? (
            <p className="spectator-note" data-testid="spectator-note">
              You are watching{user.isGuest ? ' as a guest' : ''}. {view.spectators}{' '}
              {view.spectators === 1 ? 'person is' : 'people are'} watching.
            </p>
          ) : null}
          {view.status === 'waiting' || view.status === 'countdown' ? (
            <Banner tone="info" title="The game has not started yet.">
              <p>
                {view.joinedOrder.length} / {view.maxPlayers} players.{' '}
                {seated ? (
                  <Link to={`/rentalgame/playerwaitingroom/${encodeURIComponent(roomId)}`}>
                    Back to the waiting room
                  </Link>
                ) : (
                  'The board comes alive at the first roll.'
                )}
              </p>
            </Banner>
          ) : null}
          <div className="board-layout">
            <div className="board-layout__main">
              <PlayersBar view={view} me={user.id} />
              <BoardStage view={view} />
              <DicePanel
                view={view}
                names={names}
                turnLabel={turnLabel(view.turn.currentPlayer, user.id, names)}
                now={now}
                onRoll={seated ? roll : null}
                message={message?.text ?? null}
              />
            </div>
            <div className="board-layout__side">
              <GameLog lines={lines} />
              <StatementTables
                title={ended ? 'Final statements' : 'Finance statements'}
                rows={view.joinedOrder.flatMap((uid) => {
                  const p = view.participants[uid];
                  if (!p) return [];
                  const statement = view.result?.statements[uid] ?? statementOf(p);
                  return [
                    {
                      uid,
                      name: p.name,
                      color: p.color,
                      statement,
                      balance: p.balance,
                      winner: view.result?.winners.includes(uid) ?? false,
                      you: uid === user.id,
                    },
                  ];
                })}
              />
              <FairnessPanel view={view} seated={seated} />
            </div>
          </div>
          <Announcer text={announcement} id={message?.id ?? lines.length} />
          <PurchaseDialog
            open={offerOpen && !ended}
            balance={me?.balance ?? 0}
            trucks={me?.trucks ?? 0}
            busy={purchaseBusy}
            message={purchaseMessage}
            onBuy={() => answerOffer('buyTruck')}
            onDecline={() => answerOffer('declineTruck')}
          />
          <GameOverDialog
            view={view}
            names={names}
            me={user.id}
            open={ended}
            secondsToGo={gameOverSeconds}
          />
        </>
      )}
    </AccountPage>
  );
}
