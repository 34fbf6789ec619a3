// The dashboard's lobby, rendered on the server: the first action ("Play ZMW 10 now", a quick match),
// the balance with "Add money", the rematches waiting for the player and the people they last
// played. Every button is a form posting to the dashboard's action (no script needed); the action
// seats the player through the page door's quick match or join, with all their checks.
import type { ReactNode } from 'react';
import { formatZmw, formatZmwShort } from '#game/ngwee.ts';
import { PATHS } from '#site/shared/paths.ts';
import type { RecentOpponent, WaitingRematch } from '#site/server/rooms/recent-opponents.ts';
import { JOIN_ROOM_INTENT } from './room-list';

export const QUICK_MATCH_INTENT = 'quick';

/** A one-button form: quick match at `amount`. */
export function QuickMatchForm({
  amount,
  className,
  label,
  children,
}: {
  amount: number;
  className: string;
  label?: string;
  children: ReactNode;
}) {
  return (
    <form method="post" className="lobby__form">
      <input type="hidden" name="amount" value={amount} />
      <button
        type="submit"
        name="intent"
        value={QUICK_MATCH_INTENT}
        className={className}
        aria-label={label}
      >
        {children}
      </button>
    </form>
  );
}

/** A one-button form: join `roomId` (the normal join). */
export function JoinForm({
  roomId,
  className,
  children,
}: {
  roomId: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <form method="post" className="lobby__form">
      <input type="hidden" name="roomId" value={roomId} />
      <button type="submit" name="intent" value={JOIN_ROOM_INTENT} className={className}>
        {children}
      </button>
    </form>
  );
}

export function BalanceCard({ balance }: { balance: number }) {
  return (
    <section className="lobby-balance" aria-labelledby="lobby-balance-title">
      <div>
        <h2 id="lobby-balance-title" className="lobby-balance__label">
          Your balance
        </h2>
        <p className="lobby-balance__amount">{formatZmw(balance)}</p>
      </div>
      <a className="button button--small" href={PATHS.deposit}>
        Add money
      </a>
    </section>
  );
}

/** "Chanda started a rematch: join" for each rematch waiting for this player. */
export function RematchNotices({ rematches }: { rematches: readonly WaitingRematch[] }) {
  if (rematches.length === 0) return null;
  return (
    <ul className="lobby-rematches" role="list" aria-label="Rematches waiting for you">
      {rematches.map((rematch) => (
        <li key={rematch.roomId} className="lobby-rematch">
          <p className="lobby-rematch__text">
            <strong>{rematch.startedBy} started a rematch</strong>
            <span> · {formatZmwShort(rematch.amount)} stake</span>
          </p>
          <JoinForm roomId={rematch.roomId} className="button button--small">
            Join
          </JoinForm>
        </li>
      ))}
    </ul>
  );
}

export function RecentOpponents({ opponents }: { opponents: readonly RecentOpponent[] }) {
  if (opponents.length === 0) return null;
  return (
    <section className="lobby-section" aria-labelledby="lobby-opponents-title">
      <h2 id="lobby-opponents-title" className="lobby-section__title">
        Recent opponents
      </h2>
      <ul className="lobby-opponents" role="list">
        {opponents.map((opponent) => (
          <li key={opponent.uid} className="lobby-opponent">
            <span className="lobby-opponent__avatar" aria-hidden="true">
              {[...opponent.name][0]?.toUpperCase()}
            </span>
            <span className="lobby-opponent__text">
              <span className="lobby-opponent__name">{opponent.name}</span>
              <span className="lobby-opponent__line">
                {opponent.rematch
                  ? `Waiting in a rematch · ${formatZmwShort(opponent.rematch.amount)}`
                  : `Last stake ${formatZmwShort(opponent.amount)}`}
              </span>
            </span>
            {opponent.rematch ? (
              <JoinForm roomId={opponent.rematch.roomId} className="button button--small">
                Join rematch
              </JoinForm>
            ) : (
              <QuickMatchForm
                amount={opponent.amount}
                className="button button--small button--ghost"
                label={`Play again with ${opponent.name} at ${formatZmwShort(opponent.amount)}`}
              >
                Play again
              </QuickMatchForm>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
