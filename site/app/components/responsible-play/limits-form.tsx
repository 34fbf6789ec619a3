// The six play limits: blank means none. Lower applies at once, higher or removed after 24 hours
// (shown as waiting). A plain form: it posts to the responsible play page's action
// (`intent=limits`), which sends only the fields that changed to the page door's `updateLimits`
// (an unchanged value sent again would cancel a change still waiting).
import { data } from 'react-router';
import type { PageServices } from '#site/server/pages/services.ts';
import { formText } from '../../form-data';
import { Banner } from '../account/banner';
import { TextField } from '../account/fields';
import { formatZmw, parseZmw, zmwText, zmwToNgwee } from '#game/ngwee.ts';
import { limitKinds, type LimitKind } from '#game/payment-vocabulary.ts';
import { formatLusakaTime } from './lusaka-dates';

export const LIMITS_INTENT = 'limits';

const LABELS: Record<LimitKind, string> = {
  depositDaily: 'Deposits per day',
  depositWeekly: 'Deposits per week',
  depositMonthly: 'Deposits per month',
  lossDaily: 'Losses per day',
  lossWeekly: 'Losses per week',
  lossMonthly: 'Losses per month',
};
const FIELDS = limitKinds.map((kind) => [kind, LABELS[kind]] as const);

type Field = LimitKind;
type Values = Record<Field, number | null>;
export interface Limits extends Values {
  pending: { field: Field; value: number | null; effectiveAt: string }[];
}
type Texts = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

/** What a save answered: its words, and the texts as typed when some were wrong. */
export interface LimitsSave {
  result: { tone: 'success' | 'error'; message: string } | null;
  errors: Errors;
  texts: Texts | null;
}

const INVALID = 'Enter an amount in ZMW above 0, or leave it empty for no limit.';

function toText(values: Values): Texts {
  const text = {} as Texts;
  for (const [field] of FIELDS) {
    const zmw = values[field];
    text[field] = zmw === null ? '' : zmwText(zmwToNgwee(zmw));
  }
  return text;
}

/** The changed fields as the API takes them (amounts as typed), or what is wrong with the typed ones. */
export function limitChanges(
  typed: Texts,
  current: Values,
): { ok: true; body: Partial<Record<Field, string | null>> } | { ok: false; errors: Errors } {
  const before = toText(current);
  const errors: Errors = {};
  const body: Partial<Record<Field, string | null>> = {};
  for (const [field] of FIELDS) {
    const value = typed[field].trim();
    if (value === before[field]) continue;
    if (value === '') body[field] = null;
    else if (parseZmw(value) !== null) body[field] = value;
    else errors[field] = INVALID;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, body };
}

/** The responsible play page's action for `intent=limits`. */
export async function limitsAction(services: PageServices, form: FormData) {
  const typed = Object.fromEntries(FIELDS.map(([f]) => [f, formText(form, f)])) as Texts;
  const current = await services.play.limits();
  if (!current.ok) {
    const save: LimitsSave = {
      result: { tone: 'error', message: current.error },
      errors: {},
      texts: typed,
    };
    return data({ limits: save }, current.status);
  }
  const changes = limitChanges(typed, current.limits);
  if (!changes.ok) {
    const save: LimitsSave = { result: null, errors: changes.errors, texts: typed };
    return data({ limits: save }, 400);
  }
  if (Object.keys(changes.body).length === 0) {
    const save: LimitsSave = {
      result: { tone: 'success', message: 'Nothing changed.' },
      errors: {},
      texts: null,
    };
    return data({ limits: save });
  }
  const answer = await services.play.updateLimits(changes.body);
  if (!answer.ok) {
    const save: LimitsSave = {
      result: { tone: 'error', message: answer.error },
      errors: {},
      texts: typed,
    };
    return data({ limits: save }, answer.status);
  }
  const message =
    answer.limits.pending.length > 0
      ? 'Saved. Lower limits apply now; higher ones, or removed ones, wait 24 hours.'
      : 'Saved. Your limits apply now.';
  const save: LimitsSave = { result: { tone: 'success', message }, errors: {}, texts: null };
  return data({ limits: save });
}

export function LimitsForm({ limits, save }: { limits: Limits; save: LimitsSave | null }) {
  const text = save?.texts ?? toText(limits);
  const errors = save?.errors ?? {};
  const firstError = Object.keys(errors)[0];
  return (
    <form
      className="form limits-form"
      method="post"
      noValidate
      aria-label="Play limits"
      data-ready="true"
    >
      <input type="hidden" name="intent" value={LIMITS_INTENT} />
      {save?.result ? <Banner tone={save.result.tone} title={save.result.message} /> : null}
      {FIELDS.map(([field, label]) => (
        <TextField
          key={field}
          label={`${label} (ZMW)`}
          name={field}
          value={text[field]}
          inputMode="decimal"
          placeholder="No limit"
          error={errors[field]}
          autoFocus={firstError === field}
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
      <button type="submit" className="button">
        Save limits
      </button>
    </form>
  );
}
