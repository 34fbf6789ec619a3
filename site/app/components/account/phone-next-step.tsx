// What to do next under a refusal of the phone form that is about no one field, chosen by its
// `code` (docs/api.md), never by its words.
import type { MouseEvent } from 'react';
import { RATE_LIMITED } from '#site/shared/rate-limited.ts';
import { SupportReachTo } from '../support-reach';
import type { PhonePurpose } from './phone-sign-in-checks';
import { PATHS } from '#site/shared/paths.ts';

export function PhoneNextStep({
  purpose = 'sign-in',
  code,
  resendForm,
  onNewCode,
  canResend,
  supportEmail,
}: {
  purpose?: PhonePurpose;
  code: string | null;
  /** The form that asks for a new code without scripts (none at the number step). */
  resendForm: string | null;
  onNewCode(event: MouseEvent): void;
  canResend: boolean;
  supportEmail: string | null;
}) {
  switch (code) {
    case 'code_expired':
    case 'too_many_attempts':
      return (
        <p>
          {canResend && resendForm ? (
            <button type="submit" form={resendForm} className="link-button" onClick={onNewCode}>
              Send me a new code
            </button>
          ) : (
            'Wait a moment, then ask for a new code below.'
          )}
        </p>
      );
    case RATE_LIMITED:
      return (
        <p>
          This keeps your number safe from strangers. Wait that long, then ask again
          {purpose === 'sign-in' ? ', or use your email and password below' : ''}.
        </p>
      );
    case 'sms_not_sent':
      return (
        <p>
          Nothing was sent to your phone. Try again in a minute
          {purpose === 'sign-in' ? ', or use your email below' : ''}.
        </p>
      );
    case 'phone_taken':
      return (
        <p>
          Press Change number and enter your own, or log out and sign in with this number to use the
          account it belongs to.
        </p>
      );
    case 'no_password':
      return (
        <p>
          <a href={PATHS.forgotPassword}>Set a password by mail</a>, then confirm your number here.
        </p>
      );
    case 'phone_proved':
      return (
        <p>
          Your account already has a confirmed number. To change it, write to us through{' '}
          <SupportReachTo email={supportEmail} />.
        </p>
      );
  }
  return (
    <p>
      Check your connection and try again. If it keeps happening, write to us through{' '}
      <SupportReachTo email={supportEmail} />.
    </p>
  );
}
