// The account forms' kit (sign in, sign up, forgot, reset, change password, link Google): a labelled
// input (and its email preset), a password input with "Show password", a checkbox, each announcing its error or hint; the
// busy button's spinner; moving focus to the first error; the client's new-password check.
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { authMessages, LIMITS } from '../../../shared/auth-messages';
import { FieldError } from './complete-profile-dialog';

export function TextField({
  label,
  name,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  optional = false,
  ...rest
}: {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  error: string | undefined;
  hint?: string;
  type?: string;
  /** Not required (its label says so). */
  optional?: boolean;
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal' | 'email' | 'text';
  maxLength?: number;
  placeholder?: string;
}) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
        {...rest}
      />
      {error ? (
        <FieldError id={`${id}-error`} message={error} />
      ) : hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The email input of the log-in, sign-up and forgot-password forms. */
export function EmailField(props: {
  value: string;
  onChange(value: string): void;
  error: string | undefined;
}) {
  return <TextField label="Email" name="email" type="email" autoComplete="email" {...props} />;
}

/** A password input; its checkbox reads "Show <label, lower case>" ("Show password" by default). */
export function PasswordField({
  label = 'Password',
  name = 'password',
  value,
  onChange,
  error,
  hint,
  autoComplete,
}: {
  label?: string;
  name?: string;
  value: string;
  onChange(value: string): void;
  error: string | undefined;
  hint?: string;
  autoComplete: 'current-password' | 'new-password';
}) {
  const id = useId();
  const [show, setShow] = useState(false);
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={show ? 'text' : 'password'}
        value={value}
        required
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <FieldError id={`${id}-error`} message={error} />
      ) : hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <label className="check check--small">
        <input type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} />
        <span>Show {label.toLowerCase()}</span>
      </label>
    </div>
  );
}

export function CheckField({
  name,
  checked,
  onChange,
  error,
  children,
}: {
  name: string;
  checked: boolean;
  onChange(checked: boolean): void;
  error: string | undefined;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="field field--check">
      <div className="check">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id}>{children}</label>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

type Names = { firstName: string; lastName: string };

/** First name and surname side by side: every new account's names (by email or by phone). */
export function NameFields({
  values,
  onChange,
  errors,
}: {
  values: Names;
  onChange(key: keyof Names, value: string): void;
  errors: Partial<Record<keyof Names, string>>;
}) {
  return (
    <div className="form__row">
      <TextField
        label="First name"
        name="firstName"
        autoComplete="given-name"
        value={values.firstName}
        onChange={(value) => onChange('firstName', value)}
        error={errors.firstName}
      />
      <TextField
        label="Surname"
        name="lastName"
        autoComplete="family-name"
        value={values.lastName}
        onChange={(value) => onChange('lastName', value)}
        error={errors.lastName}
      />
    </div>
  );
}

type Consents = { adult: boolean; terms: boolean };

/** The two boxes every new account ticks: 18 or older, and the terms and privacy policy. */
export function ConsentFields({
  values,
  onChange,
  errors,
}: {
  values: Consents;
  onChange(key: keyof Consents, checked: boolean): void;
  errors: Partial<Record<keyof Consents, string>>;
}) {
  return (
    <>
      <CheckField
        name="adult"
        checked={values.adult}
        onChange={(checked) => onChange('adult', checked)}
        error={errors.adult}
      >
        I am 18 years old or older.
      </CheckField>
      <CheckField
        name="terms"
        checked={values.terms}
        onChange={(checked) => onChange('terms', checked)}
        error={errors.terms}
      >
        I accept the <Link to="/terms">Terms and Conditions</Link> and the{' '}
        <Link to="/privacy">Privacy Policy</Link>.
      </CheckField>
    </>
  );
}

/** The light spinner and words inside a busy submit button. */
export function Spinning({ children }: { children: ReactNode }) {
  return (
    <>
      <span className="spinner spinner--light" aria-hidden="true" />
      {children}
    </>
  );
}

/** Moves focus to the first field that has an error, so the person hears what to fix. */
export function focusFirstError(form: HTMLFormElement, names: string[]) {
  for (const name of names) {
    const element = form.elements.namedItem(name);
    if (element instanceof HTMLElement) return element.focus();
  }
}

/** The client's first check of a new password; the server also refuses common ones. */
export function newPasswordError(password: string): string | undefined {
  if (!password) return authMessages.passwordRequired;
  if (password.length < LIMITS.passwordMin) return authMessages.weakPassword;
  if (password.length > LIMITS.passwordMax) return authMessages.passwordTooLong;
  return undefined;
}

export const NEW_PASSWORD_HINT = `At least ${LIMITS.passwordMin} characters, and not a common password.`;
