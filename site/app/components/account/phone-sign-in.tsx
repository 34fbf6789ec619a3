// Sign up or log in with a mobile number and an SMS code (`POST /api/auth/phone/start`, then
// `/verify`): one field, then six digits, then, for a new number only, the names and the two
// consents (email optional). A returning number is signed in straight after its code. The same form
// lets a signed-in account confirm its own number (`purpose="prove"`: `POST /api/me/phone/verify`),
// where the operator asks withdrawals for one (decision 091). Without scripts every step posts to
// the page's action (`intent=phone-start|phone-verify|phone-change`, phone-action.ts: the page door,
// with the JSON API's services, limits and codes), which renders the form again at its next step;
// the island adds the checks as one types, the countdown to a new code, and no page loads between.
import { useId } from 'react';
import type { PublicUser } from '#site/server/auth/users.ts';
import type { AuthMode } from './auth-checks';
import { Banner } from './banner';
import { Spinning } from './fields';
import { PhoneNextStep } from './phone-next-step';
import {
  PHONE_INTENTS,
  type PhoneFormState,
  type PhonePurpose,
  type PhoneStep,
} from './phone-sign-in-checks';
import { CodeFields, DetailsFields, NumberField, NumberLine } from './phone-step-fields';
import { usePhoneSignIn } from './use-phone-sign-in';
import { useHydrated } from './use-hydrated';

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
  const form = usePhoneSignIn({ purpose, initialPhone, initial, onSignedIn, onStep });
  const { step, busy, refusal, resendIn, newCode } = form;
  const formIds = useId();
  const resendForm = `${formIds}-resend`;
  const changeForm = `${formIds}-change`;

  // "Change number" and "Send a new code" belong to forms of their own (below the main one), so
  // that Enter in a field always sends the step itself.
  const stepPhone = step.kind === 'number' ? form.phone : step.phone;

  return (
    <>
      <form
        className="form phone-sign-in"
        method="post"
        {...(action ? { action } : {})}
        onSubmit={form.submit}
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
          <NumberField form={form} purpose={purpose} phone={form.phone} />
        ) : (
          <NumberLine phone={step.phone} changeForm={changeForm} onChange={form.startAgain} />
        )}

        {step.kind === 'code' ? (
          <CodeFields
            form={form}
            purpose={purpose}
            step={step}
            code={form.code}
            password={form.password}
            initial={initial}
          />
        ) : null}

        {step.kind === 'details' ? (
          <DetailsFields form={form} step={step} details={form.details} initial={initial} />
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
