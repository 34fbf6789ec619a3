// The sign-up form: names, phone, email, password, age and terms, checked here first, then
// `POST /api/auth/signup`; without scripts it posts to the auth page's action (`intent=signup`).
import { useState } from 'react';
import { LIMITS } from '#site/shared/auth-messages.ts';
import { checkSignup, type SignupFields } from './auth-checks';
import { RefusalBanner, type AuthFormProps } from './auth-next-step';
import {
  ConsentFields,
  EmailField,
  NameFields,
  PasswordField,
  Spinning,
  TextField,
} from './fields';
import { PHONE_INPUT, phoneDigits } from './phone';
import { useAuthSubmit } from './use-auth-submit';
import { useHydrated } from './use-hydrated';

export const SIGNUP_INTENT = 'signup';

/** The sign-up fields a re-rendered form keeps (never the password). */
export type SignupDraft = Omit<SignupFields, 'email' | 'password'>;

export const EMPTY_SIGNUP: SignupDraft = {
  firstName: '',
  lastName: '',
  phone: '',
  adult: false,
  terms: false,
};

export function SignupForm({
  email,
  setEmail,
  onSignedIn,
  onSwitch,
  switchHref,
  initial,
  supportEmail,
  draft = EMPTY_SIGNUP,
}: AuthFormProps & { draft?: SignupDraft }) {
  const hydrated = useHydrated();
  const [fields, setFields] = useState<Omit<SignupFields, 'email'>>({ ...draft, password: '' });
  const { errors, refusal, busy, submit } = useAuthSubmit<SignupFields>({
    path: '/api/auth/signup',
    check: () => checkSignup({ ...fields, email }),
    body: () => ({
      firstName: fields.firstName.trim(),
      lastName: fields.lastName.trim(),
      phone: fields.phone,
      email: email.trim(),
      password: fields.password,
      adult: fields.adult,
      terms: fields.terms,
    }),
    onSignedIn,
    ...(initial ? { initial } : {}),
  });
  const set = <K extends keyof typeof fields>(key: K) => {
    return (value: (typeof fields)[K]) => setFields((f) => ({ ...f, [key]: value }));
  };
  const first = Object.keys(initial?.errors ?? {})[0];

  return (
    <form
      className="form"
      method="post"
      onSubmit={submit}
      noValidate
      aria-label="Sign up"
      data-ready={hydrated ? 'true' : undefined}
    >
      <input type="hidden" name="intent" value={SIGNUP_INTENT} />
      <RefusalBanner
        refusal={refusal}
        mode="signup"
        onSwitch={onSwitch}
        switchHref={switchHref}
        supportEmail={supportEmail}
      />
      <NameFields
        values={fields}
        onChange={(key, value) => set(key)(value)}
        errors={errors}
        first={first}
      />
      <TextField
        label="Phone number"
        name="phone"
        {...PHONE_INPUT}
        hint="Your Zambian mobile number: 10 digits starting 095, 096, 097, 076 or 077."
        value={fields.phone}
        onChange={(value) => set('phone')(phoneDigits(value))}
        error={errors.phone}
        autoFocus={first === 'phone'}
      />
      <EmailField
        value={email}
        onChange={setEmail}
        error={errors.email}
        autoFocus={first === 'email'}
      />
      <PasswordField
        value={fields.password}
        onChange={set('password')}
        error={errors.password}
        autoComplete="new-password"
        hint={`At least ${LIMITS.passwordMin} characters, and not a common password.`}
        autoFocus={first === 'password'}
      />
      <ConsentFields
        values={fields}
        onChange={(key, checked) => set(key)(checked)}
        errors={errors}
        first={first}
      />
      <div className="form__actions">
        <button type="submit" className="button button--wide" disabled={busy}>
          {busy ? <Spinning>Creating your account…</Spinning> : 'Create account'}
        </button>
      </div>
    </form>
  );
}
