// The log-in form: email and password, checked here first, then `POST /api/auth/login`; without
// scripts it posts to the auth page's action (`intent=login`), which checks and signs in alike.
import { useState } from 'react';
import { checkLogin } from './auth-checks';
import { AUTH_FORMS, AuthFormFrame } from './auth-form-frame';
import type { AuthFormProps } from './auth-next-step';
import { PasswordField } from './fields';
import { useAuthSubmit } from './use-auth-submit';
import { PATHS } from '#site/shared/paths.ts';

export const LOGIN_INTENT = AUTH_FORMS.login.intent;

export function LoginForm(props: AuthFormProps) {
  const { email, onSignedIn, initial } = props;
  const [password, setPassword] = useState('');
  const submission = useAuthSubmit({
    path: '/api/auth/login',
    check: () => checkLogin(email, password),
    body: () => ({ email: email.trim(), password }),
    onSignedIn,
    ...(initial ? { initial } : {}),
  });
  const first = Object.keys(initial?.errors ?? {})[0];

  return (
    <AuthFormFrame mode="login" form={props} submission={submission} first={first}>
      <PasswordField
        value={password}
        onChange={setPassword}
        error={submission.errors.password}
        autoComplete="current-password"
        autoFocus={first === 'password'}
      />
      <p className="form__hint">
        <a href={PATHS.forgotPassword}>Forgot password?</a>
      </p>
    </AuthFormFrame>
  );
}
