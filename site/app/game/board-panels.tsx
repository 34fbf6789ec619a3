// The board screen's DOM around the canvas: the players bar (each chip with its cash and trucks, the
// turn's ring draining round the current player's chip, red in the last seconds), the dice bar
// (Roll, turn label and timer, game clock, the sound switch) and the truck offer, a card that
// leaves the board in view (a sheet from the bottom on phones). Each draws what it is given; the
// route decides what happens.
import { countOf } from '#site/shared/count.ts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MAX_TRUCKS, TRUCK_COST, truckFee } from '#game/board.ts';
import type { RoomView } from '#game/protocol.ts';
import { TruckIcon } from './board-overlay';
import { formatClock, formatGameAmount, type Names } from './format';
import { inkOn, playerHex } from './palette';
import { URGENT_SECONDS } from './sound-plan';
import { PATHS } from '#site/shared/paths.ts';

/** The turn's clock for the ring: ms left of a turn `total` ms long. */
export interface TurnClock {
  left: number;
  total: number;
}

export function PlayersBar({
  view,
  me,
  clock,
}: {
  /** The room as the board shows it. */
  view: RoomView;
  me: string | null;
  /** The current turn's clock, or null (none running, or the board still showing a roll). */
  clock: TurnClock | null;
}) {
  return (
    <ul className="players-bar" aria-label="Players">
      {view.joinedOrder.map((uid) => {
        const p = view.participants[uid];
        if (!p) return null;
        const turn = view.turn.currentPlayer === uid;
        const ring = turn && clock ? clock : null;
        const urgent = ring !== null && ring.left <= URGENT_SECONDS * 1000;
        return (
          <li
            key={uid}
            data-chip={uid}
            className={`player-chip${turn ? ' player-chip--turn' : ''}${urgent ? ' player-chip--urgent' : ''}`}
            style={{ borderColor: playerHex(p.color) }}
            aria-current={turn ? 'true' : undefined}
          >
            <span
              className="player-chip__dot"
              style={{ background: playerHex(p.color), color: inkOn(p.color) }}
              aria-hidden="true"
            >
              {p.trucks}
              {ring ? <TurnRing clock={ring} urgent={urgent} /> : null}
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
            </span>
          </li>
        );
      })}
    </ul>
  );
}

const RING_RADIUS = 16;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/** The ring round the current player's dot: full at the turn's start, empty when it is rolled for. */
function TurnRing({ clock, urgent }: { clock: TurnClock; urgent: boolean }) {
  const share = clock.total > 0 ? Math.min(1, Math.max(0, clock.left / clock.total)) : 0;
  return (
    <svg
      className={`turn-ring${urgent ? ' turn-ring--urgent' : ''}`}
      viewBox="0 0 40 40"
      aria-hidden="true"
      focusable="false"
      data-testid="turn-ring"
      data-left={Math.ceil(clock.left / 1000)}
    >
      <circle className="turn-ring__track" cx="20" cy="20" r={RING_RADIUS} />
      <circle
        className="turn-ring__left"
        cx="20"
        cy="20"
        r={RING_RADIUS}
        strokeDasharray={RING_LENGTH}
        strokeDashoffset={RING_LENGTH * (1 - share)}
      />
    </svg>
  );
}

export interface DicePanelProps {
  /** The room as the board shows it. */
  view: RoomView;
  me: string | null;
  names: Names;
  turnLabel: string | null;
  now: number;
  /** Whole seconds before the server rolls for the current player, or null. */
  secondsLeft: number | null;
  /** Null for spectators: no Roll button. */
  onRoll: (() => void) | null;
  /** Roll can be pressed: the player's turn, connected, the board caught up (the machine's word). */
  rollEnabled: boolean;
  connected: boolean;
  message: string | null;
  /** Beside Roll (the sound switch). */
  extra?: ReactNode;
}

