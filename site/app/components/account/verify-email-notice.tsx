// Shown while the account's email is not proved: what that means, and "Send the link again".
import { useState } from 'react';
import { authMessages } from '../../../shared/auth-messages';
import { apiFetch } from './api';
import { Banner } from './banner';

export function VerifyEmailNotice({ email }: { email: string }) {
  const [answer, setAnswer] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function sendAgain() {
    setBusy(true);
    const result = await apiFetch<{ message: string }>('/api/auth/email/verify-request', {
      method: 'POST',
      fallbackError: authMessages.unexpected,
    });
    setBusy(false);
    if (result.ok) return setAnswer({ tone: 'success', text: result.data.message });
    if (result.code === 'email_already_verified') return window.location.reload();
    setAnswer({ tone: 'error', text: result.error });
  }

  return (
    <Banner tone="info" title="Please confirm your email address.">
      <p>
        We sent a link to <strong>{email}</strong>. Opening it proves the address is yours, so you
        can always reset your password.
      </p>
      <p>
        <button type="button" className="link-button" onClick={sendAgain} disabled={busy}>
          {busy ? 'Sending…' : 'Send the link again'}
        </button>
      </p>
      {answer ? (
        <p className={answer.tone === 'error' ? 'field__error' : undefined}>{answer.text}</p>
      ) : null}
    </Banner>
  );
}
