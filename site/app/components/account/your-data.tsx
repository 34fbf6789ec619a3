// "Your data" on the account page: download everything held about you, or delete the account
// (DELETE /api/me). Deleting asks for the password (a Google-only account: a fresh Google sign-in)
// and says first what happens.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { authMessages } from '../../../shared/auth-messages';
import { SUPPORT_PAGE } from '../../content/brand';
import { apiFetch } from './api';
import { Banner } from './banner';
import { PasswordField } from './fields';
import { useHydrated } from './use-hydrated';

const NEXT_STEP: Record<string, string> = {
  balance_not_zero: '/rentalgame/withdraw',
  seat_held: '/rentalgame/playerwaitingroom',
};

export function YourData({ hasPassword }: { hasPassword: boolean }) {
  const hydrated = useHydrated();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ text: string; code: string | null } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (hasPassword && !password)
      return setError({ text: authMessages.passwordRequired, code: null });
    setBusy(true);
    setError(null);
    const answer = await apiFetch<{ erased: boolean }>('/api/me', {
      method: 'DELETE',
      body: hasPassword ? { password } : {},
      fallbackError: authMessages.unexpected,
    });
    setBusy(false);
    if (answer.ok) return window.location.assign('/?deleted=1');
    setError({ text: answer.error, code: answer.code });
  }

  const next = error?.code ? NEXT_STEP[error.code] : undefined;
  return (
    <section aria-labelledby="data-title" className="your-data">
      <h2 id="data-title">Your data</h2>
      <p>
        <a href="/api/me/export" download className="button button--secondary">
          Download my data
        </a>
      </p>
      <p>
        One JSON file with your profile, transactions, payments, games, sign-ins and support
        messages.
      </p>
      <details>
        <summary>Delete my account</summary>
        <p>
          Deleting erases your name, email, phone numbers and messages and signs you out everywhere.
          Your past transactions and games stay in our books under an anonymous number, as the law
          on payments requires. Your wallet must be empty and you must not be seated in a game. You
          can sign up again later with the same email.
        </p>
        <p>
          A self-exclusion you chose keeps running to its end: a new account with the same email,
          phone number or mobile-money number is excluded until the same time.
        </p>
        <form className="form" onSubmit={submit} noValidate aria-label="Delete my account">
          {error ? (
            <Banner tone="error" title={error.text}>
              {next ? (
                <p>
                  <Link to={next}>
                    {error.code === 'balance_not_zero' ? 'Withdraw' : 'Go to your game'}
                  </Link>
                </p>
              ) : null}
            </Banner>
          ) : null}
          {hasPassword ? (
            <PasswordField
              label="Password"
              name="deletePassword"
              value={password}
              onChange={setPassword}
              error={undefined}
              autoComplete="current-password"
            />
          ) : (
            <p>
              This account signs in with Google: sign out, sign in with Google again, then delete
              within 10 minutes.
            </p>
          )}
          <div className="form__actions">
            <button type="submit" className="button button--danger" disabled={!hydrated || busy}>
              {busy ? 'Deleting…' : 'Delete my account for good'}
            </button>
          </div>
          <p>
            Questions first? <Link to={SUPPORT_PAGE}>Ask support</Link>.
          </p>
        </form>
      </details>
    </section>
  );
}
