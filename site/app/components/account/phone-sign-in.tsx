// Sign up or log in with a mobile number and an SMS code (`POST /api/auth/phone/start`, then
// `/verify`): one field, then six digits, then, for a new number only, the names and the two
// consents (email optional). A returning number is signed in straight after its code. The same form
// lets a signed-in account confirm its own number (`purpose="prove"`: `POST /api/me/phone/verify`),
// where the operator asks withdrawals for one (decision 091).
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { PublicUser } from '../../../server/auth/users';
import { phoneCodeFieldValue } from '../../../shared/phone-code';
import { RATE_LIMITED } from '../../../shared/rate-limited';
import { SupportReach } from '../support-contact';
import { apiFetch } from './api';
import { M, type AuthMode, type Errors } from './auth-checks';
import { Banner } from './banner';
import {
  ConsentFields,
  focusFirstError,
  NameFields,
  PasswordField,
  Spinning,
  TextField,
} from './fields';
import { PHONE_INPUT, phoneDigits } from './phone';
import {
  asksForDetails,
  checkCode,
  checkDetails,
  checkNumber,
  fieldOfRefusal,
  type PhoneDetails,
  type PhoneFieldName,
  type PhoneStep,
} from './phone-sign-in-checks';
import { stillWrong } from './use-auth-submit';
import { useHydrated } from './use-hydrated';

interface CodeSentAnswer {
  message: string;
  expiresInSeconds: number;
  resendInSeconds: number;
}

/** A refusal that is about no one field: shown above the form with what to do next. */
interface FormRefusal {
  error: string;
  code: string | null;
}

const NO_DETAILS: PhoneDetails = {
  firstName: '',
  lastName: '',
  email: '',
  adult: false,
  terms: false,
};

/** Seconds left until `at`, ticking once a second while there are any. */
function useSecondsUntil(at: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at <= Date.now()) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [at]);
  return Math.max(0, Math.ceil((at - now) / 1000));
}

