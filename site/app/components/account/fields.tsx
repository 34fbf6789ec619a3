// The account forms' kit (sign in, sign up, forgot, reset, change password, link Google): a labelled
// input (and its email preset), a password input with "Show password", a checkbox, each announcing
// its error or hint; the busy button's spinner; moving focus to the first error; the client's
// new-password check. Every field has its `name`, so a form posts as a plain form too (without
// scripts, or before its island has hydrated). Without `onChange` a field is left to the browser
// (`defaultValue`): the kit of a form that only ever posts.
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { authMessages, LIMITS } from '#site/shared/auth-messages.ts';
import { useHydrated } from './use-hydrated';

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field__error">
      {message}
    </p>
  );
}

/** Controlled when the form keeps the value; the browser's own field when it only posts. */
function control(value: string, onChange: ((value: string) => void) | undefined) {
  return onChange
    ? { value, onChange: (e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value) }
    : { defaultValue: value };
}

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
  onChange?(value: string): void;
  error: string | undefined;
  hint?: string;
  type?: string;
  /** Not required (its label says so). */
  optional?: boolean;
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal' | 'email' | 'text';
  maxLength?: number;
  placeholder?: string;
  /** The server found this field wrong (a form posted without scripts): focus it. */
  autoFocus?: boolean;
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
        {...control(value, onChange)}
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
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
  onChange?(value: string): void;
  error: string | undefined;
  autoFocus?: boolean;
}) {
  return <TextField label="Email" name="email" type="email" autoComplete="email" {...props} />;
}

/**
 * A password input; its checkbox reads "Show <label, lower case>" ("Show password" by default) and
 * appears once scripts run (without them it could do nothing).
 */
export function PasswordField({
  label = 'Password',
  name = 'password',
  value,
  onChange,
  error,
  hint,
  autoComplete,
  autoFocus,
}: {
  label?: string;
  name?: string;
  value: string;
  onChange?(value: string): void;
  error: string | undefined;
  hint?: string;
  autoComplete: 'current-password' | 'new-password';
  autoFocus?: boolean;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [show, setShow] = useState(false);
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={show ? 'text' : 'password'}
        {...control(value, onChange)}
        required
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error ? (
        <FieldError id={`${id}-error`} message={error} />
      ) : hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {hydrated ? (
        <label className="check check--small">
          <input type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} />
          <span>Show {label.toLowerCase()}</span>
        </label>
      ) : null}
    </div>
  );
}

export function CheckField({
  name,
  checked,
  onChange,
  error,
  autoFocus,
  children,
}: {
  name: string;
  checked: boolean;
  onChange(checked: boolean): void;
  error: string | undefined;
  autoFocus?: boolean;
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
          autoFocus={autoFocus}
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

/**
 * First name and surname side by side: every new account's names (by email or by phone). `first` is
 * the field the server found wrong first (a form posted without scripts): it gets the focus.
 */
export function NameFields({
  values,
  onChange,
  errors,
  first,
}: {
  values: Names;
  onChange(key: keyof Names, value: string): void;
  errors: Partial<Record<keyof Names, string>>;
  first?: string | undefined;
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
        autoFocus={first === 'firstName'}
      />
      <TextField
        label="Surname"
        name="lastName"
        autoComplete="family-name"
        value={values.lastName}
        onChange={(value) => onChange('lastName', value)}
        error={errors.lastName}
        autoFocus={first === 'lastName'}
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
  first,
}: {
  values: Consents;
  onChange(key: keyof Consents, checked: boolean): void;
  errors: Partial<Record<keyof Consents, string>>;
  first?: string | undefined;
}) {
  return (
    <>
      <CheckField
        name="adult"
        checked={values.adult}
        onChange={(checked) => onChange('adult', checked)}
        error={errors.adult}
        autoFocus={first === 'adult'}
      >
        I am 18 years old or older.
      </CheckField>
      <CheckField
        name="terms"
        checked={values.terms}
        onChange={(checked) => onChange('terms', checked)}
        error={errors.terms}
        autoFocus={first === 'terms'}
      >
        I accept the <a href="/terms">Terms and Conditions</a> and the{' '}
        <a href="/privacy">Privacy Policy</a>.
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
