// The six play limits (`GET`/`PUT /api/me/limits`): blank means none. Lower applies at once,
// higher or removed after 24 hours (shown as waiting).
import { useEffect, useState, type FormEvent } from 'react';
import { apiFetch } from '../account/api';
import { Banner, Progress } from '../account/banner';
import { TextField } from '../account/fields';
import { formatZmw } from '../account/money';
import { formatLusakaTime } from './lusaka-dates';

const FIELDS = [
  ['depositDaily', 'Deposits per day'],
  ['depositWeekly', 'Deposits per week'],
  ['depositMonthly', 'Deposits per month'],
  ['lossDaily', 'Losses per day'],
  ['lossWeekly', 'Losses per week'],
  ['lossMonthly', 'Losses per month'],
] as const;

type Field = (typeof FIELDS)[number][0];
type Values = Record<Field, number | null>;
interface Limits extends Values {
  pending: { field: Field; value: number | null; effectiveAt: string }[];
}

const LABELS = Object.fromEntries(FIELDS) as Record<Field, string>;
const AMOUNT = /^\d+(\.\d{1,2})?$/;

function toText(values: Values): Record<Field, string> {
  const text = {} as Record<Field, string>;
  for (const [field] of FIELDS) text[field] = values[field] === null ? '' : String(values[field]);
  return text;
}

export function LimitsForm() {
  const [limits, setLimits] = useState<Limits | null>(null);
  const [text, setText] = useState<Record<Field, string> | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [result, setResult] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void apiFetch<Limits>('/api/me/limits', {
      fallbackError: 'Your limits could not be loaded. Please reload the page.',
    }).then((answer) => {
      if (!live) return;
      if (!answer.ok) return setResult({ tone: 'error', message: answer.error });
      setLimits(answer.data);
      setText(toText(answer.data));
    });
    return () => {
      live = false;
    };
  }, []);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text) return;
    const found: Partial<Record<Field, string>> = {};
    const body: Partial<Values> = {};
    const before = limits ? toText(limits) : null;
    for (const [field] of FIELDS) {
      const value = text[field].trim();
      // Only what was changed: sending an unchanged value would cancel a change still waiting.
      if (before && value === before[field]) continue;
      if (value === '') body[field] = null;
      else if (AMOUNT.test(value) && Number(value) > 0) body[field] = Number(value);
      else found[field] = 'Enter an amount in ZMW above 0, or leave it empty for no limit.';
    }
    setErrors(found);
    setResult(null);
    if (Object.keys(found).length > 0) return;
    if (Object.keys(body).length === 0) {
      return setResult({ tone: 'success', message: 'Nothing changed.' });
    }
    setBusy(true);
    const answer = await apiFetch<Limits>('/api/me/limits', {
      method: 'PUT',
      body,
      fallbackError: 'Your limits could not be saved. Please try again.',
    });
    setBusy(false);
    if (!answer.ok) return setResult({ tone: 'error', message: answer.error });
    setLimits(answer.data);
    setText(toText(answer.data));
    setResult({
      tone: 'success',
      message:
        answer.data.pending.length > 0
          ? 'Saved. Lower limits apply now; higher ones, or removed ones, wait 24 hours.'
          : 'Saved. Your limits apply now.',
    });
  }

  if (!limits || !text) {
    return result ? <Banner tone="error" title={result.message} /> : <Progress>Loading…</Progress>;
  }
  return (
    <form
      className="form limits-form"
      onSubmit={save}
      noValidate
      aria-label="Play limits"
      data-ready="true"
    >
      {result ? <Banner tone={result.tone} title={result.message} /> : null}
      {FIELDS.map(([field, label]) => (
        <TextField
          key={field}
          label={`${label} (ZMW)`}
          name={field}
          value={text[field]}
          inputMode="decimal"
          placeholder="No limit"
          onChange={(value) => setText({ ...text, [field]: value })}
          error={errors[field]}
          hint={limits[field] === null ? 'No limit now.' : `Now ${formatZmw(limits[field])}.`}
        />
      ))}
      {limits.pending.length > 0 ? (
        <div className="limits-pending" data-testid="limits-pending">
          <p>Waiting to apply:</p>
          <ul>
            {limits.pending.map((p) => (
              <li key={p.field}>
                {LABELS[p.field]}: {p.value === null ? 'no limit' : formatZmw(p.value)} from{' '}
                {formatLusakaTime(p.effectiveAt)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Saving…' : 'Save limits'}
      </button>
    </form>
  );
}
