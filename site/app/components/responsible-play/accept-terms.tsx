// The accept step of a new terms version: read them, accept, and the action goes on. With scripts it
// calls `POST /api/me/terms` and then `onAccepted`; inside a form without them, its button submits
// that form with `intent=accept-terms` and the two boxes, and the page's action accepts, then does
// what the form was for.
import { useState, type MouseEvent } from 'react';
import { TERMS_VERSION } from '#site/shared/terms.ts';
import { apiFetch } from '../account/api';
import { useHydrated } from '../account/use-hydrated';

export const ACCEPT_TERMS_INTENT = 'accept-terms';
/** The boxes' names, as a form posts them. */
export const ACCEPT_TERMS_FIELDS = { adult: 'termsAdult', accepted: 'termsAccepted' } as const;

export function AcceptTerms({ onAccepted }: { onAccepted: () => void }) {
  const hydrated = useHydrated();
  const [adult, setAdult] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function accept(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const answer = await apiFetch<unknown>('/api/me/terms', {
      method: 'POST',
      body: { version: TERMS_VERSION, adult },
      fallbackError: 'Your acceptance could not be saved. Please try again.',
    });
    setBusy(false);
    if (answer.ok) return onAccepted();
    setError(answer.error);
  }

  return (
    <div className="accept-terms">
      <p>
        Please read the{' '}
        <a href="/terms" target="_blank" rel="noreferrer">
          Terms and Conditions (version {TERMS_VERSION})
        </a>
        , then accept them to go on.
      </p>
      <label className="check">
        <input
          type="checkbox"
          name={ACCEPT_TERMS_FIELDS.adult}
          checked={adult}
          onChange={(e) => setAdult(e.target.checked)}
        />{' '}
        I am 18 years old or older.
      </label>
      <label className="check">
        <input
          type="checkbox"
          name={ACCEPT_TERMS_FIELDS.accepted}
          checked={accepted}
          onChange={(e) => setAccepted(e.target.checked)}
        />{' '}
        I accept the Terms and Conditions.
      </label>
      {error ? <p className="field__error">{error}</p> : null}
      <button
        type="submit"
        name="intent"
        value={ACCEPT_TERMS_INTENT}
        className="button"
        disabled={hydrated && (!adult || !accepted || busy)}
        onClick={(event) => {
          if (hydrated) void accept(event);
        }}
      >
        {busy ? 'Saving…' : 'Accept and continue'}
      </button>
    </div>
  );
}
