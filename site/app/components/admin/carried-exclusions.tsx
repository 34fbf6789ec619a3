// Exclusions carried from erased accounts that match the person whose file is open (decision 067):
// which block (an identity this person proved) and which are only a hint (one they typed), and the
// review of a disputed one: upheld or void, always with a reason, written to the audit log.
import { useState, type FormEvent } from 'react';
import { apiFetch } from '../account/api';
import { Banner } from '../account/banner';
import { formatDateTime } from '../account/dates';
import type { CarriedExclusionView } from '../../../server/admin/exclusions';

const MATCHED_BY: Record<CarriedExclusionView['matchedBy'], string> = {
  email: 'their proved email',
  payer_number: 'a number they deposited from',
  sign_in_phone: 'their phone number, proved by an SMS code',
  unproved_email: 'their email (not proved): a hint only',
  profile_phone: 'their profile phone (typed, not proved): a hint only',
};

function ReviewForm({ row, onReviewed }: { row: CarriedExclusionView; onReviewed(): void }) {
  const [decision, setDecision] = useState<'' | 'void' | 'upheld'>('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const answer = await apiFetch(
      `/api/admin/carried-exclusions/${encodeURIComponent(row.id)}/review`,
      {
        method: 'POST',
        body: { decision, reason },
        fallbackError: 'The review was not saved. Try again.',
      },
    );
    setBusy(false);
    if (!answer.ok) return setError(answer.error);
    setDecision('');
    setReason('');
    setError(null);
    onReviewed();
  }

  return (
    <form className="form" onSubmit={send} aria-label="Review this carried exclusion">
      {error ? <Banner tone="error" title={error} /> : null}
      <div className="field">
        <label htmlFor={`decision-${row.id}`}>Decision</label>
        <select
          id={`decision-${row.id}`}
          value={decision}
          onChange={(event) =>
            setDecision(
              event.target.value === 'upheld' ? 'upheld' : event.target.value ? 'void' : '',
            )
          }
        >
          <option value="" disabled>
            Choose…
          </option>
          <option value="void">Void: not the person who excluded</option>
          <option value="upheld">Upheld: it stands</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`reason-${row.id}`}>Reason (what the person showed, who checked)</label>
        <textarea
          id={`reason-${row.id}`}
          value={reason}
          maxLength={500}
          rows={2}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <button
        type="submit"
        className="button button--small"
        disabled={busy || !decision || !reason.trim()}
      >
        Save review
      </button>
    </form>
  );
}

export function CarriedExclusions({
  rows,
  onReviewed,
}: {
  rows: readonly CarriedExclusionView[];
  onReviewed(): void;
}) {
  if (rows.length === 0) return null;
  return (
    <>
      <h4>Exclusions carried from erased accounts</h4>
      <ul className="admin-list" data-testid="carried-exclusions">
        {rows.map((row) => (
          <li key={row.id}>
            <p>
              <strong>{row.blocking ? 'Blocking' : 'Not blocking'}</strong> · matched by{' '}
              {MATCHED_BY[row.matchedBy]} ·{' '}
              {row.until === null
                ? 'permanent'
                : `${row.period}, until ${formatDateTime(row.until)}`}{' '}
              · carried {formatDateTime(row.carriedAt)}
            </p>
            {row.review ? (
              <p className="admin-ticket__reply">
                Reviewed: {row.review.decision} · {row.review.reason}
                {row.review.at ? ` (${formatDateTime(row.review.at)})` : ''}
              </p>
            ) : null}
            <ReviewForm row={row} onReviewed={onReviewed} />
          </li>
        ))}
      </ul>
    </>
  );
}
