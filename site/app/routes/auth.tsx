// Sign in and sign up. The mobile number and an SMS code come first (the players' identity is their
// mobile-money number); Google and email with a password follow. All talk to the JSON API from the
// browser; on success the page goes to the `returnTo` path (same site only) or the dashboard. A
// signed-in account that lacks names or a phone number (made with Google) gets the complete-profile
// popup first.
import { useCallback, useEffect, useState } from 'react';
import { Link, redirect } from 'react-router';
import { authMessages } from '../../shared/auth-messages';
import type { PublicUser } from '../../server/auth/users';
import { apiFetch } from '../components/account/api';
import type { AuthMode } from '../components/account/auth-checks';
import { Banner } from '../components/account/banner';
import { CompleteProfileDialog, needsProfile } from '../components/account/complete-profile-dialog';
import { LoginForm } from '../components/account/login-form';
import { PhoneSignIn } from '../components/account/phone-sign-in';
import { returnToAfterSignIn } from '../components/account/return-to';
import { SignupForm } from '../components/account/signup-form';
import { BRAND } from '../content/brand';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/auth';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Log in or sign up · ${BRAND.name}` },
  {
    name: 'description',
    content:
      'Log in or sign up with your mobile number and an SMS code to play the Truck Company game for real money (18+).',
  },
];

// What the Google callback sends back here, chosen by its `code`: never text taken from the address.
const CALLBACK_ERRORS: Readonly<Record<string, string>> = {
  google_failed: authMessages.googleFailed,
  google_unavailable: authMessages.googleUnavailable,
  google_link_required: authMessages.googleLinkRequired,
  email_taken: authMessages.emailTaken,
  unknown_error: authMessages.unexpected,
};

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const returnTo = returnToAfterSignIn(url.searchParams.get('returnTo'));
  const user = context.user;
  if (user && !user.isGuest && !needsProfile(user)) throw redirect(returnTo);
  const errorCode = url.searchParams.get('code');
  return {
    returnTo,
    mode: (url.searchParams.get('mode') === 'signup' ? 'signup' : 'login') as AuthMode,
    error: errorCode ? (CALLBACK_ERRORS[errorCode] ?? null) : null,
    errorCode,
    incompleteUser: user && !user.isGuest && needsProfile(user) ? user : null,
    isGuest: user?.isGuest ?? false,
  };
}
export default function Auth({ loaderData }: Route.ComponentProps) {
  const { returnTo, incompleteUser, isGuest } = loaderData;
  const [mode, setMode] = useState<AuthMode>(loaderData.mode);
  const [email, setEmail] = useState('');
  const [google, setGoogle] = useState(false);
  const [profileUser, setProfileUser] = useState<PublicUser | null>(incompleteUser);
  // Once a code is on its way, the page is about that code: the other ways step aside until
  // "Change number" brings them back.
  const [phoneUnderway, setPhoneUnderway] = useState(false);
  const onPhoneStep = useCallback((step: string) => setPhoneUnderway(step !== 'number'), []);

  useEffect(() => {
    let live = true;
    void apiFetch<{ google: boolean }>('/api/auth/providers', { fallbackError: '' }).then(
      (answer) => {
        if (live && answer.ok) setGoogle(answer.data.google === true);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  function signedIn(user: PublicUser) {
    if (needsProfile(user)) return setProfileUser(user);
    window.location.assign(returnTo);
  }

  const googleHref = `/api/auth/google?returnTo=${encodeURIComponent(
    `/auth?returnTo=${encodeURIComponent(returnTo)}`,
  )}`;

  return (
    <section className="auth container" aria-labelledby="auth-title">
      <div className="auth__card">
        <p className="eyebrow">Truck Company game</p>
        <h1 id="auth-title" className="auth__title">
          {mode === 'login' ? 'Welcome back' : 'Create your account'}
        </h1>
        {phoneUnderway ? null : (
          <div className="auth__switch" role="group" aria-label="Log in or sign up">
            <button
              type="button"
              aria-pressed={mode === 'login'}
              className="auth__switch-button"
              onClick={() => setMode('login')}
            >
              Log in
            </button>
            <button
              type="button"
              aria-pressed={mode === 'signup'}
              className="auth__switch-button"
              onClick={() => setMode('signup')}
            >
              Sign up
            </button>
          </div>
        )}
        {isGuest ? (
          <Banner tone="info" title="You are watching as a guest.">
            <p>Sign up or log in to deposit, create rooms and play for real money.</p>
          </Banner>
        ) : null}
        {loaderData.error ? (
          <Banner tone="error" title={loaderData.error}>
            {loaderData.errorCode === 'google_link_required' ? (
              <p>
                Log in below with the password of that account, then link Google from your account
                page. Do not know the password? <Link to="/auth/forgot">Reset it by mail</Link>.
              </p>
            ) : (
              <p>You can try Google again, or use your phone number or your email below.</p>
            )}
          </Banner>
        ) : null}
        <PhoneSignIn mode={mode} onSignedIn={signedIn} onStep={onPhoneStep} />
        {phoneUnderway ? null : (
          <OtherWays
            mode={mode}
            setMode={setMode}
            email={email}
            setEmail={setEmail}
            googleHref={google ? googleHref : null}
            onSignedIn={signedIn}
          />
        )}
      </div>
      {profileUser ? (
        <CompleteProfileDialog
          user={profileUser}
          onCompleted={() => window.location.assign(returnTo)}
        />
      ) : null}
    </section>
  );
}

/** Google, then email and a password: offered below the phone, for those who prefer them. */
function OtherWays({
  mode,
  setMode,
  email,
  setEmail,
  googleHref,
  onSignedIn,
}: {
  mode: AuthMode;
  setMode(mode: AuthMode): void;
  email: string;
  setEmail(email: string): void;
  googleHref: string | null;
  onSignedIn(user: PublicUser): void;
}) {
  return (
    <>
      {googleHref ? (
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
        <LoginForm
          email={email}
          setEmail={setEmail}
          onSignedIn={onSignedIn}
          onSwitch={() => setMode('signup')}
        />
      ) : (
        <SignupForm
          email={email}
          setEmail={setEmail}
          onSignedIn={onSignedIn}
          onSwitch={() => setMode('login')}
        />
      )}
    </>
  );
}

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
