// Game over, on the board: who won and why (net profit, then trucks), what it meant for this player,
// a rematch with the same players (one tap: creates the next room or joins it), the history a tap
// away. The popup can be put away to study the final board and the statements beside it.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { RoomView } from '../../../game/protocol';
import { requestBalanceRefresh } from '../components/account/live-balance';
import { formatZmw } from '../components/account/money';
import { rematchRoom } from './api';
import type { Names } from './format';
import { GameDialog } from './game-dialog';
import { LessonList } from './lesson-view';
import { ShareResult } from './share-result';
import { DASHBOARD_PATH, HISTORY_PATH, waitingRoomPath } from './guards';
import { winReason } from './win-reason';

export function GameOverDialog({
  view,
  names,
  me,
  open,
  onHide,
}: {
  view: RoomView;
  names: Names;
  me: string | null;
  open: boolean;
  onHide(): void;
}) {
  const result = view.result;
  if (!result) return null;
  const winners = result.winners.map((uid) => names[uid] ?? 'A player');
  const each = result.winners.length > 0 ? result.winnerShare / result.winners.length : 0;
  const iWon = me !== null && result.winners.includes(me);
  const seated = me !== null && view.joinedOrder.includes(me);
  return (
    <GameDialog open={open} title="Game over" onCancel={onHide}>
      <p className="game-over__winners" data-testid="game-over-winners">
        {winners.length === 1
          ? `${winners[0]} wins ${formatZmw(result.winnerShare)}!`
          : `${winners.join(' and ')} tie and share ${formatZmw(result.winnerShare)} (${formatZmw(each)} each).`}
      </p>
      <p className="game-over__why" data-testid="game-over-why">
        {winReason(result, view.joinedOrder, names)}
      </p>
      {seated ? (
        <p className="game-over__you" data-testid="game-over-you">
          {iWon
            ? `You won ${formatZmw(Math.floor(each * 100) / 100)}.`
            : 'You did not win this time.'}
        </p>
      ) : null}
      <p>Pot {formatZmw(result.totalPot)} · the winner takes 80 %.</p>
      {me !== null ? <LessonList points={result.lessons[me]} /> : null}
      {seated ? <Rematch roomId={view.roomId} stake={view.stake} /> : null}
      <ShareResult view={view} me={me} />
      <div className="game-dialog__actions">
        <button type="button" className="button button--ghost" onClick={onHide}>
          Study the board
        </button>
        <Link
          className="button button--ghost"
          to={seated ? `${HISTORY_PATH}?room=${encodeURIComponent(view.roomId)}` : DASHBOARD_PATH}
        >
          {seated ? 'Game history' : 'Back to the dashboard'}
        </Link>
      </div>
    </GameDialog>
  );
}

function Rematch({ roomId, stake }: { roomId: string; stake: number }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function ask() {
    setBusy(true);
    setError(null);
    const answer = await rematchRoom(roomId);
    if (answer.ok) {
      requestBalanceRefresh();
      await navigate(waitingRoomPath(answer.data.room.roomId));
      return;
    }
    setBusy(false);
    setError(answer.error);
  }

  return (
    <div className="game-over__rematch">
      <button type="button" className="button" onClick={() => void ask()} disabled={busy}>
        {busy ? 'Setting up…' : `Rematch (${formatZmw(stake)})`}
      </button>
      <p className="room-hint">
        The same players, stake, time and size, in a private room. Your stake is taken when you tap.
      </p>
      {error ? (
        <p className="game-dialog__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