export function DicePanel({
  view,
  me,
  names,
  turnLabel,
  now,
  secondsLeft,
  onRoll,
  rollEnabled,
  connected,
  message,
  extra,
}: DicePanelProps) {
  const roll = view.lastRoll;
  const active = view.status === 'active';
  const line = connected ? (turnLabel ?? 'Waiting for the next turn') : 'Not connected';
  const urgent = secondsLeft !== null && secondsLeft <= URGENT_SECONDS;
  return (
    <section className="dice-bar" aria-label="Dice">
      <div className="dice-bar__row">
        <p
          className="dice-bar__turn"
          data-testid="turn-label"
          data-turn={active ? (view.turn.currentPlayer ?? '') : ''}
        >
          {active ? line : statusWords(view.status)}
        </p>
        {/* While reconnecting the timer keeps its line, unseen: Roll and the lines under it
            never move for a connection that comes and goes. */}
        {active && secondsLeft !== null ? (
          <p
            className={`dice-bar__timer${
              !connected ? ' dice-bar__timer--paused' : urgent ? ' dice-bar__timer--urgent' : ''
            }`}
            aria-hidden={connected ? undefined : true}
            data-testid="turn-timer"
          >
            Auto-roll in {secondsLeft} s
          </p>
        ) : null}
      </div>
      <div className="dice-bar__row dice-bar__row--actions">
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
          ? `Last roll: ${roll.roll} by ${roll.player === me ? 'you' : (names[roll.player] ?? 'a player')}${roll.auto ? " (time's up: we rolled)" : ''}`
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

/**
 * The truck offer as a card over the bottom of the screen: the truck, its cost, the fee it adds at
 * the player's yard, and how long the offer stays. Not modal: the offer stays open until its
 * holder buys, declines or rolls again (contract section 5), so the rest of the page, Roll
 * included, keeps working under it; on the holder's own turn it says that rolling lets it lapse.
 */
export function TruckOffer({
  open,
  color,
  balance,
  trucks,
  busy,
  message,
  secondsToDecide,
  onBuy,
  onDecline,
  onRoll,
}: {
  open: boolean;
  color: string;
  balance: number;
  trucks: number;
  busy: boolean;
  /** On the holder's own turn: seconds until the server rolls for them (the offer lapses). */
  secondsToDecide: number | null;
  message: string | null;
  onBuy(): void;
  onDecline(): void;
  /** On the holder's turn, with Roll pressable: rolling instead (the offer lapses). */
  onRoll: (() => void) | null;
}) {
  if (!open) return null;
  const fee = truckFee(trucks);
  const next = truckFee(trucks + 1);
  const short = balance < TRUCK_COST;
  return (
    <dialog
      open
      className="truck-offer"
      aria-labelledby="truck-offer-title"
      data-testid="truck-offer"
    >
      <div className="truck-offer__head">
        <span className="truck-offer__truck">
          <TruckIcon color={color} size={52} />
        </span>
        <div className="truck-offer__what">
          <h2 id="truck-offer-title" className="truck-offer__title">
            Buy a truck?
          </h2>
          <p className="truck-offer__price">{formatGameAmount(TRUCK_COST)}</p>
        </div>
      </div>
      <p className="truck-offer__fee" data-testid="truck-fee-change">
        +{formatGameAmount(next - fee)} per landing at your yard ({formatGameAmount(fee)} now,{' '}
        {formatGameAmount(next)} with {countOf(trucks + 1, 'truck')})
      </p>
      <p className="truck-offer__timer" data-testid="offer-timer">
        Cash {formatGameAmount(balance)} · {countOf(trucks, 'truck')} of {MAX_TRUCKS} ·{' '}
        {secondsToDecide !== null
          ? `your turn: ${secondsToDecide} s, then the timer rolls and the offer lapses`
          : 'open until your next roll'}
      </p>
      {short ? (
        <p className="truck-offer__short">
          You need {formatGameAmount(TRUCK_COST)} in cash to buy.
        </p>
      ) : null}
      {message ? (
        <p className="game-dialog__error" role="alert">
          {message}
        </p>
      ) : null}
      <div className="truck-offer__actions">
        <button type="button" className="button" onClick={onBuy} disabled={busy || short}>
          Buy for {formatGameAmount(TRUCK_COST)}
        </button>
        <button type="button" className="button button--ghost" onClick={onDecline} disabled={busy}>
          Decline
        </button>
        {onRoll ? (
          <button type="button" className="button button--ghost" onClick={onRoll}>
            Roll instead
          </button>
        ) : null}
      </div>
    </dialog>
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
          <Link to={`${PATHS.gameHistory}?verify=${encodeURIComponent(view.roomId)}`}>
            Verify every roll of this game
          </Link>
        </p>
      ) : null}
    </details>
  );
}
