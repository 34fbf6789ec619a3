// Link Google to this account: the password first (so a borrowed session cannot do it), then the
// browser goes through Google and comes back to the account page. Other devices are signed out.
// An island (offered only where Google sign-in is configured): `POST /api/auth/google/link`
// answers the address to go to, which only a script can follow.
import { useState, type FormEvent } from 'react';
import { authMessages } from '#site/shared/auth-messages.ts';
import { componentIsland } from '../../islands';
import { apiFetch } from './api';
import { Banner } from './banner';
import { PasswordField } from './fields';
import { useHydrated } from './use-hydrated';

function LinkGoogleForm() {
  const hydrated = useHydrated();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const found = password ? undefined : authMessages.passwordRequired;
    setError(found);
    if (found) return;
    setBusy(true);
    const answer = await apiFetch<{ url: string }>('/api/auth/google/link', {
      method: 'POST',
      body: { password },
      fallbackError: authMessages.unexpected,
    });
    if (answer.ok) return window.location.assign(answer.data.url);
    setBusy(false);
    if (answer.code === 'wrong_password') return setError(answer.error);
    setServerError(answer.error);
  }

  return (
    <form
      className="form"
      onSubmit={submit}
      noValidate
      aria-label="Link Google"
      data-ready={hydrated ? 'true' : undefined}
    >
      {serverError ? <Banner tone="error" title={serverError} /> : null}
      <p className="form__hint">
        Enter your password, then choose your Google account. After that you can log in with either.
      </p>
      <PasswordField
        value={password}
        onChange={setPassword}
        error={error}
        autoComplete="current-password"
      />
      <div className="form__actions">
        <button type="submit" className="button button--ghost" disabled={!hydrated || busy}>
          {busy ? 'Going to Google…' : 'Link Google'}
        </button>
      </div>
    </form>
  );
}

export const linkGoogleIsland = componentIsland('link-google', LinkGoogleForm);
