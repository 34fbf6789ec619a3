// The board: the live game over the room socket. Players roll and answer truck offers; anyone with
// the link watches (guests too). The Pixi canvas is loaded lazily by BoardStage, so this is the
// only route that ships it; its files are named in the page's first HTML (modulepreload, at low
// priority), so that a slow connection fetches them behind the page's own code rather than only
// once that code has run (decision 065). The board itself is in the first HTML: the loader asks the
// room server for the room as a spectator sees it (a short wait, else the board drawn empty) and the
// page draws it as SVG until the canvas takes over (game/first-paint/, decision 103).
import { useMachine } from '@xstate/react';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { Link, redirect, useNavigate, useRevalidator, useRouteLoaderData } from 'react-router';
import { isPracticeView } from '../../../game/bots';
import type { RoomView } from '../../../game/protocol';
import { statementOf } from '../../../game/statement';
import { AccountPage } from '../components/account/account-page';
import { Banner, Progress } from '../components/account/banner';
import { requestBalanceRefresh } from '../components/account/live-balance';
import { authPath } from '../components/account/return-to';
import { useHydrated } from '../components/account/use-hydrated';
import { RealityCheck } from '../components/responsible-play/reality-check';
import { SiteHeader } from '../components/site-header';
import { BRAND } from '../content/brand';
import { startGuestSession } from '../game/api';
import { boardMachine, hasOffer } from '../game/board-machine';
import { EarlyTicketScript } from '../game/early-ticket';
import { BoardStage } from '../game/board-stage';
import { BoardPreview } from '../game/first-paint/board-preview';
import { DicePanel, FairnessPanel, PlayersBar, PurchaseDialog } from '../game/board-panels';
import { GameOverDialog } from '../game/game-over';
import { describeLog, homesOf, namesOf, secondsLeft, turnLabel } from '../game/format';
import { Announcer, GameLog } from '../game/game-log';
import { TileLegend } from '../game/tile-legend-view';
import { boardPath, DASHBOARD_PATH } from '../game/guards';
import { PracticeGameOver, PracticeNote } from '../game/lesson-view';
import { StatementTables } from '../game/statement-table';
import { useNow } from '../game/use-now';
import {
  playTurnCue,
  SoundToggle,
  turnAnnouncement,
  useTurnSound,
  useTurnTitle,
} from '../game/turn-cues';
import { useRoomSocket } from '../game/use-room-socket';
import { lastRollEffect } from '../game/roll-effect';
import accountStyles from '../styles/account.css?url';
import gameStyles from '../styles/game.css?url';
import type { Route } from './+types/board';
import type { loader as RootLoader } from '../root';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: gameStyles },
];

