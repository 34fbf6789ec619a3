// Forgot password: asks for the email and always answers the same words, whether or not an account
// has that address (the server does the same), so the page cannot be used to find accounts.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { authMessages } from '../../shared/auth-messages';
import { isValidEmail } from '../../shared/email';
import { apiFetch } from '../components/account/api';
import { Banner } from '../components/account/banner';
import { EmailField } from '../components/account/fields';
import { useHydrated } from '../components/account/use-hydrated';
import { BRAND } from '../content/brand';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/auth-forgot';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Forgot password · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
];

export default function ForgotPassword() {
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = email.trim();
    const found = !trimmed
      ? authMessages.emailRequired
      : isValidEmail(trimmed)
        ? undefined
        : authMessages.invalidEmail;
    setError(found);
    setServerError(null);
    if (found) return;
    setBusy(true);
    const answer = await apiFetch<{ message: string }>('/api/auth/password/forgot', {
      method: 'POST',
      body: { email: trimmed },
      fallbackError: authMessages.unexpected,
    });
    setBusy(false);
    if (answer.ok) return setSent(answer.data.message);
    setServerError(answer.error);
  }

  return (
    <section className="auth container" aria-labelledby="forgot-title">
      <div className="auth__card">
        <p className="eyebrow">Your account</p>
        <h1 id="forgot-title" className="auth__title">
          Forgot your password?
        </h1>
        {sent ? (
          <Banner tone="success" title={sent}>
            <p>
              Open the link in that mail within an hour to choose a new password. No mail? Check the
              spam folder, or try again in a minute.
            </p>
            <p>
              <Link to="/auth">Back to log in</Link>
            </p>
          </Banner>
        ) : (
          <form
            className="form"
            onSubmit={submit}
            noValidate
            aria-label="Reset your password"
            data-ready={hydrated ? 'true' : undefined}
          >
            <p className="form__hint">
              Enter the email address of your account. We will send you a link to choose a new
              password.
            </p>
            {serverError ? <Banner tone="error" title={serverError} /> : null}
            <EmailField value={email} onChange={setEmail} error={error} />
            <div className="form__actions">
              <button type="submit" className="button button--wide" disabled={!hydrated || busy}>
                {busy ? 'Sending…' : 'Send me a link'}
              </button>
            </div>
            <p>
              <Link to="/auth">Back to log in</Link>
            </p>
          </form>
        )}
      </div>
    </section>
  );
}