export function PhoneSignIn({
  mode,
  purpose = 'sign-in',
  initialPhone = '',
  onSignedIn,
  onStep,
}: {
  mode: AuthMode;
  /** `prove`: a signed-in account confirms its own number (nothing else is asked). */
  purpose?: PhonePurpose;
  initialPhone?: string;
  /** Signed in, or (`prove`) the account with its number confirmed. */
  onSignedIn(user: PublicUser): void;
  /** Told each step as it comes (the page sets the other ways aside once a code is on its way). */
  onStep?(step: PhoneStep['kind']): void;
}) {
  const hydrated = useHydrated();
  const [step, setStep] = useState<PhoneStep>({ kind: 'number' });
  const [phone, setPhone] = useState(initialPhone);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [details, setDetails] = useState<PhoneDetails>(NO_DETAILS);
  // The client's own findings at the last submit (each goes once its field is right), and the
  // server's refusal of one field (it goes once that field is changed).
  const [errors, setErrors] = useState<Errors<Record<PhoneFieldName, string>>>({});
  const [fieldRefusal, setFieldRefusal] = useState<{ field: PhoneFieldName; error: string } | null>(
    null,
  );
  const [refusal, setRefusal] = useState<FormRefusal | null>(null);
  const [busy, setBusy] = useState(false);
  const resendIn = useSecondsUntil(step.kind === 'code' ? step.resendAt : 0);
  useEffect(() => onStep?.(step.kind), [onStep, step.kind]);

  function findings(): Errors<Record<PhoneFieldName, string>> {
    if (step.kind === 'number') return checkNumber(phone);
    if (step.kind === 'code') return checkCode(code);
    return checkDetails(details);
  }
  const shown: Errors<Record<PhoneFieldName, string>> = {
    ...stillWrong(errors, findings()),
    ...(fieldRefusal ? { [fieldRefusal.field]: fieldRefusal.error } : {}),
  };

  /** A change to a field clears the server's refusal of it. */
  function edited(field: PhoneFieldName) {
    if (fieldRefusal?.field === field) setFieldRefusal(null);
  }

  /** A refusal goes under its field when it has one, else above the form. */
  function refused(error: string, refusalCode: string | null, form: HTMLFormElement | null) {
    const field = fieldOfRefusal(refusalCode);
    if (field) {
      setFieldRefusal({ field, error });
      if (form) focusFirstError(form, [field]);
    } else setRefusal({ error, code: refusalCode });
  }

  async function sendCode(form: HTMLFormElement | null) {
    setBusy(true);
    const answer = await apiFetch<CodeSentAnswer>('/api/auth/phone/start', {
      method: 'POST',
      body: { phone },
      fallbackError: M.unexpected,
    });
    setBusy(false);
    if (!answer.ok) return refused(answer.error, answer.code, form);
    setCode('');
    setStep({
      kind: 'code',
      phone,
      sentMessage: answer.data.message,
      resendAt: Date.now() + answer.data.resendInSeconds * 1000,
    });
  }

  async function verify(body: Record<string, unknown>) {
    setBusy(true);
    const path = purpose === 'prove' ? '/api/me/phone/verify' : '/api/auth/phone/verify';
    const answer = await apiFetch<{ user: PublicUser }>(path, {
      method: 'POST',
      body,
      fallbackError: M.unexpected,
    });
    if (answer.ok) return onSignedIn(answer.data.user);
    setBusy(false);
    return answer;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setRefusal(null);
    setFieldRefusal(null);
    if (step.kind === 'number') {
      const found = checkNumber(phone);
      setErrors(found);
      if (found.phone) return focusFirstError(form, ['phone']);
      return sendCode(form);
    }
    if (step.kind === 'code') {
      const found = checkCode(code);
      setErrors(found);
      if (found.code) return focusFirstError(form, ['code']);
      const given = purpose === 'prove' ? null : detailsIfComplete();
      const answer = await verify({
        phone: step.phone,
        code,
        ...given,
        ...(purpose === 'prove' ? { password } : {}),
      });
      if (!answer) return;
      // The code is right and the number has no account yet: who is signing up? (Details given
      // before a new code was asked for come back with what was wrong with them.)
      if (asksForDetails(answer.code)) {
        setErrors({});
        setStep({ kind: 'details', phone: step.phone, code });
        if (given) setFieldRefusal({ field: fieldOfRefusal(answer.code)!, error: answer.error });
        return;
      }
      return refused(answer.error, answer.code, form);
    }
    const found = checkDetails(details);
    setErrors(found);
    const wrong = Object.keys(found);
    if (wrong.length > 0) return focusFirstError(form, wrong);
    const answer = await verify({ phone: step.phone, code: step.code, ...detailsBody() });
    if (answer) refused(answer.error, answer.code, form);
  }

  function detailsBody() {
    return {
      firstName: details.firstName.trim(),
      lastName: details.lastName.trim(),
      ...(details.email.trim() ? { email: details.email.trim() } : {}),
      adult: details.adult,
      terms: details.terms,
    };
  }

  /** After a new code, a new number's details already given go with it (not asked twice). */
  function detailsIfComplete() {
    return Object.keys(checkDetails(details)).length === 0 ? detailsBody() : null;
  }

  function startAgain() {
    setStep({ kind: 'number' });
    setErrors({});
    setFieldRefusal(null);
    setRefusal(null);
  }

  async function newCode() {
    setRefusal(null);
    setErrors({});
    setFieldRefusal(null);
    await sendCode(null);
  }

  const set = <K extends keyof PhoneDetails>(key: K) => {
    return (value: PhoneDetails[K]) => {
      edited(key);
      setDetails((d) => ({ ...d, [key]: value }));
    };
  };

  return (
    <form
      className="form phone-sign-in"
      onSubmit={submit}
      noValidate
      aria-label={purpose === 'prove' ? 'Confirm your phone number' : 'Continue with your phone'}
      data-ready={hydrated ? 'true' : undefined}
      data-step={step.kind}
    >
      <h2 className="phone-sign-in__title">
        {purpose === 'prove'
          ? 'Confirm your phone number'
          : step.kind === 'details'
            ? 'Your new account'
            : mode === 'login'
              ? 'Log in with your phone'
              : 'Sign up with your phone'}
      </h2>
      {refusal ? (
        <Banner tone="error" title={refusal.error}>
          <PhoneNextStep
            purpose={purpose}
            code={refusal.code}
            onNewCode={newCode}
            canResend={resendIn === 0 && !busy}
          />
        </Banner>
      ) : null}

      {step.kind === 'number' ? (
        <TextField
          label="Mobile number"
          name="phone"
          {...PHONE_INPUT}
          hint={
            purpose === 'prove'
              ? 'We send a 6-digit code to it by SMS.'
              : 'We send a 6-digit code to it by SMS. No password needed.'
          }
          value={phone}
          onChange={(value) => {
            edited('phone');
            setPhone(phoneDigits(value));
          }}
          error={shown.phone}
        />
      ) : (
        <p className="phone-sign-in__number">
          <span>{step.phone}</span>{' '}
          <button type="button" className="link-button" onClick={startAgain}>
            Change number
          </button>
        </p>
      )}

      {step.kind === 'code' ? (
        <>
          <p className="form__hint" role="status">
            {step.sentMessage}
          </p>
          <TextField
            label="Code from the SMS"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123456"
            value={code}
            onChange={(value) => {
              edited('code');
              setCode(phoneCodeFieldValue(value));
            }}
            error={shown.code}
          />
          {purpose === 'prove' ? (
            <PasswordField
              label="Your password"
              value={password}
              onChange={(value) => {
                edited('password');
                setPassword(value);
              }}
              error={shown.password}
              autoComplete="current-password"
              hint="Confirming a number lets it sign in to your account, so we ask for your password."
            />
          ) : null}
          <p className="form__hint">
            No SMS?{' '}
            {resendIn > 0 ? (
              <span>You can ask for a new code in {resendIn} s.</span>
            ) : (
              <button
                type="button"
                className="link-button"
                onClick={() => void newCode()}
                disabled={busy}
              >
                Send a new code
              </button>
            )}
          </p>
        </>
      ) : null}

      {step.kind === 'details' ? (
        <>
          <p className="form__hint" role="status">
            Number confirmed. This number is new to us: tell us who you are to finish.
          </p>
          <NameFields values={details} onChange={(key, value) => set(key)(value)} errors={shown} />
          <TextField
            label="Email (optional)"
            name="email"
            type="email"
            autoComplete="email"
            hint="For receipts and to reset your account by mail. You can add it later."
            value={details.email}
            onChange={set('email')}
            error={shown.email}
            optional
          />
          <ConsentFields
            values={details}
            onChange={(key, checked) => set(key)(checked)}
            errors={shown}
          />
        </>
      ) : null}

      <div className="form__actions">
        <button type="submit" className="button button--wide" disabled={!hydrated || busy}>
          {busy ? <Spinning>{BUSY[step.kind]}</Spinning> : SUBMIT[step.kind]}
        </button>
      </div>
    </form>
  );
}

