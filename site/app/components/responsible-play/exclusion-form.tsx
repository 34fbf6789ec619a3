// Self-exclusion (`POST /api/me/exclusion`): choose a period, confirm that it cannot be undone.
import { useState, type FormEvent } from 'react';
import { apiFetch } from '../account/api';
import { Banner } from '../account/banner';
import { useHydrated } from '../account/use-hydrated';

const PERIODS = [
  ['24h', '24 hours'],
  ['7d', '7 days'],
  ['30d', '30 days'],
  ['180d', '180 days'],
  ['permanent', 'For good'],
] as const;

type Period = (typeof PERIODS)[number][0];

export function ExclusionForm({ onExcluded }: { onExcluded(until: string | null): void }) {
  const [period, setPeriod] = useState<Period | null>(null);
  const [sure, setSure] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!period || !sure) return setError('Choose a period and confirm that you understand.');
    setBusy(true);
    setError(null);
    const answer = await apiFetch<{ exclusion: { until: string | null } }>('/api/me/exclusion', {
      method: 'POST',
      body: { period },
      fallbackError: 'Your exclusion could not be saved. Please try again.',
    });
    setBusy(false);
    if (!answer.ok) return setError(answer.error);
    onExcluded(answer.data.exclusion.until);
  }

  return (
    <form
      className="form exclusion-form"
      onSubmit={submit}
      noValidate
      aria-label="Take a break"
      data-ready={hydrated ? 'true' : undefined}
    >
      {error ? <Banner tone="error" title={error} /> : null}
      <fieldset className="exclusion-periods">
        <legend>Exclude me from play for</legend>
        {PERIODS.map(([value, label]) => (
          <label key={value} className="check">
            <input
              type="radio"
              name="period"
              value={value}
              checked={period === value}
              onChange={() => setPeriod(value)}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <label className="check">
        <input type="checkbox" checked={sure} onChange={(e) => setSure(e.target.checked)} /> I
        understand that it cannot be shortened or lifted early.
      </label>
      <button type="submit" className="button" disabled={busy || !hydrated}>
        {busy ? 'Saving…' : 'Exclude me'}
      </button>
    </form>
  );
}
