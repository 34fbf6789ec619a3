// Sign up or log in with a mobile number and an SMS code (`POST /api/auth/phone/start`, then
// `/verify`): one field, then six digits, then, for a new number only, the names and the two
// consents (email optional). A returning number is signed in straight after its code. The same form
// lets a signed-in account confirm its own number (`purpose="prove"`: `POST /api/me/phone/verify`),
// where the operator asks withdrawals for one (decision 091). Without scripts every step posts to
// the page's action (`intent=phone-start|phone-verify|phone-change`, phone-action.ts: the page door,
// with the JSON API's services, limits and codes), which renders the form again at its next step;
// the island adds the checks as one types, the countdown to a new code, and no page loads between.
import { useEffect, useId, useState, type FormEvent, type MouseEvent } from 'react';
import type { PublicUser } from '#site/server/auth/users.ts';
import { phoneCodeFieldValue } from '#site/shared/phone-code.ts';
import { RATE_LIMITED } from '#site/shared/rate-limited.ts';
import { SupportReachTo } from '../support-reach';
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
  afterRefusal,
  checkCode,
  checkDetails,
  checkNumber,
  detailsBody,
  phoneFormAt,
  type PhoneDetails,
  type PhoneFieldName,
  type PhoneFormRefusal,
  type PhoneFormState,
  type PhoneStep,
} from './phone-sign-in-checks';
import { stillWrong } from './use-auth-submit';
import { useHydrated } from './use-hydrated';

/** The form posts of the phone steps (the page's action reads them, phone-action.ts). */
export const PHONE_INTENTS = {
  start: 'phone-start',
  verify: 'phone-verify',
  change: 'phone-change',
} as const;

