// The board screen of a signed-in player or guest: the live game over the room socket, its state
// from `useBoardScreen`. Players roll and answer truck offers; anyone else watches.
import { Link } from 'react-router';
import { isPracticeView } from '#game/bots.ts';
import type { RoomView } from '#game/protocol.ts';
import type { PublicUser } from '#site/server/auth/users.ts';
import { AccountPage } from '../components/account/account-page';
import { Banner, Progress } from '../components/account/banner';
import { RealityCheck } from '../components/responsible-play/reality-check';
import { AwayList } from './away-list';
import { BoardNotes } from './board-notes';
import { hasOffer, isMyTurn } from './board-context';
import { DicePanel, FairnessPanel, PlayersBar, TruckOffer } from './board-panels';
import { BoardStage } from './board-stage';
import { BoardPreview } from './first-paint/board-preview';
import { turnLabel } from './format';
import { Announcer, GameLog } from './game-log';
import { GameOverDialog } from './game-over';
import { PracticeGameOver, PracticeNote } from './lesson-view';
import { playerHex } from './palette';
import { StatementTables } from './statement-table';
import { TileLegend } from './tile-legend-view';
import { SoundToggle } from './turn-cues';
import { useBoardScreen } from './use-board-screen';
import { RELOAD_STATUS } from './use-room-socket';
import { PATHS, roomPaths } from '#site/shared/paths.ts';

/** Loads the page again: new code, a fresh ticket and the whole state. */
function ReloadButton() {
  return (
    <button type="button" className="link-button" onClick={() => window.location.reload()}>
      Reload
    </button>
  );
}
export function GameScreen({
  user,
  roomId,
  firstView,
  renderedAt,
}: {
  user: PublicUser;
  roomId: string;
  /** The room as the page's server render saw it: shown until the socket's first state. */
  firstView: RoomView | null;
  renderedAt: number;
}) {
  const {
    hydrated,
    tell,
    failed,
    buying,
    message,
    purchaseMessage,
    redirect,
    failure,
    offline,
    resultShown,
    motion,
    away,
    view,
    sound,
    turnCall,
    shown,
    playingStep,
    die,
    drive,
    seated,
    names,
    homes,
    lines,
    ended,
    caughtUp,
    reconnecting,
    rollEnabled,
    now,
    deadline,
    secondsOfTurn,
    resultOpen,
    redirectSeconds,
    me,
    announcement,
    announcementId,
    watchers,
    liveGame,
    statementRows,
  } = useBoardScreen({ user, roomId, firstView, renderedAt });

  // Under the dice (so the board, the players and Roll keep their place on every screen), the first
  // thing in the column of what happened.
  const awayList =
    away && away.entries.length > 0 && !reconnecting ? (
      <AwayList
        entries={away.entries}
        names={names}
        homes={homes}
        onDismiss={() => tell({ type: 'away.dismiss' })}
      />
    ) : null;
  // The room closed (or this person is not in it): said beside the board while the page leaves.
  const leaving = redirect ? (
    <Banner tone="warning" title={`${redirect.reason} Redirecting in ${redirectSeconds}s...`}>
      <p>
        <Link to={PATHS.dashboard}>Go to the dashboard now</Link>
      </p>
    </Banner>
  ) : null;
  const notes = view ? (
    <BoardNotes>
      {leaving}
      {shown && isPracticeView(shown) ? <PracticeNote short /> : null}
      {!seated ? (
        <p className="spectator-note" data-testid="spectator-note">
          You are watching{user.isGuest ? ' as a guest' : ''}. {watchers}{' '}
          {watchers === 1 ? 'person is' : 'people are'} watching.
        </p>
      ) : null}
    </BoardNotes>
  ) : null;
  // Under the dice, first in the column of what happened: its going at the start moves nothing
  // above it (above the board, the board jumped up by its height as the game began).
  const notStarted =
    view && (view.status === 'waiting' || view.status === 'countdown') ? (
      <Banner tone="info" title="The game has not started yet.">
        <p>
          {view.joinedOrder.length} / {view.maxPlayers} players.{' '}
          {seated ? (
            <Link to={roomPaths.waitingRoom(roomId)}>Back to the waiting room</Link>
          ) : (
            'The board comes alive at the first roll.'
          )}
        </p>
      </Banner>
    ) : null;

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
      {view && !failure ? null : leaving}
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
              Check the link, or go back to the <Link to={PATHS.dashboard}>dashboard</Link>.
            </p>
          )}
        </Banner>
      ) : !view ? (
        failed ? (
          <Banner
            tone="error"
            title="Failed to load game data. Please check your connection or room ID."
          >
            <p>
              <ReloadButton /> or go back to the <Link to={PATHS.dashboard}>dashboard</Link>.
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
          {shown ? (
            <div className="board-layout">
              <div className="board-layout__main">
                {notes}
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
                {notStarted}
                {awayList}
                <GameLog lines={lines} />
                <TileLegend view={shown} />
                <StatementTables
                  title={ended && caughtUp ? 'Final statements' : 'Finance statements'}
                  rows={statementRows}
                />
                <FairnessPanel view={view} seated={seated} />
              </div>
            </div>
          ) : (
            <>
              {notes}
              {notStarted}
            </>
          )}
          <Announcer text={announcement} id={announcementId} />
          <p className="visually-hidden" aria-live="assertive" data-testid="turn-call">
            <span key={turnCall?.id ?? 0}>{turnCall?.text ?? ''}</span>
          </p>
          <TruckOffer
            open={shown !== null && hasOffer(shown, user.id) && !ended}
            color={me ? playerHex(me.color) : '#78716c'}
            balance={me?.balance ?? 0}
            trucks={me?.trucks ?? 0}
            busy={buying}
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
