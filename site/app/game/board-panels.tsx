// The board screen's DOM around the canvas: the players bar, the dice bar (Roll, turn label, turn
// timer, game clock), the purchase and game-over popups and the fairness panel. Each draws what it
// is given; the route decides what happens.
import { Link } from 'react-router';
import { TRUCK_COST } from '../../../game/board';
import type { RoomView } from '../../../game/protocol';
import { formatZmw } from '../components/account/money';
import { formatClock, formatGameAmount, secondsLeft, type Names } from './format';
import { GameDialog } from './game-dialog';
import { HISTORY_PATH } from './guards';
import { inkOn, playerHex } from './palette';
import { LessonList } from './lesson-view';

export function PlayersBar({ view, me }: { view: RoomView; me: string | null }) {
  return (
    <ul className="players-bar" aria-label="Players">
      {view.joinedOrder.map((uid) => {
        const p = view.participants[uid];
        if (!p) return null;
        const turn = view.turn.currentPlayer === uid;
        return (
          <li
            key={uid}
            className={`player-chip${turn ? ' player-chip--turn' : ''}`}
            style={{ borderColor: playerHex(p.color) }}
            aria-current={turn ? 'true' : undefined}
          >
            <span
              className="player-chip__dot"
              style={{ background: playerHex(p.color), color: inkOn(p.color) }}
              aria-hidden="true"
            >
              {p.trucks}
            </span>
            <span className="player-chip__text">
              <span className="player-chip__name">
                {p.name}
                {uid === me ? ' (you)' : ''}
              </span>
              <span className="player-chip__meta">
                {formatGameAmount(p.balance)} · {p.trucks} {p.trucks === 1 ? 'truck' : 'trucks'}
                {p.connected ? '' : ' · away'}
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

export interface DicePanelProps {
  view: RoomView;
  names: Names;
  turnLabel: string | null;
  now: number;
  /** Null for spectators: no Roll button. */
  onRoll: (() => void) | null;
  message: string | null;
}

export function DicePanel({ view, names, turnLabel, now, onRoll, message }: DicePanelProps) {
  const roll = view.lastRoll;
  const active = view.status === 'active';
  return (
    <section className="dice-bar" aria-label="Dice">
      <div className="dice-bar__row">
        <p className="dice-bar__turn" data-testid="turn-label">
          {active ? (turnLabel ?? 'Waiting for the next turn') : statusWords(view.status)}
        </p>
        {active && view.turn.deadline !== null ? (
          <p className="dice-bar__timer" data-testid="turn-timer">
            Auto-roll in {secondsLeft(view.turn.deadline, now)} s
          </p>
        ) : null}
      </div>
      <div className="dice-bar__row">
        {onRoll ? (
          <button
            type="button"
            className="button dice-bar__roll"
            onClick={onRoll}
            disabled={!active}
            aria-describedby="dice-message"
          >
            Roll
          </button>
        ) : (
          <p className="dice-bar__watching">You are watching this game.</p>
        )}
        <p className="dice-bar__clock" data-testid="game-clock">
          {view.gameEndTime !== null
            ? `Game ends in ${formatClock(view.gameEndTime - now)}`
            : active
              ? `${view.timeMinutes} min game: the clock starts at the first roll`
              : `${view.timeMinutes} min game`}
        </p>
      </div>
      <p className="dice-bar__last">
        {roll
          ? `Last roll: ${roll.roll} by ${names[roll.player] ?? 'a player'}${roll.auto ? ' (automatic)' : ''}`
          : 'No rolls yet.'}
      </p>
      <p id="dice-message" className="dice-bar__message" role="alert">
        {message ?? ''}
      </p>
    </section>
  );
}

function statusWords(status: RoomView['status']): string {
  switch (status) {
    case 'waiting':
      return 'Waiting for players to join';
    case 'countdown':
      return 'The game is about to start';
    case 'ended':
      return 'The game is over';
    case 'closed':
      return 'The room is closed';
    default:
      return '';
  }
}

export function PurchaseDialog({
  open,
  balance,
  trucks,
  busy,
  message,
  onBuy,
  onDecline,
}: {
  open: boolean;
  balance: number;
  trucks: number;
  busy: boolean;
  message: string | null;
  onBuy(): void;
  onDecline(): void;
}) {
  return (
    <GameDialog open={open} title="Buy a truck?" onCancel={onDecline}>
      <p>
        You landed on Trucks. Another truck raises the fee others pay on your home box. You have{' '}
        {trucks} {trucks === 1 ? 'truck' : 'trucks'} and {formatGameAmount(balance)} in cash.
      </p>
      {message ? (
        <p className="game-dialog__error" role="alert">
          {message}
        </p>
      ) : null}
      <div className="game-dialog__actions">
        <button type="button" className="button" onClick={onBuy} disabled={busy}>
          Buy for {formatGameAmount(TRUCK_COST)}
        </button>
        <button type="button" className="button button--ghost" onClick={onDecline} disabled={busy}>
          Decline
        </button>
      </div>
    </GameDialog>
  );
}

export function GameOverDialog({
  view,
  names,
  me,
  secondsToGo,
  open,
}: {
  view: RoomView;
  names: Names;
  me: string | null;
  /** Null for spectators: they stay on the board. */
  secondsToGo: number | null;
  open: boolean;
}) {
  const result = view.result;
  if (!result) return null;
  const winners = result.winners.map((uid) => names[uid] ?? 'A player');
  const each = result.winners.length > 0 ? result.winnerShare / result.winners.length : 0;
  const iWon = me !== null && result.winners.includes(me);
  const seated = me !== null && view.joinedOrder.includes(me);
  return (
    <GameDialog open={open} title="Game over">
      <p className="game-over__winners" data-testid="game-over-winners">
        {winners.length === 1
          ? `${winners[0]} wins ${formatZmw(result.winnerShare)}!`
          : `${winners.join(' and ')} tie and share ${formatZmw(result.winnerShare)} (${formatZmw(each)} each).`}
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
      {secondsToGo !== null ? (
        <p aria-live="polite">Taking you to your game history in {secondsToGo}…</p>
      ) : (
        <p>
          <Link to="/rentalgame/dashboard">Back to the dashboard</Link>
        </p>
      )}
      {secondsToGo !== null ? (
        <p>
          <Link className="button" to={HISTORY_PATH}>
            Go to game history now
          </Link>
        </p>
      ) : null}
    </GameDialog>
  );
}

export function FairnessPanel({ view, seated }: { view: RoomView; seated: boolean }) {
  const { fairness } = view;
  return (
    <details className="fairness">
      <summary>Fair dice: check every roll</summary>
      <p>
        Each roll is HMAC-SHA256 of the server seed with the players&apos; client seeds and the roll
        number. The server seed&apos;s hash was published before the first roll, so the seed cannot
        change during the game.
      </p>
      <dl className="fairness__list">
        <div>
          <dt>Server seed hash (SHA-256)</dt>
          <dd className="mono" data-testid="server-seed-hash">
            {fairness.serverSeedHash}
          </dd>
        </div>
        <div>
          <dt>Client seed</dt>
          <dd className="mono">{fairness.clientSeed || '—'}</dd>
        </div>
        <div>
          <dt>Server seed</dt>
          <dd className="mono">{fairness.serverSeed ?? 'Revealed when the game ends.'}</dd>
        </div>
      </dl>
      {fairness.serverSeed && seated ? (
        <p>
          <Link to={`${HISTORY_PATH}?verify=${encodeURIComponent(view.roomId)}`}>
            Verify every roll of this game
          </Link>
        </p>
      ) : null}
    </details>
  );
}
