// Self-exclusion: choose a period, confirm that it cannot be undone. A plain form: it posts to the
// responsible play page's action (`intent=exclude`, the page door's `exclude`).
import { data, redirect } from 'react-router';
import type { PageServices } from '#site/server/pages/services.ts';
import { formChecked, formText } from '../../form-data';
import { Banner } from '../account/banner';

export const EXCLUDE_INTENT = 'exclude';

const PERIODS = [
  ['24h', '24 hours'],
  ['7d', '7 days'],
  ['30d', '30 days'],
  ['180d', '180 days'],
  ['permanent', 'For good'],
] as const;

/** The responsible play page's action for `intent=exclude`; on success the page afresh. */
export async function excludeAction(services: PageServices, form: FormData, page: string) {
  const period = formText(form, 'period');
  if (!period || !formChecked(form, 'sure')) {
    return data({ exclude: 'Choose a period and confirm that you understand.' }, 400);
  }
  const answer = await services.play.exclude(period);
  // A new request: the page's user then carries the exclusion.
  if (answer.ok) throw redirect(page);
  return data({ exclude: answer.error }, answer.status);
}

export function ExclusionForm({ error }: { error: string | null }) {
  return (
    <form
      className="form exclusion-form"
      method="post"
      noValidate
      aria-label="Take a break"
      data-ready="true"
    >
      <input type="hidden" name="intent" value={EXCLUDE_INTENT} />
      {error ? <Banner tone="error" title={error} /> : null}
      <fieldset className="exclusion-periods">
        <legend>Exclude me from play for</legend>
        {PERIODS.map(([value, label]) => (
          <label key={value} className="check">
            <input type="radio" name="period" value={value} /> {label}
          </label>
        ))}
      </fieldset>
      <label className="check">
        <input type="checkbox" name="sure" /> I understand that it cannot be shortened or lifted
        early.
      </label>
      <button type="submit" className="button">
        Exclude me
      </button>
    </form>
  );
}
