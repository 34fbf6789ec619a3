// What to do next after a refusal of responsible play, chosen by its code (never by its words).
import { AcceptTerms } from './accept-terms';
import { PATHS } from '#site/shared/paths.ts';

export const SELF_EXCLUDED = 'self_excluded';
export const LIMIT_REACHED = 'limit_reached';
export const TERMS_REQUIRED = 'terms_required';

export function isPlayRefusal(code: string | null | undefined): boolean {
  return code === SELF_EXCLUDED || code === LIMIT_REACHED || code === TERMS_REQUIRED;
}

/**
 * The next step under the server's message: for `terms_required` the accept step (then
 * `onAccepted`, which repeats the action); for the others where to look and what still works.
 */
export function PlayRefusalStep({
  code,
  onAccepted,
}: {
  code: string | null | undefined;
  onAccepted?: () => void;
}) {
  if (code === TERMS_REQUIRED) {
    return <AcceptTerms onAccepted={onAccepted ?? (() => window.location.reload())} />;
  }
  if (code === SELF_EXCLUDED) {
    return (
      <p>
        <a href={PATHS.withdraw}>Withdraw your balance</a>, see your{' '}
        <a href={PATHS.accountHistory}>history</a>, or find someone to talk to:{' '}
        <a href="/responsible-play#help">where to get help</a>.
      </p>
    );
  }
  if (code === LIMIT_REACHED) {
    return (
      <p>
        Your limits are on your <a href={PATHS.responsiblePlay}>responsible play</a> page. A lower
        limit applies at once; a higher one only after 24 hours.
      </p>
    );
  }
  return null;
}
