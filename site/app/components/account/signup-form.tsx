// The sign-up form (`POST /api/auth/signup`): names, phone, email, password, age and terms.
import { useState } from 'react';
import { Link } from 'react-router';
import { LIMITS } from '../../../shared/auth-messages';
import { checkSignup, type SignupFields } from './auth-checks';
import { RefusalBanner, type AuthFormProps } from './auth-next-step';
import { CheckField, EmailField, PasswordField, Spinning, TextField } from './fields';
import { PHONE_INPUT_MAX_LENGTH, phoneDigits } from './phone';
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
      <div className="form__row">
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          value={fields.firstName}
          onChange={set('firstName')}
          error={errors.firstName}
        />
        <TextField
          label="Surname"
          name="lastName"
          autoComplete="family-name"
          value={fields.lastName}
          onChange={set('lastName')}
          error={errors.lastName}
        />
      </div>
      <TextField
        label="Phone number"
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={PHONE_INPUT_MAX_LENGTH}
        placeholder="0961234567"
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
      <CheckField name="adult" checked={fields.adult} onChange={set('adult')} error={errors.adult}>
        I am 18 years old or older.
      </CheckField>
      <CheckField name="terms" checked={fields.terms} onChange={set('terms')} error={errors.terms}>
        I accept the <Link to="/terms">Terms and Conditions</Link> and the{' '}
        <Link to="/privacy">Privacy Policy</Link>.
      </CheckField>
      <div className="form__actions">
        <button type="submit" className="button button--wide" disabled={!hydrated || busy}>
          {busy ? <Spinning>Creating your account…</Spinning> : 'Create account'}
        </button>
      </div>
    </form>
  );
}
