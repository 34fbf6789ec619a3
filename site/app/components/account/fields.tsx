// The account-security forms' fields (forgot, reset, change password, link Google): a labelled input
// whose error or hint is announced with it, and a password input with "Show password".
import { useId, useState } from 'react';
import { LIMITS } from '../../../server/auth/limits';
import { authMessages } from '../../../server/auth/messages';
import { FieldError } from './complete-profile-dialog';

export function EmailField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(value: string): void;
  error: string | undefined;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Email</label>
      <input
        id={id}
        name="email"
        type="email"
        autoComplete="email"
        value={value}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function PasswordInput({
  label,
  name,
  value,
  onChange,
  error,
  hint,
  autoComplete,
}: {
  label: string;
  name: string;
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

/** The client's first check of a new password; the server also refuses common ones. */
export function newPasswordError(password: string): string | undefined {
  if (!password) return authMessages.passwordRequired;
  if (password.length < LIMITS.passwordMin) return authMessages.weakPassword;
  if (password.length > LIMITS.passwordMax) return authMessages.passwordTooLong;
  return undefined;
}

export const NEW_PASSWORD_HINT = `At least ${LIMITS.passwordMin} characters, and not a common password.`;
