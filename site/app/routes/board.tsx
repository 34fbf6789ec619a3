// The board: the live game over the room socket. Players roll and answer truck offers; anyone with
// the link watches (guests too). The Pixi canvas is loaded lazily by BoardStage, so this is the
// only route that ships it; its files are named in the page's first HTML (modulepreload, at low
// priority), so that a slow connection fetches them behind the page's own code rather than only
// once that code has run (decision 065). The board itself is in the first HTML: the loader asks the
// room server for the room as a spectator sees it (a short wait, else the board drawn empty) and the
// page draws it as SVG until the canvas takes over (game/first-paint/, decision 103).
import { useMachine } from '@xstate/react';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { Link, redirect, useNavigate, useRevalidator, useRouteLoaderData } from 'react-router';
import { isPracticeView } from '#game/bots.ts';
import type { RoomView } from '#game/protocol.ts';
import { statementOf } from '#game/statement.ts';
import { AccountPage } from '../components/account/account-page';
import { Banner, Progress } from '../components/account/banner';
import { requestBalanceRefresh } from '../components/account/live-balance';
import { authPath } from '../components/account/return-to';
import { useHydrated } from '../components/account/use-hydrated';
import { RealityCheck } from '../components/responsible-play/reality-check';
import { SiteHeader } from '../components/site-header';
import { BRAND } from '../content/brand';
import { startGuestSession } from '../game/api';
import { AwayList } from '../game/away-list';
import { hasOffer, isMyTurn } from '../game/board-context';
import { boardMachine } from '../game/board-machine';
import { EarlyTicketScript } from '../game/early-ticket';
import { BoardStage } from '../game/board-stage';
import { BoardPreview } from '../game/first-paint/board-preview';
import { DicePanel, FairnessPanel, PlayersBar, TruckOffer } from '../game/board-panels';
import { GameOverDialog } from '../game/game-over';
import { describeLog, homesOf, namesOf, secondsLeft, turnLabel } from '../game/format';
import { Announcer, GameLog } from '../game/game-log';
import { TileLegend } from '../game/tile-legend-view';
import { boardPath, DASHBOARD_PATH } from '../game/guards';
import { PracticeGameOver, PracticeNote } from '../game/lesson-view';
import { playerHex } from '../game/palette';
import { playing } from '../game/reveal-queue';
import { dieOf, driveOf, shownView } from '../game/shown-view';
import { soundBoard } from '../game/sound';
import { gameOverSounds, VIBRATION } from '../game/sound-plan';
import { StatementTables, type StatementRow } from '../game/statement-table';
import { useNow } from '../game/use-now';
import {
  playTurnCue,
  SoundToggle,
  turnAnnouncement,
  useSoundSwitch,
  useTurnTitle,
  useUrgency,
} from '../game/turn-cues';
import { useMotionDirector } from '../game/use-motion-director';
import { RELOAD_STATUS, useRoomSocket } from '../game/use-room-socket';
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

/** Marks the board address the guest step sent a browser to (so it is taken once per visit). */
const GUEST_STEP_PARAM = 'watching';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = context.user;
  const url = new URL(request.url);
  if (!params.roomId) {
    // `/rentalgame/gameboard`: the player's current room, else the dashboard.
    if (!user) throw redirect(authPath(url.pathname));
    throw redirect(user.currentRoomId ? boardPath(user.currentRoomId) : DASHBOARD_PATH);
  }
  let guestRefusal: string | null = null;
  // A shared link opened signed out lands on the board watching: the server starts a guest
  // session on this GET and sends the browser back with it. Back here still signed out (a browser
  // that keeps no cookie), the page offers the choice instead of starting another.
  if (!user && request.method === 'GET' && !url.searchParams.has(GUEST_STEP_PARAM)) {
    const guest = await context.services.rooms.watchAsGuest(params.roomId);
    if (guest.ok && guest.headers) {
      url.searchParams.set(GUEST_STEP_PARAM, '1');
      throw redirect(`${url.pathname}${url.search}`, { headers: guest.headers });
    }
    if (!guest.ok && guest.status === 429) guestRefusal = guest.error;
  }
  return {
    user,
    roomId: params.roomId,
    guestRefusal,
    here: `${url.pathname}${url.search}`,
    canvasFiles: context.boardCanvasFiles,
    firstView: await context.boardFirstView(params.roomId),
    renderedAt: Date.now(),
  };
}