export const meta: Route.MetaFunction = () => [
  { title: `Game board · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = context.user;
  const url = new URL(request.url);
  if (!params.roomId) {
    // `/rentalgame/gameboard`: the player's current room, else the dashboard.
    if (!user) throw redirect(authPath(url.pathname));
    throw redirect(user.currentRoomId ? boardPath(user.currentRoomId) : DASHBOARD_PATH);
  }
  return {
    user,
    roomId: params.roomId,
    here: `${url.pathname}${url.search}`,
    canvasFiles: context.boardCanvasFiles,
    firstView: await context.boardFirstView(params.roomId),
    renderedAt: Date.now(),
  };
}

export default function Board({ loaderData }: Route.ComponentProps) {
  const { user, roomId, here, canvasFiles, firstView, renderedAt } = loaderData;
  const nonce = useRouteLoaderData<typeof RootLoader>('root')?.nonce ?? undefined;
  if (!user) return <SignedOut here={here} firstView={firstView} renderedAt={renderedAt} />;
  return (
    <>
      <EarlyTicketScript roomId={roomId} nonce={nonce} />
      {canvasFiles.map((href) => (
        <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
      ))}
      <GameScreen user={user} roomId={roomId} firstView={firstView} renderedAt={renderedAt} />
    </>
  );
}

/** Signed out: sign in to play, or watch as a guest (an anonymous session, spectating only). */
function SignedOut({
  here,
  firstView,
  renderedAt,
}: {
  here: string;
  firstView: RoomView | null;
  renderedAt: number;
}) {
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
        <BoardPreview view={firstView} renderedAt={renderedAt} />
      </main>
    </>
  );
}

function GameScreen({
  user,
  roomId,
  firstView,
  renderedAt,
}: {
  user: NonNullable<Route.ComponentProps['loaderData']['user']>;
  roomId: string;
  /** The room as the page's server render saw it: shown until the socket's first state. */
  firstView: RoomView | null;
  renderedAt: number;
}) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [board, tell, boardActor] = useMachine(boardMachine, { input: { me: user.id } });
  const socket = useRoomSocket(roomId, tell);
  const { logs, message, purchaseMessage, redirect, failure, offline, resultShown } = board.context;
  const view = board.context.view ?? firstView;
  const sound = useTurnSound();
  const [turnCall, setTurnCall] = useState<{ text: string; id: number } | null>(null);
  const onTurn = useEffectEvent((deadline: number | null) => {
    playTurnCue(sound.muted);
    const seconds = deadline === null ? null : secondsLeft(deadline, Date.now());
    setTurnCall((before) => ({ text: turnAnnouncement(seconds), id: (before?.id ?? 0) + 1 }));
  });

  // What the machine asks for: its intents go out on the socket; the turn cues play; a finished
  // game moved money.
  const sendOnSocket = socket.send;
  useEffect(() => {
    const sending = boardActor.on('send', ({ message: intent }) => {
      if (!sendOnSocket(intent)) boardActor.send({ type: 'send.failed', message: intent });
    });
    const turn = boardActor.on('yourTurn', ({ deadline }) => onTurn(deadline));
    const over = boardActor.on('gameOver', () => requestBalanceRefresh());
    return () => {
      sending.unsubscribe();
      turn.unsubscribe();
      over.unsubscribe();
    };
  }, [boardActor, sendOnSocket]);

  const seated = view?.joinedOrder.includes(user.id) ?? false;
  const names = useMemo(() => (view ? namesOf(view.participants) : {}), [view]);
  const homes = useMemo(() => (view ? homesOf(view.participants) : {}), [view]);
  const lines = useMemo(() => describeLog(logs, names, homes), [logs, names, homes]);
  const effect = useMemo(
    () => lastRollEffect(logs, names, user.id, homes),
    [logs, names, user.id, homes],
  );
  const ended = board.matches('over');
  const reconnecting = board.matches('reconnecting') || board.matches({ over: 'reconnecting' });
  const rollEnabled = board.matches({ connected: { dice: 'yourTurn' } });
  // While a roll's dice still tumbles, the turn line stays with the one who rolled.
  const turnOf =
    board.matches({ connected: { dice: 'animating' } }) && view?.lastRoll
      ? view.lastRoll.player
      : (view?.turn.currentPlayer ?? null);
  useTurnTitle(rollEnabled);
  const ticking = useNow(Boolean(view) && view?.status !== 'waiting', 250);
  // The first client render shows the server's clocks, so it matches the HTML.
  const now = hydrated ? ticking : renderedAt;

  // A closed room, or a room that does not seat this person, sends them to the dashboard after
  // REDIRECT_MS. Game over stays on the board.
  const redirectNow = useNow(redirect !== null, 250);
  useEffect(() => {
    if (redirect && redirectNow >= redirect.at) void navigate(DASHBOARD_PATH);
  }, [redirect, redirectNow, navigate]);

  const redirectSeconds = redirect ? secondsLeft(redirect.at, redirectNow) : null;
  const me = view?.participants[user.id];
  const announcement = message?.text ?? lines[lines.length - 1]?.text ?? '';
  // The viewer watches too: the first HTML's view was taken before their socket was counted.
  const watchers = Math.max(view?.spectators ?? 0, 1);
  const liveGame = seated && (view?.status === 'active' || view?.status === 'countdown') && !ended;

  return (
    <AccountPage user={user} className="board-page" confirmLeave={liveGame}>
      <h1 className="visually-hidden">Game board</h1>
      <RealityCheck active={seated && !ended} />
      {view && isPracticeView(view) ? <PracticeNote /> : null}
      {reconnecting ? (
        <p className="connection-status" role="status" data-testid="reconnecting">
          <span className="spinner" aria-hidden="true" />{' '}
          {offline ? 'You are offline. Reconnecting when the network is back…' : 'Reconnecting…'}
        </p>
      ) : null}
      {redirect ? (
        <Banner tone="warning" title={`${redirect.reason} Redirecting in ${redirectSeconds}s...`}>
          <p>
            <Link to={DASHBOARD_PATH}>Go to the dashboard now</Link>
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
        board.matches('failed') ? (
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
          <>
            <Progress>{hydrated ? 'Connecting to the game…' : 'Loading the game…'}</Progress>
            <BoardStage view={null} renderedAt={renderedAt} me={user.id} />
          </>
        )
      ) : (
        <>
          {!seated ? (
            <p className="spectator-note" data-testid="spectator-note">
              You are watching{user.isGuest ? ' as a guest' : ''}. {watchers}{' '}
              {watchers === 1 ? 'person is' : 'people are'} watching.
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
              <PlayersBar view={view} me={user.id} effect={effect} />
              {effect ? (
                <p key={effect.nonce} className="roll-effect" aria-hidden="true">
                  {effect.text}
                </p>
              ) : null}
              <BoardStage view={view} renderedAt={renderedAt} me={user.id} />
              <DicePanel
                view={view}
                names={names}
                turnLabel={turnLabel(turnOf, user.id, names)}
                now={now}
                onRoll={seated ? () => tell({ type: 'roll' }) : null}
                rollEnabled={rollEnabled}
                connected={!reconnecting}
                message={message?.text ?? null}
                extra={seated ? <SoundToggle muted={sound.muted} onToggle={sound.toggle} /> : null}
              />
            </div>
            <div className="board-layout__side">
              <GameLog lines={lines} />
              <TileLegend view={view} />
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
          <p className="visually-hidden" aria-live="assertive" data-testid="turn-call">
            <span key={turnCall?.id ?? 0}>{turnCall?.text ?? ''}</span>
          </p>
          <PurchaseDialog
            open={hasOffer(view, user.id) && !ended}
            balance={me?.balance ?? 0}
            trucks={me?.trucks ?? 0}
            busy={board.matches({ connected: { offer: 'buying' } })}
            secondsToDecide={
              view.turn.deadline === null ? null : secondsLeft(view.turn.deadline, now)
            }
            message={purchaseMessage}
            onBuy={() => tell({ type: 'buy' })}
            onDecline={() => tell({ type: 'decline' })}
          />
          {ended && !resultShown ? (
            <p className="game-over__again">
              <button
                type="button"
                className="button"
                onClick={() => tell({ type: 'result.show' })}
              >
                Show the result
              </button>
            </p>
          ) : null}
          <PracticeGameOver
            view={view}
            me={user.id}
            isGuest={user.isGuest}
            open={ended && resultShown}
          />
          <GameOverDialog
            view={view}
            names={names}
            me={user.id}
            open={ended && resultShown && !isPracticeView(view)}
            onHide={() => tell({ type: 'result.hide' })}
          />
        </>
      )}
    </AccountPage>
  );
}
