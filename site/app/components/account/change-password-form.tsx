// Change the password (signed in): the current one, then the new one, an island that keeps what
// was typed across a refusal and calls `POST /api/me/password`; without scripts the same form
// posts to the account page's action (`intent=change-password`, the page door's
// `changePassword`). Every other device is signed out when it succeeds; this one stays signed in.
import { useState, type FormEvent } from 'react';
import { authMessages } from '#site/shared/auth-messages.ts';
import { componentIsland } from '../../islands';
import { apiFetch } from './api';
import { Banner } from './banner';
import { NEW_PASSWORD_HINT, newPasswordError, PasswordField } from './fields';
import { IntentForm } from './intent-form';

export const CHANGE_PASSWORD_INTENT = 'change-password';

type Errors = { currentPassword?: string | undefined; newPassword?: string | undefined };

export interface PasswordChange {
  errors: Errors;
  result: { tone: 'success' | 'error'; text: string } | null;
}

/** The refusal of a change as the form shows it, by its code. */
export function changeRefused(code: string | null, error: string): PasswordChange {
  if (code === 'wrong_password') return { errors: { currentPassword: error }, result: null };
  if (code === 'weak_password' || code === 'common_password') {
    return { errors: { newPassword: error }, result: null };
  }
  return { errors: {}, result: { tone: 'error', text: error } };
}

/** The form's own first check (the server checks the same again). */
export function checkChange(currentPassword: string, newPassword: string): Errors {
  return {
    currentPassword: currentPassword ? undefined : authMessages.passwordRequired,
    newPassword: newPasswordError(newPassword),
  };
}

function ChangePasswordForm({ change }: { change: PasswordChange | null }) {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [errors, setErrors] = useState<Errors>(change?.errors ?? {});
  const [result, setResult] = useState(change?.result ?? null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkChange(currentPassword, newPassword);
    setErrors(found);
    setResult(null);
    if (found.currentPassword || found.newPassword) return;
    setBusy(true);
    const answer = await apiFetch<{ message: string }>('/api/me/password', {
      method: 'POST',
      body: { currentPassword, newPassword },
      fallbackError: authMessages.unexpected,
    });
    setBusy(false);
    if (answer.ok) {
      setCurrent('');
      setNew('');
      return setResult({ tone: 'success', text: answer.data.message });
    }
    const refused = changeRefused(answer.code, answer.error);
    setErrors(refused.errors);
    setResult(refused.result);
  }

  return (
    <IntentForm intent={CHANGE_PASSWORD_INTENT} label="Change password" onSubmit={submit}>
      {result ? <Banner tone={result.tone} title={result.text} /> : null}
      <PasswordField
        label="Current password"
        name="currentPassword"
        value={currentPassword}
        onChange={setCurrent}
        error={errors.currentPassword}
        autoComplete="current-password"
        autoFocus={Boolean(change?.errors.currentPassword)}
      />
      <PasswordField
        label="New password"
        name="newPassword"
        value={newPassword}
        onChange={setNew}
        error={errors.newPassword}
        hint={NEW_PASSWORD_HINT}
        autoComplete="new-password"
        autoFocus={!change?.errors.currentPassword && Boolean(change?.errors.newPassword)}
      />
      <div className="form__actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Saving…' : 'Change password'}
        </button>
      </div>
    </IntentForm>
  );
}

export const changePasswordIsland = componentIsland('change-password', ChangePasswordForm);
