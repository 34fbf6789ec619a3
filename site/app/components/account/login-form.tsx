// The log-in form: email and password, checked here first, then `POST /api/auth/login`; without
// scripts it posts to the auth page's action (`intent=login`), which checks and signs in alike.
import { useState } from 'react';
import { checkLogin } from './auth-checks';
import { RefusalBanner, type AuthFormProps } from './auth-next-step';
import { EmailField, PasswordField, Spinning } from './fields';
import { useAuthSubmit } from './use-auth-submit';
import { useHydrated } from './use-hydrated';

export const LOGIN_INTENT = 'login';

export function LoginForm({
  email,
  setEmail,
  onSignedIn,
  onSwitch,
  switchHref,
  initial,
  supportEmail,
}: AuthFormProps) {
  const hydrated = useHydrated();
  const [password, setPassword] = useState('');
  const { errors, refusal, busy, submit } = useAuthSubmit({
    path: '/api/auth/login',
    check: () => checkLogin(email, password),
    body: () => ({ email: email.trim(), password }),
    onSignedIn,
    ...(initial ? { initial } : {}),
  });
  const first = Object.keys(initial?.errors ?? {})[0];

  return (
    <form
      className="form"
      method="post"
      onSubmit={submit}
      noValidate
      aria-label="Log in"
      data-ready={hydrated ? 'true' : undefined}
    >
      <input type="hidden" name="intent" value={LOGIN_INTENT} />
      <RefusalBanner
        refusal={refusal}
        mode="login"
        onSwitch={onSwitch}
        switchHref={switchHref}
        supportEmail={supportEmail}
      />
      <EmailField
        value={email}
        onChange={setEmail}
        error={errors.email}
        autoFocus={first === 'email'}
      />
      <PasswordField
        value={password}
        onChange={setPassword}
        error={errors.password}
        autoComplete="current-password"
        autoFocus={first === 'password'}
      />
      <p className="form__hint">
        <a href="/auth/forgot">Forgot password?</a>
      </p>
      <div className="form__actions">
        <button type="submit" className="button button--wide" disabled={busy}>
          {busy ? <Spinning>Logging in…</Spinning> : 'Log in'}
        </button>
      </div>
    </form>
  );
}
