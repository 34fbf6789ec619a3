// Game over, on the board, read from its top: the player's own line ("You won ZMW 16.00", "You
// came 2nd"), who won, the podium with why, confetti for the winner; the rematch (one tap: creates
// the next room or joins it), sharing the result and the history always in view under it; the
// lesson and the statements below, folded. The popup can be put away to study the final board.
import { requestBalanceRefresh } from '../components/account/balance-store';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { RoomView } from '#game/protocol.ts';
import { formatZmw } from '#game/ngwee.ts';
import { rematchRoom } from './api';
import type { Names } from './format';
import { GameDialog } from './game-dialog';
import { LessonList } from './lesson-view';
import { ShareResult } from './share-result';
import { Confetti, Podium } from './podium';
import { StatementTables, type StatementRow } from './statement-table';
import { resultHeadline, winReason } from './win-reason';
import { PATHS, roomPaths } from '#site/shared/paths.ts';

export function GameOverDialog({
  view,
  names,
  me,
  open,
  statements,
  onHide,
}: {
  view: RoomView;
  names: Names;
  me: string | null;
  open: boolean;
  statements: readonly StatementRow[];
  onHide(): void;
}) {
  const result = view.result;
  if (!result) return null;
  const winners = result.winners.map((uid) => names[uid] ?? 'A player');
  const each = result.winners.length > 0 ? result.winnerShare / result.winners.length : 0;
  const iWon = me !== null && result.winners.includes(me);
  const seated = me !== null && view.joinedOrder.includes(me);
  const headline = resultHeadline(view, me, false);
  const winnersLine =
    winners.length === 1
      ? `${winners[0]} wins ${formatZmw(result.winnerShare)}!`
      : `${winners.join(' and ')} tie and share ${formatZmw(result.winnerShare)} (${formatZmw(each)} each).`;
  return (
    <GameDialog
      open={open}
      title="Game over"
      onCancel={onHide}
      className="game-over"
      focusTitle
      aside={
        <button type="button" className="link-button game-dialog__aside" onClick={onHide}>
          Study the board
        </button>
      }
      footer={
        <div className="game-over__actions">
          {seated ? (
            <Rematch
              roomId={view.roomId}
              stake={view.stake}
              startedBy={view.rematch && view.rematch.hostId !== me ? view.rematch.hostName : null}
            />
          ) : null}
          <ShareResult view={view} me={me} />
          <Link
            className="button button--ghost"
            to={
              seated
                ? `${PATHS.gameHistory}?room=${encodeURIComponent(view.roomId)}`
                : PATHS.dashboard
            }
          >
            {seated ? 'Game history' : 'Back to the dashboard'}
          </Link>
        </div>
      }
    >
      {iWon ? <Confetti /> : null}
      {headline ? (
        <p
          className={`game-over__headline${iWon ? ' game-over__headline--won' : ''}`}
          data-testid="game-over-you"
        >
          {headline}
        </p>
      ) : null}
      <p className="game-over__winners" data-testid="game-over-winners">
        {winnersLine}
      </p>
      <Podium view={view} me={me} />
      <p className="game-over__why" data-testid="game-over-why">
        {winReason(result, view.joinedOrder, names)}
      </p>
      <p className="game-over__pot">Pot {formatZmw(result.totalPot)} · the winner takes 80 %.</p>
      {me !== null && result.lessons[me]?.length ? (
        <details className="game-over__more">
          <summary>What this game teaches you</summary>
          <LessonList points={result.lessons[me]} />
        </details>
      ) : null}
      <details className="game-over__more">
        <summary>Final statements</summary>
        <StatementTables title="Final statements" rows={statements} />
      </details>
    </GameDialog>
  );
}

/** `startedBy`: another player's first name once they started the rematch (the room pushes it). */
function Rematch({
  roomId,
  stake,
  startedBy,
}: {
  roomId: string;
  stake: number;
  startedBy: string | null;
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function ask() {
    setBusy(true);
    setError(null);
    const answer = await rematchRoom(roomId);
    if (answer.ok) {
      requestBalanceRefresh();
      await navigate(roomPaths.waitingRoom(answer.data.room.roomId));
      return;
    }
    setBusy(false);
    setError(answer.error);
  }

  return (
    <>
      {startedBy ? (
        <p className="game-over__hint game-over__rematch-started" role="status">
          <strong>{startedBy} started a rematch: join</strong>
        </p>
      ) : null}
      <button
        type="button"
        className="button game-over__rematch"
        onClick={() => void ask()}
        disabled={busy}
        aria-describedby="rematch-hint"
      >
        {busy
          ? 'Setting up…'
          : startedBy
            ? `Join the rematch (${formatZmw(stake)})`
            : `Rematch (${formatZmw(stake)})`}
      </button>
      <p id="rematch-hint" className="game-over__hint">
        The same players and stake, in a private room: your stake is taken when you tap.
      </p>
      {error ? (
        <p className="game-dialog__error game-over__hint" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
