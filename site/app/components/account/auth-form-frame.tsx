// What the log-in and the sign-up forms share: the form that posts to the auth page's action
// without scripts (`intent`), the refusal with its next step, the email row (the address both
// forms keep between them) and the submit button.
import type { FormEvent, ReactNode } from 'react';
import type { AuthMode } from './auth-checks';
import { RefusalBanner, type AuthFormProps } from './auth-next-step';
import { EmailField, Spinning } from './fields';
import type { AuthRefusal } from './use-auth-submit';
import { useHydrated } from './use-hydrated';

export function AuthFormFrame({
  mode,
  intent,
  label,
  form,
  submit,
  refusal,
  busy,
  submitText,
  busyText,
  emailError,
  first,
  beforeEmail,
  children,
}: {
  mode: AuthMode;
  intent: string;
  label: string;
  form: Pick<AuthFormProps, 'email' | 'setEmail' | 'onSwitch' | 'switchHref' | 'supportEmail'>;
  submit(event: FormEvent<HTMLFormElement>): void;
  refusal: AuthRefusal | null;
  busy: boolean;
  submitText: string;
  busyText: string;
  emailError: string | undefined;
  /** The first field found wrong when the form was posted without scripts (it gets the focus). */
  first: string | undefined;
  /** The rows above the email (the sign-up's names and number). */
  beforeEmail?: ReactNode;
  /** The rows below it. */
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <form
      className="form"
      method="post"
      onSubmit={submit}
      noValidate
      aria-label={label}
      data-ready={hydrated ? 'true' : undefined}
    >
      <input type="hidden" name="intent" value={intent} />
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
        error={emailError}
        autoFocus={first === 'email'}
      />
      {children}
      <div className="form__actions">
        <button type="submit" className="button button--wide" disabled={busy}>
          {busy ? <Spinning>{busyText}</Spinning> : submitText}
        </button>
      </div>
    </form>
  );
}
