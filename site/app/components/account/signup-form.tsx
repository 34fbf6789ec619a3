// The sign-up form: names, phone, email, password, age and terms, checked here first, then
// `POST /api/auth/signup`; without scripts it posts to the auth page's action (`intent=signup`).
import { phoneFieldValue } from '#site/shared/phone.ts';
import { useState } from 'react';
import { LIMITS } from '#site/shared/auth-messages.ts';
import { checkSignup, type SignupFields } from './auth-checks';
import { AUTH_FORMS, AuthFormFrame } from './auth-form-frame';
import type { AuthFormProps } from './auth-next-step';
import { ConsentFields, NameFields, PasswordField, TextField } from './fields';
import { PHONE_INPUT } from './phone';
import { useAuthSubmit } from './use-auth-submit';

export const SIGNUP_INTENT = AUTH_FORMS.signup.intent;

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
  draft = EMPTY_SIGNUP,
  ...props
}: AuthFormProps & { draft?: SignupDraft }) {
  const { email, onSignedIn, initial } = props;
  const [fields, setFields] = useState<Omit<SignupFields, 'email'>>({ ...draft, password: '' });
  const submission = useAuthSubmit<SignupFields>({
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
    <AuthFormFrame
      mode="signup"
      form={props}
      submission={submission}
      first={first}
      beforeEmail={
        <>
          <NameFields
            values={fields}
            onChange={(key, value) => set(key)(value)}
            errors={submission.errors}
            first={first}
          />
          <TextField
            label="Phone number"
            name="phone"
            {...PHONE_INPUT}
            hint="Your Zambian mobile number: 10 digits starting 095, 096, 097, 076 or 077."
            value={fields.phone}
            onChange={(value) => set('phone')(phoneFieldValue(value))}
            error={submission.errors.phone}
            autoFocus={first === 'phone'}
          />
        </>
      }
    >
      <PasswordField
        value={fields.password}
        onChange={set('password')}
        error={submission.errors.password}
        autoComplete="new-password"
        hint={`At least ${LIMITS.passwordMin} characters, and not a common password.`}
        autoFocus={first === 'password'}
      />
      <ConsentFields
        values={fields}
        onChange={(key, checked) => set(key)(checked)}
        errors={submission.errors}
        first={first}
      />
    </AuthFormFrame>
  );
}
