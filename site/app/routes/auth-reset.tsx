// The page a password-reset mail links to: choose a new password. The token stays in the page (the
// server spends it only when the new password is accepted); success signs out every device.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { authMessages } from '../../shared/auth-messages';
import { apiFetch } from '../components/account/api';
import { Banner } from '../components/account/banner';
import { NEW_PASSWORD_HINT, newPasswordError, PasswordField } from '../components/account/fields';
import { useHydrated } from '../components/account/use-hydrated';
import { BRAND } from '../content/brand';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/auth-reset';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Choose a new password · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
  // The token is in this page's address: it must not leave in a Referer.
  { name: 'referrer', content: 'no-referrer' },
];

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

const LINK_PROBLEMS = new Set(['token_invalid', 'token_expired']);

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { token } = loaderData;
  const hydrated = useHydrated();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<{ message: string; badLink: boolean } | null>(
    token ? null : { message: authMessages.tokenInvalid, badLink: true },
  );
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = newPasswordError(password);
    setError(found);
    if (found) return;
    setBusy(true);
    const answer = await apiFetch<{ message: string }>('/api/auth/password/reset', {
      method: 'POST',
      body: { token, password },
      fallbackError: authMessages.unexpected,
    });
    setBusy(false);
    if (answer.ok) return setDone(answer.data.message);
    if (answer.code && LINK_PROBLEMS.has(answer.code)) {
      return setProblem({ message: answer.error, badLink: true });
    }
    if (answer.code === 'weak_password' || answer.code === 'common_password') {
      return setError(answer.error);
    }
    setProblem({ message: answer.error, badLink: false });
  }

  return (
    <section className="auth container" aria-labelledby="reset-title">
      <div className="auth__card">
        <p className="eyebrow">Your account</p>
        <h1 id="reset-title" className="auth__title">
          Choose a new password
        </h1>
        {done ? (
          <Banner tone="success" title={done}>
            <p>Every device that was signed in is signed out now.</p>
            <p>
              <Link to="/auth">Log in</Link>
            </p>
          </Banner>
        ) : problem?.badLink ? (
          <Banner tone="error" title={problem.message}>
            <p>
              Reset links work once, for an hour. <Link to="/auth/forgot">Ask for a new link</Link>.
            </p>
          </Banner>
        ) : (
          <form
            className="form"
            onSubmit={submit}
            noValidate
            aria-label="Choose a new password"
            data-ready={hydrated ? 'true' : undefined}
          >
            {problem ? <Banner tone="error" title={problem.message} /> : null}
            <PasswordField
              label="New password"
              name="password"
              value={password}
              onChange={setPassword}
              error={error}
              hint={NEW_PASSWORD_HINT}
              autoComplete="new-password"
            />
            <div className="form__actions">
              <button type="submit" className="button button--wide" disabled={!hydrated || busy}>
                {busy ? 'Saving…' : 'Save the new password'}
              </button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