export type PhonePurpose = 'sign-in' | 'prove';

const SUBMIT: Record<PhoneStep['kind'], string> = {
  number: 'Send me a code',
  code: 'Continue',
  details: 'Create account',
};

const BUSY: Record<PhoneStep['kind'], string> = {
  number: 'Sending the code…',
  code: 'Checking the code…',
  details: 'Creating your account…',
};

/** What to do next under a refusal that is about no one field, chosen by its `code`. */
export function PhoneNextStep({
  purpose = 'sign-in',
  code,
  onNewCode,
  canResend,
}: {
  purpose?: PhonePurpose;
  code: string | null;
  onNewCode(): void;
  canResend: boolean;
}) {
  switch (code) {
    case 'code_expired':
    case 'too_many_attempts':
      return (
        <p>
          {canResend ? (
            <button type="button" className="link-button" onClick={onNewCode}>
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
          <Link to="/auth/forgot">Set a password by mail</Link>, then confirm your number here.
        </p>
      );
    case 'phone_proved':
      return (
        <p>
          Your account already has a confirmed number. To change it, write to us through{' '}
          <SupportReach />.
        </p>
      );
  }
  return (
    <p>
      Check your connection and try again. If it keeps happening, write to us through{' '}
      <SupportReach />.
    </p>
  );
}
