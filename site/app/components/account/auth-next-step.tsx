// The sign-in and sign-up forms' shared props, and the next step shown under a server's refusal,
// chosen by the refusal's `code` (docs/api.md), never by its words.
import type { ReactNode } from 'react';
import type { PublicUser } from '#site/server/auth/users.ts';
import { RATE_LIMITED } from '#site/shared/rate-limited.ts';
import type { AuthMode, Errors, SignupFields } from './auth-checks';
import { Banner } from './banner';
import type { AuthRefusal } from './use-auth-submit';
import { useHydrated } from './use-hydrated';
import { SupportReachTo } from '../support-reach';
import { PATHS } from '#site/shared/paths.ts';

/** What the server found when a form was posted without scripts (the action's answer). */
export interface AuthFormState {
  errors: Errors<SignupFields>;
  refusal: AuthRefusal | null;
}

export interface AuthFormProps {
  email: string;
  setEmail(email: string): void;
  onSignedIn(user: PublicUser): void;
  onSwitch(): void;
  /** The other form's address (where the switch goes without scripts), the email kept. */
  switchHref: string;
  initial: AuthFormState | null;
  /** SUPPORT_EMAIL, for the next step after an unexpected failure. */
  supportEmail: string | null;
}

/** A switch to the other form: a button once scripts run, a link before (and without them). */
function SwitchControl({
  onSwitch,
  href,
  children,
}: {
  onSwitch(): void;
  href: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return hydrated ? (
    <button type="button" className="link-button" onClick={onSwitch}>
      {children}
    </button>
  ) : (
    <a href={href}>{children}</a>
  );
}

interface NextStepProps {
  code: string | null;
  mode: AuthMode;
  onSwitch(): void;
  switchHref: string;
  supportEmail: string | null;
}

export function NextStep({ code, mode, onSwitch, switchHref, supportEmail }: NextStepProps) {
  switch (code) {
    case 'unknown_email':
      return (
        <p>
          Check the spelling, or{' '}
          <SwitchControl onSwitch={onSwitch} href={switchHref}>
            create an account
          </SwitchControl>{' '}
          with this email.
        </p>
      );
    case 'email_taken':
      if (mode !== 'signup') break;
      return (
        <p>
          <SwitchControl onSwitch={onSwitch} href={switchHref}>
            Log in with this email
          </SwitchControl>{' '}
          instead, or use another one.
        </p>
      );
    case 'wrong_password':
      return (
        <p>
          Check that Caps Lock is off. <a href={PATHS.forgotPassword}>Forgot your password?</a>
        </p>
      );
    case RATE_LIMITED:
      return <p>This protects your account. Wait that long, then press Log in again.</p>;
    case 'unknown_error':
    case null:
      return (
        <p>
          Check your connection and try again. If it keeps happening, write to us through{' '}
          <SupportReachTo email={supportEmail} />.
        </p>
      );
  }
  return <p>Correct the details below, then try again.</p>;
}

/** The refusal's own words as the title, the next step under them. */
export function RefusalBanner({
  refusal,
  ...next
}: Omit<NextStepProps, 'code'> & { refusal: AuthRefusal | null }) {
  if (!refusal) return null;
  return (
    <Banner tone="error" title={refusal.error}>
      <NextStep code={refusal.code} {...next} />
    </Banner>
  );
}
