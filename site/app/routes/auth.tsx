// Sign in and sign up. Both talk to the JSON API from the browser; on success the page goes to the
// `returnTo` path (same site only) or the dashboard. A signed-in account that lacks names or a phone
// number (made with Google) gets the complete-profile popup first.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, redirect } from 'react-router';
import { LIMITS } from '../../server/auth/limits';
import { authMessages } from '../../server/auth/messages';
import type { PublicUser } from '../../server/auth/users';
import { apiFetch } from '../components/account/api';
import { Banner } from '../components/account/banner';
import {
  CompleteProfileDialog,
  FieldError,
  needsProfile,
} from '../components/account/complete-profile-dialog';
import { isValidZambianPhone, PHONE_MAX_LENGTH, phoneDigits } from '../components/account/phone';
import { returnToAfterSignIn } from '../components/account/return-to';
import { useHydrated } from '../components/account/use-hydrated';
import { BRAND } from '../content/brand';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/auth';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Log in or sign up · ${BRAND.name}` },
  {
    name: 'description',
    content: 'Log in or create your account to play the Truck Company game for real money (18+).',
  },
];

type Mode = 'login' | 'signup';

// Only messages the site itself sends back here (the Google callback) are shown from the URL.
const URL_MESSAGES: ReadonlySet<string> = new Set([
  authMessages.googleFailed,
  authMessages.googleUnavailable,
  authMessages.emailTaken,
  authMessages.unexpected,
  authMessages.googleLinkRequired,
]);

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const returnTo = returnToAfterSignIn(url.searchParams.get('returnTo'));
  const user = context.user;
  if (user && !user.isGuest && !needsProfile(user)) throw redirect(returnTo);
  const error = url.searchParams.get('error');
  return {
    returnTo,
    mode: (url.searchParams.get('mode') === 'signup' ? 'signup' : 'login') as Mode,
    error: error && URL_MESSAGES.has(error) ? error : null,
    errorCode: url.searchParams.get('code'),
    incompleteUser: user && !user.isGuest && needsProfile(user) ? user : null,
    isGuest: user?.isGuest ?? false,
  };
}

const M = {
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Surname is required.',
  phoneRequired: 'Phone number is required.',
  emailRequired: 'Email is required.',
  passwordRequired: 'Password is required.',
  invalidPhone: 'Please enter a valid Zambian phone number (e.g., 096...).',
  invalidEmail: 'Please enter a valid email address.',
  weakPassword: authMessages.weakPassword,
  adult: 'Please confirm that you are 18 or older: real-money games are for adults only.',
  terms: 'Please accept the Terms and Conditions and the Privacy Policy to continue.',
  unexpected: 'Something went wrong. Please try again.',
  unknownEmail: 'no account found with this email',
  emailTaken: 'This email is already registered.',
  wrongPassword: 'Incorrect password. Please try again.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

interface SignupFields {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  password: string;
  adult: boolean;
  terms: boolean;
}

type Errors<T> = Partial<Record<keyof T, string>>;

function checkLogin(email: string, password: string): Errors<{ email: string; password: string }> {
  const errors: Errors<{ email: string; password: string }> = {};
  if (!email.trim()) errors.email = M.emailRequired;
  else if (!EMAIL.test(email.trim())) errors.email = M.invalidEmail;
  if (!password) errors.password = M.passwordRequired;
  return errors;
}

function checkSignup(f: SignupFields): Errors<SignupFields> {
  const errors: Errors<SignupFields> = {};
  if (!f.firstName.trim()) errors.firstName = M.firstNameRequired;
  if (!f.lastName.trim()) errors.lastName = M.lastNameRequired;
  if (!f.phone) errors.phone = M.phoneRequired;
  else if (!isValidZambianPhone(f.phone)) errors.phone = M.invalidPhone;
  if (!f.email.trim()) errors.email = M.emailRequired;
  else if (!EMAIL.test(f.email.trim())) errors.email = M.invalidEmail;
  if (!f.password) errors.password = M.passwordRequired;
  else if (f.password.length < LIMITS.passwordMin) errors.password = M.weakPassword;
  if (!f.adult) errors.adult = M.adult;
  if (!f.terms) errors.terms = M.terms;
  return errors;
}

/** Moves focus to the first field that has an error, so the person hears what to fix. */
function focusFirstError(form: HTMLFormElement, names: string[]) {
  for (const name of names) {
    const element = form.elements.namedItem(name);
    if (element instanceof HTMLElement) return element.focus();
  }
}

export default function Auth({ loaderData }: Route.ComponentProps) {
  const { returnTo, incompleteUser, isGuest } = loaderData;
  const [mode, setMode] = useState<Mode>(loaderData.mode);
  const [email, setEmail] = useState('');
  const [google, setGoogle] = useState(false);
  const [profileUser, setProfileUser] = useState<PublicUser | null>(incompleteUser);

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
              <p>You can try Google again, or use your email and password below.</p>
            )}
          </Banner>
        ) : null}
        {mode === 'login' ? (
          <LoginForm
            email={email}
            setEmail={setEmail}
            onSignedIn={signedIn}
            onSwitch={() => setMode('signup')}
          />
        ) : (
          <SignupForm
            email={email}
            setEmail={setEmail}
            onSignedIn={signedIn}
            onSwitch={() => setMode('login')}
          />
        )}
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

interface FormProps {
  email: string;
  setEmail(email: string): void;
  onSignedIn(user: PublicUser): void;
  onSwitch(): void;
}