interface CodeSentAnswer {
  message: string;
  expiresInSeconds: number;
  resendInSeconds: number;
}

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
  initial = null,
  action,
  supportEmail = null,
  onSignedIn,
  onStep,
}: {
  mode: AuthMode;
  /** `prove`: a signed-in account confirms its own number (nothing else is asked). */
  purpose?: PhonePurpose;
  initialPhone?: string;
  /** Where a step posted without scripts left the form (the page's action answer). */
  initial?: PhoneFormState | null;
  /** The page whose action takes the form without scripts (default: this page's address). */
  action?: string;
  supportEmail?: string | null;
  /** Signed in, or (`prove`) the account with its number confirmed. */
  onSignedIn(user: PublicUser): void;
  /** Told each step as it comes (the page sets the other ways aside once a code is on its way). */
  onStep?(step: PhoneStep['kind']): void;
}) {
  const hydrated = useHydrated();
  const start = initial ?? phoneFormAt({ kind: 'number' }, initialPhone);
  const [step, setStep] = useState<PhoneStep>(start.step);
  const [phone, setPhone] = useState(start.phone);
  const [code, setCode] = useState(start.code);
  const [password, setPassword] = useState('');
  const [details, setDetails] = useState<PhoneDetails>(start.details);
  // The client's own findings at the last submit (each goes once its field is right), and the
  // server's refusal of one field (it goes once that field is changed).
  const [errors, setErrors] = useState<Errors<Record<PhoneFieldName, string>>>(start.errors);
  const [fieldRefusal, setFieldRefusal] = useState(start.fieldRefusal);
  const [refusal, setRefusal] = useState<PhoneFormRefusal | null>(start.refusal);
  const [busy, setBusy] = useState(false);
  const resendIn = useSecondsUntil(step.kind === 'code' ? step.resendAt : 0);
  const formIds = useId();
  const resendForm = `${formIds}-resend`;
  const changeForm = `${formIds}-change`;
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
  // A form posted without scripts comes back with the focus on the first field found wrong.
  const first = initial
    ? (initial.fieldRefusal?.field ?? Object.keys(initial.errors)[0])
    : undefined;

  /** A change to a field clears the server's refusal of it. */
  function edited(field: PhoneFieldName) {
    if (fieldRefusal?.field === field) setFieldRefusal(null);
  }

  /** The server refused this step: the form moves on as the page's action would move it. */
  function refused(answer: PhoneFormRefusal, form: HTMLFormElement | null, detailsGiven = false) {
    const next = afterRefusal(
      { step, phone, code, details, errors, fieldRefusal, refusal },
      answer,
      detailsGiven,
    );
    setStep(next.step);
    setErrors(next.errors);
    setFieldRefusal(next.fieldRefusal);
    setRefusal(next.refusal);
    if (form && next.fieldRefusal && next.step.kind === step.kind) {
      focusFirstError(form, [next.fieldRefusal.field]);
    }
  }

  async function sendCode(form: HTMLFormElement | null) {
    setBusy(true);
    const number = step.kind === 'number' ? phone : step.phone;
    const answer = await apiFetch<CodeSentAnswer>('/api/auth/phone/start', {
      method: 'POST',
      body: { phone: number },
      fallbackError: M.unexpected,
    });
    setBusy(false);
    if (!answer.ok) return refused({ error: answer.error, code: answer.code }, form);
    setCode('');
    setStep({
      kind: 'code',
      phone: number,
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
    return { error: answer.error, code: answer.code };
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
      // After a new code, a new number's details already given go with it (not asked twice).
      const given =
        purpose === 'prove' || Object.keys(checkDetails(details)).length > 0
          ? null
          : detailsBody(details);
      const answer = await verify({
        phone: step.phone,
        code,
        ...given,
        ...(purpose === 'prove' ? { password } : {}),
      });
      if (answer) refused(answer, form, given !== null);
      return;
    }
    const found = checkDetails(details);
    setErrors(found);
    const wrong = Object.keys(found);
    if (wrong.length > 0) return focusFirstError(form, wrong);
    const answer = await verify({ phone: step.phone, code: step.code, ...detailsBody(details) });
    if (answer) refused(answer, form, true);
  }

  function startAgain(event: MouseEvent) {
    event.preventDefault();
    setStep({ kind: 'number' });
    setErrors({});
    setFieldRefusal(null);
    setRefusal(null);
  }

  async function newCode(event?: MouseEvent) {
    event?.preventDefault();
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

  // "Change number" and "Send a new code" belong to forms of their own (below the main one), so
  // that Enter in a field always sends the step itself.
  const stepPhone = step.kind === 'number' ? phone : step.phone;

  return (
    <>
      <form
        className="form phone-sign-in"
        method="post"
        {...(action ? { action } : {})}
        onSubmit={submit}
        noValidate
        aria-label={purpose === 'prove' ? 'Confirm your phone number' : 'Continue with your phone'}
        data-ready={hydrated ? 'true' : undefined}
        data-step={step.kind}
      >
        <input
          type="hidden"
          name="intent"
          value={step.kind === 'number' ? PHONE_INTENTS.start : PHONE_INTENTS.verify}
        />
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
              resendForm={step.kind === 'number' ? null : resendForm}
              onNewCode={newCode}
              canResend={(!hydrated || resendIn === 0) && !busy}
              supportEmail={supportEmail}
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
            autoFocus={first === 'phone'}
          />
        ) : (
          <p className="phone-sign-in__number">
            <input type="hidden" name="phone" value={step.phone} />
            <span>{step.phone}</span>{' '}
            <button type="submit" form={changeForm} className="link-button" onClick={startAgain}>
              Change number
            </button>
          </p>
        )}

        {step.kind === 'code' ? (
          <>
            {step.sentMessage ? (
              <p className="form__hint" role="status">
                {step.sentMessage}
              </p>
            ) : null}
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
              autoFocus={first === 'code' || (initial?.step.kind === 'code' && !first)}
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
                autoFocus={first === 'password'}
              />
            ) : null}
          </>
        ) : null}

        {step.kind === 'details' ? (
          <>
            <input type="hidden" name="code" value={step.code} />
            <input type="hidden" name="details" value="1" />
            <p className="form__hint" role="status">
              Number confirmed. This number is new to us: tell us who you are to finish.
            </p>
            <NameFields
              values={details}
              onChange={(key, value) => set(key)(value)}
              errors={shown}
              first={first ?? (initial?.step.kind === 'details' ? 'firstName' : undefined)}
            />
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
              autoFocus={first === 'email'}
            />
            <ConsentFields
              values={details}
              onChange={(key, checked) => set(key)(checked)}
              errors={shown}
              first={first}
            />
          </>
        ) : null}

        <div className="form__actions">
          <button type="submit" className="button button--wide" disabled={busy}>
            {busy ? <Spinning>{BUSY[step.kind]}</Spinning> : SUBMIT[step.kind]}
          </button>
        </div>

        {step.kind === 'code' ? (
          <p className="form__hint">
            No SMS?{' '}
            {hydrated && resendIn > 0 ? (
              <span>You can ask for a new code in {resendIn} s.</span>
            ) : (
              <button
                type="submit"
                form={resendForm}
                className="link-button"
                onClick={(event) => void newCode(event)}
                disabled={busy}
              >
                Send a new code
              </button>
            )}
          </p>
        ) : null}
      </form>
      {step.kind === 'number' ? null : (
        <>
          <form id={resendForm} method="post" {...(action ? { action } : {})} hidden>
            <input type="hidden" name="intent" value={PHONE_INTENTS.start} />
            <input type="hidden" name="phone" value={stepPhone} />
          </form>
          <form id={changeForm} method="post" {...(action ? { action } : {})} hidden>
            <input type="hidden" name="intent" value={PHONE_INTENTS.change} />
            <input type="hidden" name="phone" value={stepPhone} />
          </form>
        </>
      )}
    </>
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
          <a href="/auth/forgot">Set a password by mail</a>, then confirm your number here.
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
