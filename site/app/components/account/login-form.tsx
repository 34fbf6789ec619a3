// The log-in form (`POST /api/auth/login`): email and password, checked here first.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { PublicUser } from '../../../server/auth/users';
import { apiFetch } from './api';
import { checkLogin, M, type Errors } from './auth-checks';
import { NextStep, type AuthFormProps } from './auth-next-step';
import { Banner } from './banner';
import { EmailField, focusFirstError, PasswordField, Spinning } from './fields';
import { useHydrated } from './use-hydrated';

export function LoginForm({ email, setEmail, onSignedIn, onSwitch }: AuthFormProps) {
  const hydrated = useHydrated();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors<{ email: string; password: string }>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const found = checkLogin(email, password);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return focusFirstError(form, Object.keys(found));
    setBusy(true);
    const answer = await apiFetch<{ user: PublicUser }>('/api/auth/login', {
      method: 'POST',
      body: { email: email.trim(), password },
      fallbackError: M.unexpected,
    });
    if (answer.ok) return onSignedIn(answer.data.user);
    setBusy(false);
    setServerError(answer.error);
  }

  return (
    <form
      className="form"
      onSubmit={submit}
      noValidate
      aria-label="Log in"
      data-ready={hydrated ? 'true' : undefined}
    >
      {serverError ? (
        <Banner tone="error" title={serverError}>
          <NextStep message={serverError} onSwitch={onSwitch} mode="login" />
        </Banner>
      ) : null}
      <EmailField value={email} onChange={setEmail} error={errors.email} />
      <PasswordField
        value={password}
        onChange={setPassword}
        error={errors.password}
        autoComplete="current-password"
      />
      <p className="form__hint">
        <Link to="/auth/forgot">Forgot password?</Link>
      </p>
      <div className="form__actions">
        <button type="submit" className="button button--wide" disabled={!hydrated || busy}>
          {busy ? <Spinning>Logging in…</Spinning> : 'Log in'}
        </button>
      </div>
    </form>
  );
}