export default function Board({ loaderData }: Route.ComponentProps) {
  const { user, roomId, guestRefusal, here, canvasFiles, firstView, renderedAt } = loaderData;
  const nonce = useRouteLoaderData<typeof RootLoader>('root')?.nonce ?? undefined;
  useEffect(() => {
    // The guest step's mark leaves the address bar, so that the link copied from it is the room's.
    const url = new URL(window.location.href);
    if (!url.searchParams.has(GUEST_STEP_PARAM)) return;
    url.searchParams.delete(GUEST_STEP_PARAM);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`);
  }, []);
  if (!user) {
    return (
      <SignedOut here={here} firstView={firstView} renderedAt={renderedAt} refusal={guestRefusal} />
    );
  }
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

/**
 * Signed out, when the guest step could not be taken (no such room, the address's guest visits
 * spent, a browser that keeps no cookie): sign in to play, or watch as a guest.
 */
function SignedOut({
  here,
  firstView,
  renderedAt,
  refusal,
}: {
  here: string;
  firstView: RoomView | null;
  renderedAt: number;
  /** Why no guest session was started for this visit (the guest visits' rate limit). */
  refusal: string | null;
}) {
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(refusal);
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

/** Loads the page again: new code, a fresh ticket and the whole state. */
function ReloadButton() {
  return (
    <button type="button" className="link-button" onClick={() => window.location.reload()}>
      Reload
    </button>
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
  const { logs, message, purchaseMessage, redirect, failure, offline, resultShown, motion, away } =
    board.context;
  // Until the socket's first state, the room as the page's server render saw it.
  const view = board.context.view ?? firstView;
  useMotionDirector(motion, boardActor);
  const sound = useSoundSwitch();
  const [turnCall, setTurnCall] = useState<{ text: string; id: number } | null>(null);
  const onTurn = useEffectEvent((deadline: number | null) => {
    playTurnCue();
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

  // The board draws the room as far as it has been revealed; the live view decides the rest.
  const shown = useMemo(() => (view ? shownView(view, motion) : null), [view, motion]);
  const playingStep = useMemo(() => playing(motion), [motion]);
  const die = useMemo(
    () => (view ? dieOf(view, motion) : { face: null, nonce: null, tumble: null }),
    [view, motion],
  );
  const drive = useMemo(() => driveOf(motion), [motion]);
  const seated = view?.joinedOrder.includes(user.id) ?? false;
  const names = useMemo(() => (view ? namesOf(view.participants) : {}), [view]);
  const homes = useMemo(() => (view ? homesOf(view.participants) : {}), [view]);
  const lines = useMemo(() => describeLog(logs, names, homes), [logs, names, homes]);
  const ended = board.matches('over');
  const caughtUp = motion.reveals.length === 0;
  const reconnecting = board.matches('reconnecting') || board.matches({ over: 'reconnecting' });
  const rollEnabled = board.matches({ connected: { dice: 'yourTurn' } });
  useTurnTitle(rollEnabled);
  const ticking = useNow(Boolean(view) && view?.status !== 'waiting', 250);
  // The first client render shows the server's clocks, so it matches the HTML.
  const now = hydrated ? ticking : renderedAt;
  const deadline = shown?.status === 'active' ? (shown.turn.deadline ?? null) : null;
  const secondsOfTurn = deadline === null ? null : secondsLeft(deadline, now);
  useUrgency(rollEnabled ? secondsOfTurn : null);

  // A closed room, or a room that does not seat this person, sends them to the dashboard after
  // REDIRECT_MS. Game over stays on the board.
  const redirectNow = useNow(redirect !== null, 250);
  useEffect(() => {
    if (redirect && redirectNow >= redirect.at) void navigate(DASHBOARD_PATH);
  }, [redirect, redirectNow, navigate]);

  // The result opens once the board has shown the last roll: a fanfare for the winner.
  const resultOpen = ended && resultShown && caughtUp;
  const iWon = view?.result?.winners.includes(user.id) ?? false;
  const heard = useRef(false);
  useEffect(() => {
    if (!resultOpen || heard.current || !seated) return;
    heard.current = true;
    soundBoard.play(gameOverSounds(iWon));
    if (iWon) soundBoard.vibrate(VIBRATION.win);
  }, [resultOpen, iWon, seated]);

  const redirectSeconds = redirect ? secondsLeft(redirect.at, redirectNow) : null;
  const me = shown?.participants[user.id];
  const announcement = message?.text ?? motion.line?.text ?? '';
  const announcementId = message ? `m${message.id}` : (motion.line?.id ?? '');
  // The viewer watches too: the first HTML's view was taken before their socket was counted.
  const watchers = Math.max(view?.spectators ?? 0, 1);
  const liveGame = seated && (view?.status === 'active' || view?.status === 'countdown') && !ended;
  const statementRows: StatementRow[] = shown
    ? shown.joinedOrder.flatMap((uid) => {
        const p = shown.participants[uid];
        if (!p) return [];
        const statement = shown.result?.statements[uid] ?? statementOf(p);
        return [
          {
            uid,
            name: p.name,
            color: p.color,
            statement,
            balance: p.balance,
            winner: shown.result?.winners.includes(uid) ?? false,
            you: uid === user.id,
          },
        ];
      })
    : [];

  return (
    <AccountPage user={user} className="board-page" confirmLeave={liveGame}>
      <h1 className="visually-hidden">Game board</h1>
      <RealityCheck active={seated && !ended} />
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
        <Banner
          // A new release is good news, not a fault: it asks for a reload, without alarm.
          tone={failure.status === RELOAD_STATUS ? 'warning' : 'error'}
          title={failure.status === 404 ? 'Invalid room ID.' : failure.message}
        >
          {failure.status === RELOAD_STATUS ? (
            <p>
              <ReloadButton /> to play on: your seat and your game are kept.
            </p>
          ) : (
            <p>
              Check the link, or go back to the <Link to={DASHBOARD_PATH}>dashboard</Link>.
            </p>
          )}
        </Banner>
      ) : !view ? (
        board.matches('failed') ? (
          <Banner
            tone="error"
            title="Failed to load game data. Please check your connection or room ID."
          >
            <p>
              <ReloadButton /> or go back to the <Link to={DASHBOARD_PATH}>dashboard</Link>.
            </p>
          </Banner>
        ) : (
          <>
            <Progress>{hydrated ? 'Connecting to the game…' : 'Loading the game…'}</Progress>
            <BoardPreview view={null} renderedAt={renderedAt} />
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
          {away && away.entries.length > 0 && !reconnecting ? (
            <AwayList
              entries={away.entries}
              names={names}
              homes={homes}
              onDismiss={() => tell({ type: 'away.dismiss' })}
            />
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
          {shown ? (
            <div className="board-layout">
              <div className="board-layout__main">
                {isPracticeView(shown) ? <PracticeNote short /> : null}
                <PlayersBar
                  view={shown}
                  me={user.id}
                  clock={deadline === null ? null : { left: deadline - now, total: motion.turnMs }}
                />
                <BoardStage
                  view={shown}
                  renderedAt={renderedAt}
                  drive={drive}
                  playing={playingStep}
                  die={die}
                  line={motion.line}
                  me={user.id}
                />
                <DicePanel
                  view={shown}
                  me={user.id}
                  names={names}
                  turnLabel={turnLabel(shown.turn.currentPlayer, user.id, names)}
                  now={now}
                  secondsLeft={secondsOfTurn}
                  onRoll={seated ? () => tell({ type: 'roll' }) : null}
                  rollEnabled={rollEnabled}
                  connected={!reconnecting}
                  message={message?.text ?? null}
                  extra={
                    seated ? <SoundToggle muted={sound.muted} onToggle={sound.toggle} /> : null
                  }
                />
              </div>
              <div className="board-layout__side">
                <GameLog lines={lines} />
                <TileLegend view={shown} />
                <StatementTables
                  title={ended && caughtUp ? 'Final statements' : 'Finance statements'}
                  rows={statementRows}
                />
                <FairnessPanel view={view} seated={seated} />
              </div>
            </div>
          ) : null}
          <Announcer text={announcement} id={announcementId} />
          <p className="visually-hidden" aria-live="assertive" data-testid="turn-call">
            <span key={turnCall?.id ?? 0}>{turnCall?.text ?? ''}</span>
          </p>
          <TruckOffer
            open={shown !== null && hasOffer(shown, user.id) && !ended}
            color={me ? playerHex(me.color) : '#78716c'}
            balance={me?.balance ?? 0}
            trucks={me?.trucks ?? 0}
            busy={board.matches({ connected: { offer: 'buying' } })}
            secondsToDecide={
              shown && isMyTurn(shown, user.id) && secondsOfTurn !== null ? secondsOfTurn : null
            }
            message={purchaseMessage}
            onBuy={() => tell({ type: 'buy' })}
            onDecline={() => tell({ type: 'decline' })}
            onRoll={rollEnabled ? () => tell({ type: 'roll' }) : null}
          />
          {ended && caughtUp && !resultShown ? (
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
          <PracticeGameOver view={view} me={user.id} isGuest={user.isGuest} open={resultOpen} />
          <GameOverDialog
            view={view}
            names={names}
            me={user.id}
            open={resultOpen && !isPracticeView(view)}
            statements={statementRows}
            onHide={() => tell({ type: 'result.hide' })}
          />
        </>
      )}
    </AccountPage>
  );
}
