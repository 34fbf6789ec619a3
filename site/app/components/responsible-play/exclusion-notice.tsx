// The dashboard's word on a running self-exclusion: until when, and what still works.
import { Link } from 'react-router';
import { Banner } from '../account/banner';
import { formatLusakaTime } from './lusaka-dates';
import { PATHS } from '#site/shared/paths.ts';

/** `exclusionUntil` of `user` (ISO or "permanent") as a sentence. */
export function exclusionTitle(exclusionUntil: string): string {
  return exclusionUntil === 'permanent'
    ? 'You have excluded yourself from play permanently.'
    : `You have excluded yourself from play until ${formatLusakaTime(exclusionUntil)}.`;
}

export function ExclusionNotice({ exclusionUntil }: { exclusionUntil: string | null }) {
  if (exclusionUntil === null) return null;
  return (
    <Banner tone="info" title={exclusionTitle(exclusionUntil)}>
      <p data-testid="exclusion-notice">
        Deposits, new games and joining games are closed. You can still{' '}
        <Link to={PATHS.withdraw}>withdraw your balance</Link> and see your history.{' '}
        <Link to="/responsible-play#help">Where to get help</Link>.
      </p>
    </Banner>
  );
}
