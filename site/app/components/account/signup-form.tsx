// The sign-up form (`POST /api/auth/signup`): names, phone, email, password, age and terms.
import { useState } from 'react';
import { LIMITS } from '../../../shared/auth-messages';
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

export function SignupForm({ email, setEmail, onSignedIn, onSwitch }: AuthFormProps) {
  const hydrated = useHydrated();
  const [fields, setFields] = useState<Omit<SignupFields, 'email'>>({
    firstName: '',
    lastName: '',
    phone: '',
    password: '',
    adult: false,
    terms: false,
  });
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
  });
  const set = <K extends keyof typeof fields>(key: K) => {
    return (value: (typeof fields)[K]) => setFields((f) => ({ ...f, [key]: value }));
  };

  return (
    <form
      className="form"
      onSubmit={submit}
      noValidate
      aria-label="Sign up"
      data-ready={hydrated ? 'true' : undefined}
    >
      <RefusalBanner refusal={refusal} mode="signup" onSwitch={onSwitch} />
      <NameFields values={fields} onChange={(key, value) => set(key)(value)} errors={errors} />
      <TextField
        label="Phone number"
        name="phone"
        {...PHONE_INPUT}
        hint="Your Zambian mobile number: 10 digits starting 095, 096, 097, 076 or 077."
        value={fields.phone}
        onChange={(value) => set('phone')(phoneDigits(value))}
        error={errors.phone}
      />
      <EmailField value={email} onChange={setEmail} error={errors.email} />
      <PasswordField
        value={fields.password}
        onChange={set('password')}
        error={errors.password}
        autoComplete="new-password"
        hint={`At least ${LIMITS.passwordMin} characters, and not a common password.`}
      />
      <ConsentFields
        values={fields}
        onChange={(key, checked) => set(key)(checked)}
        errors={errors}
      />
      <div className="form__actions">
        <button type="submit" className="button button--wide" disabled={!hydrated || busy}>
          {busy ? <Spinning>Creating your account…</Spinning> : 'Create account'}
        </button>
      </div>
    </form>
  );
}
