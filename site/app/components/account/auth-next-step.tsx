// The sign-in and sign-up forms' shared props, and the next step shown under a server's refusal.
import { Link } from 'react-router';
import type { PublicUser } from '../../../server/auth/users';
import { SupportReach } from '../support-contact';
import { M, type AuthMode } from './auth-checks';

export interface AuthFormProps {
  email: string;
  setEmail(email: string): void;
  onSignedIn(user: PublicUser): void;
  onSwitch(): void;
}

export function NextStep({
  message,
  mode,
  onSwitch,
}: {
  message: string;
  mode: AuthMode;
  onSwitch(): void;
}) {
  if (message === M.unknownEmail) {
    return (
      <p>
        Check the spelling, or{' '}
        <button type="button" className="link-button" onClick={onSwitch}>
          create an account
        </button>{' '}
        with this email.
      </p>
    );
  }
  if (message === M.emailTaken && mode === 'signup') {
    return (
      <p>
        <button type="button" className="link-button" onClick={onSwitch}>
          Log in with this email
        </button>{' '}
        instead, or use another one.
      </p>
    );
  }
  if (message === M.wrongPassword) {
    return (
      <p>
        Check that Caps Lock is off. <Link to="/auth/forgot">Forgot your password?</Link>
      </p>
    );
  }
  if (message.startsWith('Too many login attempts')) {
    return <p>This protects your account. Wait that long, then press Log in again.</p>;
  }
  if (message === M.unexpected) {
    return (
      <p>
        Check your connection and try again. If it keeps happening, write to us through{' '}
        <SupportReach />.
      </p>
    );
  }
  return <p>Correct the details below, then try again.</p>;
}
