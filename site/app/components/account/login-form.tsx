// The log-in form (`POST /api/auth/login`): email and password, checked here first.
import { useState } from 'react';
import { Link } from 'react-router';
import { checkLogin } from './auth-checks';
import { RefusalBanner, type AuthFormProps } from './auth-next-step';
import { EmailField, PasswordField, Spinning } from './fields';
import { useAuthSubmit } from './use-auth-submit';
import { useHydrated } from './use-hydrated';

export function LoginForm({ email, setEmail, onSignedIn, onSwitch }: AuthFormProps) {
  const hydrated = useHydrated();
  const [password, setPassword] = useState('');
  const { errors, refusal, busy, submit } = useAuthSubmit({
    path: '/api/auth/login',
    check: () => checkLogin(email, password),
    body: () => ({ email: email.trim(), password }),
    onSignedIn,
  });

  return (
    <form
      className="form"
      onSubmit={submit}
      noValidate
      aria-label="Log in"
      data-ready={hydrated ? 'true' : undefined}
    >
      <RefusalBanner refusal={refusal} mode="login" onSwitch={onSwitch} />
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
