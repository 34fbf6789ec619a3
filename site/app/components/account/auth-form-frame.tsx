// What the log-in and the sign-up forms share: the form that posts to the auth page's action
// without scripts (`intent`), the refusal with its next step, the email row (the address both
// forms keep between them) and the submit button.
import type { FormEvent, ReactNode } from 'react';
import type { AuthMode } from './auth-checks';
import { RefusalBanner, type AuthFormProps } from './auth-next-step';
import { EmailField, Spinning } from './fields';
import type { AuthRefusal } from './use-auth-submit';
import { IntentForm } from './intent-form';

/** Each form's `intent` (what the page's action reads without scripts) and its words. */
export const AUTH_FORMS = {
  login: { intent: 'login', label: 'Log in', submit: 'Log in', busy: 'Logging in…' },
  signup: {
    intent: 'signup',
    label: 'Sign up',
    submit: 'Create account',
    busy: 'Creating your account…',
  },
} as const satisfies Record<
  AuthMode,
  { intent: string; label: string; submit: string; busy: string }
>;

export function AuthFormFrame({
  mode,
  form,
  submission,
  first,
  beforeEmail,
  children,
}: {
  mode: AuthMode;
  form: Pick<AuthFormProps, 'email' | 'setEmail' | 'onSwitch' | 'switchHref' | 'supportEmail'>;
  /** `useAuthSubmit`'s answer: the email's error, the refusal, whether it is busy, the submit. */
  submission: {
    errors: { email?: string | undefined };
    refusal: AuthRefusal | null;
    busy: boolean;
    submit(event: FormEvent<HTMLFormElement>): void;
  };
  /** The first field found wrong when the form was posted without scripts (it gets the focus). */
  first: string | undefined;
  /** The rows above the email (the sign-up's names and number). */
  beforeEmail?: ReactNode;
  /** The rows below it. */
  children: ReactNode;
}) {
  const { intent, label, submit: submitText, busy: busyText } = AUTH_FORMS[mode];
  const { errors, refusal, busy, submit } = submission;
  return (
    <IntentForm intent={intent} label={label} onSubmit={submit}>
      <RefusalBanner
        refusal={refusal}
        mode={mode}
        onSwitch={form.onSwitch}
        switchHref={form.switchHref}
        supportEmail={form.supportEmail}
      />
      {beforeEmail}
      <EmailField
        value={form.email}
        onChange={form.setEmail}
        error={errors.email}
        autoFocus={first === 'email'}
      />
      {children}
      <div className="form__actions">
        <button type="submit" className="button button--wide" disabled={busy}>
          {busy ? <Spinning>{busyText}</Spinning> : submitText}
        </button>
      </div>
    </IntentForm>
  );
}