function LoginForm({ email, setEmail, onSignedIn, onSwitch }: FormProps) {
  const hydrated = useHydrated();
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<Errors<{ email: string; password: string }>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const found = checkLogin(email, password);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return focusFirstError(form, Object.keys(found));
    setBusy(true);
    const answer = await apiFetch<{ user: PublicUser }>('/api/auth/login', {
      method: 'POST',
      body: { email: email.trim(), password },
      fallbackError: M.unexpected,
    });
    if (answer.ok) return onSignedIn(answer.data.user);
    setBusy(false);
    setServerError(answer.error);
  }

  return (
    <form
      className="form"
      onSubmit={submit}
      noValidate
      aria-label="Log in"
      data-ready={hydrated ? 'true' : undefined}
    >
      {serverError ? (
        <Banner tone="error" title={serverError}>
          <NextStep message={serverError} onSwitch={onSwitch} mode="login" />
        </Banner>
      ) : null}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={errors.email}
      />
      <PasswordField
        value={password}
        onChange={setPassword}
        show={showPassword}
        onShow={setShowPassword}
        error={errors.password}
        autoComplete="current-password"
      />
      <p className="form__hint">
        <Link to="/auth/forgot">Forgot password?</Link>
      </p>
      <div className="form__actions">
        <button type="submit" className="button button--wide" disabled={!hydrated || busy}>
          {busy ? <Spinning>Logging in…</Spinning> : 'Log in'}
        </button>
      </div>
    </form>
  );
}

function SignupForm({ email, setEmail, onSignedIn, onSwitch }: FormProps) {
  const hydrated = useHydrated();
  const [fields, setFields] = useState<Omit<SignupFields, 'email'>>({
    firstName: '',
    lastName: '',
    phone: '',
    password: '',
    adult: false,
    terms: false,
  });
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<Errors<SignupFields>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof typeof fields>(key: K) => {
    return (value: (typeof fields)[K]) => setFields((f) => ({ ...f, [key]: value }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const found = checkSignup({ ...fields, email });
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return focusFirstError(form, Object.keys(found));
    setBusy(true);
    const answer = await apiFetch<{ user: PublicUser }>('/api/auth/signup', {
      method: 'POST',
      body: {
        firstName: fields.firstName.trim(),
        lastName: fields.lastName.trim(),
        phone: fields.phone,
        email: email.trim(),
        password: fields.password,
      },
      fallbackError: M.unexpected,
    });
    if (answer.ok) return onSignedIn(answer.data.user);
    setBusy(false);
    setServerError(answer.error);
  }

  return (
    <form
      className="form"
      onSubmit={submit}
      noValidate
      aria-label="Sign up"
      data-ready={hydrated ? 'true' : undefined}
    >
      {serverError ? (
        <Banner tone="error" title={serverError}>
          <NextStep message={serverError} onSwitch={onSwitch} mode="signup" />
        </Banner>
      ) : null}
      <div className="form__row">
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          value={fields.firstName}
          onChange={set('firstName')}
          error={errors.firstName}
        />
        <TextField
          label="Surname"
          name="lastName"
          autoComplete="family-name"
          value={fields.lastName}
          onChange={set('lastName')}
          error={errors.lastName}
        />
      </div>
      <TextField
        label="Phone number"
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={PHONE_MAX_LENGTH}
        placeholder="0961234567"
        hint="Your Zambian mobile number: 10 digits starting 095, 096, 097, 076 or 077."
        value={fields.phone}
        onChange={(value) => set('phone')(phoneDigits(value))}
        error={errors.phone}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={errors.email}
      />
      <PasswordField
        value={fields.password}
        onChange={set('password')}
        show={showPassword}
        onShow={setShowPassword}
        error={errors.password}
        autoComplete="new-password"
        hint={`At least ${LIMITS.passwordMin} characters, and not a common password.`}
      />
      <CheckField name="adult" checked={fields.adult} onChange={set('adult')} error={errors.adult}>
        I am 18 years old or older.
      </CheckField>
      <CheckField name="terms" checked={fields.terms} onChange={set('terms')} error={errors.terms}>
        I accept the <Link to="/terms">Terms and Conditions</Link> and the{' '}
        <Link to="/privacy">Privacy Policy</Link>.
      </CheckField>
      <div className="form__actions">
        <button type="submit" className="button button--wide" disabled={!hydrated || busy}>
          {busy ? <Spinning>Creating your account…</Spinning> : 'Create account'}
        </button>
      </div>
    </form>
  );
}

function NextStep({ message, mode, onSwitch }: { message: string; mode: Mode; onSwitch(): void }) {
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
        Check your connection and try again. If it keeps happening, write to{' '}
        <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a>.
      </p>
    );
  }
  return <p>Correct the details below, then try again.</p>;
}

function TextField({
  label,
  name,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  ...rest
}: {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  error: string | undefined;
  hint?: string;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'text';
  maxLength?: number;
  placeholder?: string;
}) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
        {...rest}
      />
      {error ? (
        <FieldError id={`${id}-error`} message={error} />
      ) : hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function PasswordField({
  value,
  onChange,
  show,
  onShow,
  error,
  autoComplete,
  hint,
}: {
  value: string;
  onChange(value: string): void;
  show: boolean;
  onShow(show: boolean): void;
  error: string | undefined;
  autoComplete: string;
  hint?: string;
}) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>Password</label>
      <input
        id={id}
        name="password"
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
        <input type="checkbox" checked={show} onChange={(e) => onShow(e.target.checked)} />
        <span>Show password</span>
      </label>
    </div>
  );
}

function CheckField({
  name,
  checked,
  onChange,
  error,
  children,
}: {
  name: string;
  checked: boolean;
  onChange(checked: boolean): void;
  error: string | undefined;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="field field--check">
      <div className="check">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id}>{children}</label>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function Spinning({ children }: { children: ReactNode }) {
  return (
    <>
      <span className="spinner spinner--light" aria-hidden="true" />
      {children}
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
