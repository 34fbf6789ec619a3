// Change the password (signed in): the current one, then the new one. Every other device is signed
// out when it succeeds; this one stays signed in.
import { useState, type FormEvent } from 'react';
import { authMessages } from '../../../shared/auth-messages';
import { apiFetch } from './api';
import { Banner } from './banner';
import { NEW_PASSWORD_HINT, newPasswordError, PasswordField } from './fields';
import { useHydrated } from './use-hydrated';

type Errors = { currentPassword?: string | undefined; newPassword?: string | undefined };

export function ChangePasswordForm() {
  const hydrated = useHydrated();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Errors = {
      currentPassword: currentPassword ? undefined : authMessages.passwordRequired,
      newPassword: newPasswordError(newPassword),
    };
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
    if (answer.code === 'wrong_password') return setErrors({ currentPassword: answer.error });
    if (answer.code === 'weak_password' || answer.code === 'common_password') {
      return setErrors({ newPassword: answer.error });
    }
    setResult({ tone: 'error', text: answer.error });
  }

  return (
    <form
      className="form"
      onSubmit={submit}
      noValidate
      aria-label="Change password"
      data-ready={hydrated ? 'true' : undefined}
    >
      {result ? <Banner tone={result.tone} title={result.text} /> : null}
      <PasswordField
        label="Current password"
        name="currentPassword"
        value={currentPassword}
        onChange={setCurrent}
        error={errors.currentPassword}
        autoComplete="current-password"
      />
      <PasswordField
        label="New password"
        name="newPassword"
        value={newPassword}
        onChange={setNew}
        error={errors.newPassword}
        hint={NEW_PASSWORD_HINT}
        autoComplete="new-password"
      />
      <div className="form__actions">
        <button type="submit" className="button" disabled={!hydrated || busy}>
          {busy ? 'Saving…' : 'Change password'}
        </button>
      </div>
    </form>
  );
}
