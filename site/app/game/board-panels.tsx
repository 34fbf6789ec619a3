// The board screen's DOM around the canvas: the players bar, the dice bar (Roll, turn label, turn
// timer, game clock), the purchase popup and the fairness panel. Each draws what it
// is given; the route decides what happens.
import { countOf } from '../../shared/count';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TRUCK_COST, truckFee } from '../../../game/board';
import type { RoomView } from '../../../game/protocol';
import { formatClock, formatGameAmount, secondsLeft, type Names } from './format';
import { GameDialog } from './game-dialog';
import { HISTORY_PATH } from './guards';
import { inkOn, playerHex } from './palette';
import type { RollEffect } from './roll-effect';

export function PlayersBar({
  view,
  me,
  effect,
}: {
  view: RoomView;
  me: string | null;
  /** The last roll's cash changes, shown for a moment on the chips. */
  effect?: RollEffect | null;
}) {
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
                {formatGameAmount(p.balance)} · {countOf(p.trucks, 'truck')}
                {p.connected ? '' : ' · away'}
              </span>
              {effect?.changes[uid] ? (
                <span
                  key={effect.nonce}
                  className={`player-chip__change player-chip__change--${effect.changes[uid] < 0 ? 'down' : 'up'}`}
                  aria-hidden="true"
                >
                  {effect.changes[uid] < 0 ? '−' : '+'}
                  {formatGameAmount(Math.abs(effect.changes[uid]))}
                </span>
              ) : null}
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
  /** Roll can be pressed: the player's turn, connected, no dice moving (the board machine's word). */
  rollEnabled: boolean;
  connected: boolean;
  message: string | null;
  /** Beside Roll (the sound toggle). */
  extra?: ReactNode;
}

export function DicePanel({
  view,
  names,
  turnLabel,
  now,
  onRoll,
  rollEnabled,
  connected,
  message,
  extra,
}: DicePanelProps) {
  const roll = view.lastRoll;
  const active = view.status === 'active';
  const line = connected ? (turnLabel ?? 'Waiting for the next turn') : 'Not connected';
  return (
    <section className="dice-bar" aria-label="Dice">
      <div className="dice-bar__row">
        <p className="dice-bar__turn" data-testid="turn-label">
          {active ? line : statusWords(view.status)}
        </p>
        {active && connected && view.turn.deadline !== null ? (
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
            disabled={!rollEnabled}
            aria-describedby="dice-message"
          >
            Roll
          </button>
        ) : (
          <p className="dice-bar__watching">You are watching this game.</p>
        )}
        {extra}
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
  secondsToDecide,
  onBuy,
  onDecline,
}: {
  open: boolean;
  balance: number;
  trucks: number;
  busy: boolean;
  /** Until the offer lapses (the turn timer), or null. */
  secondsToDecide: number | null;
  message: string | null;
  onBuy(): void;
  onDecline(): void;
}) {
  return (
    <GameDialog open={open} title="Buy a truck?" onCancel={onDecline}>
      <p>
        You landed on Trucks. You have {trucks} {trucks === 1 ? 'truck' : 'trucks'} and{' '}
        {formatGameAmount(balance)} in cash.
      </p>
      <p data-testid="truck-fee-change">
        Each player landing on your home box pays you {formatGameAmount(truckFee(trucks))} now; with{' '}
        {trucks + 1} {trucks + 1 === 1 ? 'truck' : 'trucks'}:{' '}
        {formatGameAmount(truckFee(trucks + 1))}.
      </p>
      {secondsToDecide !== null ? (
        <p className="game-dialog__timer" data-testid="offer-timer">
          Declined by itself in {secondsToDecide} s
        </p>
      ) : null}
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
          <dd className="mono">
            {fairness.serverSeed ??
              (view.dailyChallenge
                ? 'Revealed the next day: everyone rolls these dice all day.'
                : 'Revealed when the game ends.')}
          </dd>
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
