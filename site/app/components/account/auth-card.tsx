// The sign-in page's card, an island: "Log in" and "Sign up" (switched in place once scripts run,
// by a plain GET form before); the phone form first (number, SMS code, then names and consents for a
// new number), then Google when it is configured and email with a password, each form checked in
// the browser and sent to the JSON API, or posted to the page's action without scripts. Once a
// code is on its way the other ways step aside until "Change number"; after signing in, the
// complete-profile popup for an account that lacks names or a phone number, else on to `returnTo`.
import { useCallback, useState } from 'react';
import type { PublicUser } from '#site/server/auth/users.ts';
import { componentIsland } from '../../islands';
import type { AuthMode } from './auth-checks';
import type { AuthFormState } from './auth-next-step';
import { Banner } from './banner';
import { CompleteProfileDialog, needsProfile } from './complete-profile-dialog';
import { LoginForm } from './login-form';
import { PhoneSignIn } from './phone-sign-in';
import type { PhoneFormState, PhoneStep } from './phone-sign-in-checks';
import { SignupForm, type SignupDraft } from './signup-form';
import { useHydrated } from './use-hydrated';
import { PATHS } from '#site/shared/paths.ts';
import { authPath, signUpPath } from './return-to';

/** What a form posted without scripts found (the auth page's action answer). */
export interface AuthAttempt {
  mode: AuthMode;
  email: string;
  draft: SignupDraft | null;
  state: AuthFormState;
}

export interface AuthCardProps {
  mode: AuthMode;
  returnTo: string;
  google: boolean;
  isGuest: boolean;
  /** A failed Google round trip, by the code it came back with. */
  callbackError: { message: string; code: string } | null;
  supportEmail: string | null;
  attempt: AuthAttempt | null;
  /** Where the phone form stood after a step posted without scripts. */
  phoneAttempt: PhoneFormState | null;
}

function authHref(mode: AuthMode, returnTo: string): string {
  return mode === 'signup' ? signUpPath(returnTo) : authPath(returnTo);
}

function AuthCard({
  returnTo,
  google,
  isGuest,
  callbackError,
  supportEmail,
  attempt,
  phoneAttempt,
  ...props
}: AuthCardProps) {
  const hydrated = useHydrated();
  const [mode, setMode] = useState<AuthMode>(attempt?.mode ?? props.mode);
  const [email, setEmail] = useState(attempt?.email ?? '');
  const [profileUser, setProfileUser] = useState<PublicUser | null>(null);
  const other: AuthMode = mode === 'login' ? 'signup' : 'login';
  const initial = attempt?.mode === mode ? attempt.state : null;
  const [phoneUnderway, setPhoneUnderway] = useState(
    phoneAttempt !== null && phoneAttempt.step.kind !== 'number',
  );
  const onPhoneStep = useCallback(
    (step: PhoneStep['kind']) => setPhoneUnderway(step !== 'number'),
    [],
  );

  function signedIn(user: PublicUser) {
    if (needsProfile(user)) return setProfileUser(user);
    window.location.assign(returnTo);
  }

  const googleHref = `/api/auth/google?returnTo=${encodeURIComponent(authPath(returnTo))}`;
  const forms = {
    email,
    setEmail,
    onSignedIn: signedIn,
    onSwitch: () => setMode(other),
    switchHref: authHref(other, returnTo),
    initial,
    supportEmail,
  };

  return (
    <div className="auth__card">
      <p className="eyebrow">Truck Company game</p>
      <h1 id="auth-title" className="auth__title">
        {mode === 'login' ? 'Welcome back' : 'Create your account'}
      </h1>
      {phoneUnderway ? null : (
        <form
          method="get"
          action={PATHS.auth}
          className="auth__switch"
          role="group"
          aria-label="Log in or sign up"
        >
          <input type="hidden" name="returnTo" value={returnTo} />
          {(['login', 'signup'] as const).map((choice) => (
            <button
              key={choice}
              type="submit"
              name="mode"
              value={choice}
              aria-pressed={mode === choice}
              className="auth__switch-button"
              onClick={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                setMode(choice);
              }}
            >
              {choice === 'login' ? 'Log in' : 'Sign up'}
            </button>
          ))}
        </form>
      )}
      {isGuest ? (
        <Banner tone="info" title="You are watching as a guest.">
          <p>Sign up or log in to deposit, create rooms and play for real money.</p>
        </Banner>
      ) : null}
      {callbackError ? (
        <Banner tone="error" title={callbackError.message}>
          {callbackError.code === 'google_link_required' ? (
            <p>
              Log in below with the password of that account, then link Google from your account
              page. Do not know the password? <a href={PATHS.forgotPassword}>Reset it by mail</a>.
            </p>
          ) : (
            <p>You can try Google again, or use your phone number or your email below.</p>
          )}
        </Banner>
      ) : null}
      <PhoneSignIn
        mode={mode}
        initial={phoneAttempt}
        supportEmail={supportEmail}
        onSignedIn={signedIn}
        onStep={onPhoneStep}
      />
      {phoneUnderway ? null : (
        <>
          {google ? (
            <>
              <p className="auth__or">
                <span>or</span>
              </p>
              <a className="button button--ghost auth__google" href={googleHref}>
                <GoogleMark />
                Continue with Google
              </a>
            </>
          ) : null}
          <p className="auth__or">
            <span>or with email</span>
          </p>
          {mode === 'login' ? (
            <LoginForm key="login" {...forms} />
          ) : (
            <SignupForm
              key="signup"
              {...forms}
              {...(attempt?.draft ? { draft: attempt.draft } : {})}
            />
          )}
        </>
      )}
      {profileUser ? (
        <CompleteProfileDialog
          user={profileUser}
          onCompleted={() => window.location.assign(returnTo)}
        />
      ) : null}
    </div>
  );
}

export const authCardIsland = componentIsland('auth-card', AuthCard);

function GoogleMark() {
  return (
    <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 48 48">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9 3.5l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.8 6C12.4 13.6 17.7 9.5 24 9.5Z"
      />
      <path
        fill="#4285F4"
        d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 2.9-2.2 5.4-4.7 7.1l7.3 5.7c4.3-4 7.2-9.9 7.2-17.3Z"
      />
      <path
        fill="#FBBC05"
        d="M10.5 28.7A14.5 14.5 0 0 1 9.5 24c0-1.6.3-3.2.8-4.7l-7.8-6A24 24 0 0 0 0 24c0 3.9.9 7.5 2.6 10.7l7.9-6Z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.3-5.7c-2 1.4-4.7 2.3-8.6 2.3-6.3 0-11.6-4.1-13.5-9.8l-7.9 6C6.6 42.6 14.6 48 24 48Z"
      />
    </svg>
  );
}
