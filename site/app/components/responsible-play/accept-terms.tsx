// The accept step of a new terms version: read them, accept, and the action goes on.
import { useState } from 'react';
import { TERMS_VERSION } from '../../../shared/terms';
import { apiFetch } from '../account/api';

export function AcceptTerms({ onAccepted }: { onAccepted: () => void }) {
  const [adult, setAdult] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function accept() {
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
        <input type="checkbox" checked={adult} onChange={(e) => setAdult(e.target.checked)} /> I am
        18 years old or older.
      </label>
      <label className="check">
        <input type="checkbox" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />{' '}
        I accept the Terms and Conditions.
      </label>
      {error ? <p className="field__error">{error}</p> : null}
      <button
        type="button"
        className="button"
        disabled={!adult || !accepted || busy}
        onClick={() => void accept()}
      >
        {busy ? 'Saving…' : 'Accept and continue'}
      </button>
    </div>
  );
}
