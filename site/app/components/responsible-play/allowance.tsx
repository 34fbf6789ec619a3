// What a stake or deposit form says before it is filled: how much the player's limits still let
// through today ("ZMW 20 left today"), and while they are excluded, the form shown locked with the
// date the break ends. Information only: the server still checks every stake and deposit.
import type { ReactNode } from 'react';
import type { PageServices } from '#site/server/pages/services.ts';
import type { Allowance } from '#site/server/responsible-play/service.ts';
import { formatZmwShort } from '#game/ngwee.ts';
import { formatLusakaTime } from './lusaka-dates';
import { PATHS } from '#site/shared/paths.ts';

export type AllowanceKind = 'stake' | 'deposit';

/** For a loader: the caller's allowance, or null (a guest, or the figures could not be read). */
export async function loadAllowance(services: PageServices): Promise<Allowance | null> {
  const answer = await services.play.allowance().catch(() => null);
  return answer?.ok ? answer.allowance : null;
}

/** "Locked until 3 December 2026 at 14:00 Lusaka time" (or for good). */
export function lockedTitle(exclusionUntil: string): string {
  return exclusionUntil === 'permanent'
    ? 'Locked: you have excluded yourself from play permanently.'
    : `Locked until ${formatLusakaTime(exclusionUntil)}: you are taking a break from play.`;
}

/**
 * The limit line above the form and, while excluded, the form disabled (a disabled fieldset: every
 * control inside, islands included, is off without a script).
 */
export function AllowanceGate({
  allowance,
  kind,
  children,
}: {
  /** null when the figures could not be read: the form as it is, the server decides. */
  allowance: Allowance | null;
  kind: AllowanceKind;
  children: ReactNode;
}) {
  if (allowance?.exclusionUntil) {
    return (
      <div className="allowance allowance--locked">
        <p className="allowance__line" role="note" data-testid="allowance">
          <strong>{lockedTitle(allowance.exclusionUntil)}</strong>{' '}
          <a href={PATHS.responsiblePlay}>Responsible play</a>
        </p>
        <fieldset className="allowance__locked" disabled aria-label="Locked while you take a break">
          {children}
        </fieldset>
      </div>
    );
  }
  const left = allowance ? (kind === 'stake' ? allowance.stakeLeft : allowance.depositLeft) : null;
  return (
    <>
      {left === null ? null : (
        <p className="allowance__line" role="note" data-testid="allowance">
          <strong>{formatZmwShort(left)} left today</strong>{' '}
          {kind === 'stake' ? 'to stake under your loss limits' : 'to deposit under your limits'} ·{' '}
          <a href={PATHS.responsiblePlay}>change</a>
        </p>
      )}
      {children}
    </>
  );
}
