// The sign-in and sign-up forms' shared props, and the next step shown under a server's refusal,
// chosen by the refusal's `code` (docs/api.md), never by its words.
import { Link } from 'react-router';
import type { PublicUser } from '../../../server/auth/users';
import { RATE_LIMITED } from '../../../shared/rate-limited';
import type { AuthMode } from './auth-checks';
import { Banner } from './banner';
import type { AuthRefusal } from './use-auth-submit';
import { SupportReach } from '../support-contact';

export interface AuthFormProps {
  email: string;
  setEmail(email: string): void;
  onSignedIn(user: PublicUser): void;
  onSwitch(): void;
}

export function NextStep({
  code,
  mode,
  onSwitch,
}: {
  code: string | null;
  mode: AuthMode;
  onSwitch(): void;
}) {
  switch (code) {
    case 'unknown_email':
      return (
        <p>
          Check the spelling, or{' '}
          <button type="button" className="link-button" onClick={onSwitch}>
            create an account
          </button>{' '}
          with this email.
        </p>
      );
    case 'email_taken':
      if (mode !== 'signup') break;
      return (
        <p>
          <button type="button" className="link-button" onClick={onSwitch}>
            Log in with this email
          </button>{' '}
          instead, or use another one.
        </p>
      );
    case 'wrong_password':
      return (
        <p>
          Check that Caps Lock is off. <Link to="/auth/forgot">Forgot your password?</Link>
        </p>
      );
    case RATE_LIMITED:
      return <p>This protects your account. Wait that long, then press Log in again.</p>;
    case 'unknown_error':
    case null:
      return (
        <p>
          Check your connection and try again. If it keeps happening, write to us through{' '}
          <SupportReach />.
        </p>
      );
  }
  return <p>Correct the details below, then try again.</p>;
}

/** The refusal's own words as the title, the next step under them. */
export function RefusalBanner({
  refusal,
  mode,
  onSwitch,
}: {
  refusal: AuthRefusal | null;
  mode: AuthMode;
  onSwitch(): void;
}) {
  if (!refusal) return null;
  return (
    <Banner tone="error" title={refusal.error}>
      <NextStep code={refusal.code} onSwitch={onSwitch} mode={mode} />
    </Banner>
  );
}
