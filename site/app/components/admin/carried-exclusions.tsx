// Exclusions carried from erased accounts that match the person whose file is open (decision 067):
// which block (an identity this person proved) and which are only a hint (one they typed), and the
// review of a disputed one: upheld or void, always with a reason, written to the audit log. The
// review posts to the console's action (a plain form), which opens the same file again.
import { Banner } from '../account/banner';
import { formatDateTime } from '../account/dates';
import type { CarriedExclusion } from './console-data';

/** The console action's intent for a review (routes/admin-dashboard.tsx). */
export const REVIEW_INTENT = 'review-exclusion';

/** A review the server refused: which row, why, and what was typed (kept for the next try). */
export interface ReviewProblem {
  exclusionId: string;
  error: string;
  decision: string;
  reason: string;
}

const MATCHED_BY: Record<CarriedExclusion['matchedBy'], string> = {
  email: 'their proved email',
  payer_number: 'a number they deposited from',
  sign_in_phone: 'their phone number, proved by an SMS code',
  unproved_email: 'their email (not proved): a hint only',
  profile_phone: 'their profile phone (typed, not proved): a hint only',
};

function ReviewForm({ row, problem }: { row: CarriedExclusion; problem: ReviewProblem | null }) {
  return (
    <form className="form" method="post" aria-label="Review this carried exclusion">
      <input type="hidden" name="intent" value={REVIEW_INTENT} />
      <input type="hidden" name="exclusionId" value={row.id} />
      {problem ? <Banner tone="error" title={problem.error} /> : null}
      <div className="field">
        <label htmlFor={`decision-${row.id}`}>Decision</label>
        <select
          id={`decision-${row.id}`}
          name="decision"
          required
          defaultValue={problem?.decision ?? ''}
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
          name="reason"
          required
          maxLength={500}
          rows={2}
          defaultValue={problem?.reason ?? ''}
        />
      </div>
      <button type="submit" className="button button--small">
        Save review
      </button>
    </form>
  );
}

export function CarriedExclusions({
  rows,
  problem,
}: {
  rows: readonly CarriedExclusion[];
  problem: ReviewProblem | null;
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
            <ReviewForm row={row} problem={problem?.exclusionId === row.id ? problem : null} />
          </li>
        ))}
      </ul>
    </>
  );
}
