// The deposit and withdraw form, an island: phone, network, amount, checked as the person types;
// then the waiting state that follows the payment until the operator answers. Without scripts the
// same form posts to its page's action (the page door: the same checks, limits and services as
// the JSON API), which answers with the payment to follow (`?payment=<id>`, the page reloading
// itself while it is pending) or with the refusal and what was typed. Its parts: the checks and
// words (`payment-checks.ts`), the fields (`payment-fields.tsx`), following a payment
// (`payment-follow.ts`) and the steps after it (`payment-steps.tsx`).
import { requestBalanceRefresh } from './balance-store';
import type { Operator } from '#game/payment-vocabulary.ts';
import { isValidZambianPhone, operatorFromPrefix, phoneFieldValue } from '#site/shared/phone.ts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatNgwee, formatZmw } from '#game/ngwee.ts';
import type { PublicUser } from '#site/server/auth/users.ts';
import type { PublicRoom } from '#wire/site-room.ts';
import { componentIsland } from '../../islands';
import { BackToRoom } from '../rooms/back-to-room';
import { apiFetch } from './api';
import { Banner } from './banner';
import { GetHelpLink } from './get-help-link';
import { attemptFor, type PaymentAttempt } from './idempotency';
import { useLiveBalance } from './live-balance';
import { typedPaymentNgwee } from './money';
import {
  amountError,
  FORM_TEXT,
  MESSAGES,
  PAYMENT_INTENT,
  phoneError,
  provedChoice,
  type PaymentKind,
  type RefusedPayment,
} from './payment-checks';
import { AmountField, OperatorField, PhoneField } from './payment-fields';
import { followPayment, initialPhase, type PaymentView, type Phase } from './payment-follow';
import { NextStep, PHONE_NOT_PROVED, Waiting } from './payment-steps';
import { PhoneSignIn } from './phone-sign-in';
import type { PhoneFormState } from './phone-sign-in-checks';
import {
  NoProvedNumbers,
  NUMBER_NOT_PROVED,
  useProvedNumbers,
  type ProvedNumber,
  type ProvedNumbers,
} from './proved-numbers';
import { useHydrated } from './use-hydrated';

interface StartedPayment {
  message: string;
  paymentId: string;
}

export interface PaymentFormProps {
  kind: PaymentKind;
  user: PublicUser;
  /** Withdrawals: the numbers a withdrawal may go to, as the loader read them. */
  numbers?: ProvedNumbers;
  /** The key of a post without scripts (a reload that posts again moves no money twice). */
  idempotencyKey: string;
  /** The server refused the form posted without scripts. */
  refused: RefusedPayment | null;
  /** The payment a post without scripts started (`?payment=<id>`), as it stands. */
  payment: PaymentView | null;
  /** This page's address (the way back to an empty form). */
  path: string;
  /** The room the person was joining when the stake was not covered (deposits). */
  room?: PublicRoom | null;
  /** Withdrawals: where the phone confirm form stood after a step posted without scripts. */
  proving?: PhoneFormState | null;
  /** Withdrawals: the number was confirmed just now (`?phone=confirmed`). */
  phoneConfirmed?: boolean;
}

function PaymentForm({
  kind,
  user: initialUser,
  numbers: loadedNumbers,
  idempotencyKey,
  refused,
  payment,
  path,
  room = null,
  proving = null,
  phoneConfirmed: confirmedBefore = false,
}: PaymentFormProps) {
  const text = FORM_TEXT[kind];
  const hydrated = useHydrated();
  const { balance } = useLiveBalance(initialUser);
  const typedPhone = refused
    ? phoneFieldValue(refused.fields.phone)
    : phoneFieldValue(initialUser.phone);
  const firstChoice = provedChoice(loadedNumbers, typedPhone);
  const [phone, setPhone] = useState(firstChoice?.phone ?? typedPhone);
  const [operator, setOperator] = useState<Operator | ''>(
    firstChoice?.operator ?? operatorFromPrefix(typedPhone) ?? '',
  );
  const [amount, setAmount] = useState(refused?.fields.amount ?? '');
  const [blurred, setBlurred] = useState({ phone: false, amount: false });
  const [phase, setPhase] = useState<Phase>(() => initialPhase(payment, refused));
  // Where the operator asks withdrawals for a confirmed number (decision 091), confirmed just now.
  const [phoneConfirmed, setPhoneConfirmed] = useState(confirmedBefore);
  const proved = useProvedNumbers(loadedNumbers);
  const unanswered = useRef<PaymentAttempt | null>(null);
  const following = useRef<AbortController | null>(null);
  const result = useRef<HTMLDivElement>(null);

  useEffect(() => () => following.current?.abort(), []);
  // A payment the server started (a post without scripts) is followed here once scripts run.
  useEffect(() => {
    if (payment?.status !== 'pending') return;
    following.current = new AbortController();
    void followPayment(payment.id, following.current.signal, setPhase);
  }, [payment]);
  // When the list is asked again (after a refusal), keep the chosen number if it is still one, else
  // the latest (adjusted while rendering, as React advises for state that follows a prop).
  const [numbersSeen, setNumbersSeen] = useState(proved.numbers);
  if (numbersSeen !== proved.numbers) {
    setNumbersSeen(proved.numbers);
    const chosen = provedChoice(proved.numbers, phone);
    if (chosen) {
      setPhone(chosen.phone);
      setOperator(chosen.operator);
    }
  }
  useEffect(() => {
    if (phase.name === 'done') result.current?.focus();
  }, [phase]);

  const errors = {
    phone: phoneError(phone, blurred.phone),
    amount: amountError(amount, blurred.amount),
  };
  const amountNgwee = typedPaymentNgwee(amount);
  const valid = isValidZambianPhone(phone) && operator !== '' && amountNgwee !== null;
  const busy = phase.name === 'sending' || phase.name === 'waiting';

  function changePhone(value: string) {
    const digits = phoneFieldValue(value);
    setPhone(digits);
    const owner = operatorFromPrefix(digits);
    if (owner) setOperator(owner);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBlurred({ phone: true, amount: true });
    if (!valid || busy || amountNgwee === null) return;
    const attempt = attemptFor(unanswered.current, `${kind}|${phone}|${operator}|${amountNgwee}`);
    setPhase({ name: 'sending' });
    const answer = await apiFetch<StartedPayment>(text.path, {
      method: 'POST',
      headers: { 'Idempotency-Key': attempt.key },
      // The amount as typed: the server reads it with the same parseZmw (docs/api.md, "Money").
      body: { phone, amount: amount.trim(), operator },
      fallbackError: MESSAGES.unknownError,
    });
    if (!answer.ok) {
      // Kept only when the answer never arrived: pressing again resends the very same request.
      unanswered.current = answer.unanswered ? attempt : null;
      setPhase({
        name: 'done',
        tone: 'error',
        message: answer.error,
        retrySafe: answer.unanswered,
        code: answer.code,
      });
      if (answer.code === NUMBER_NOT_PROVED) proved.reload();
      return;
    }
    unanswered.current = null;
    setPhase({ name: 'waiting', message: answer.data.message, slow: false });
    requestBalanceRefresh(); // a withdrawal holds the money at once
    following.current?.abort();
    following.current = new AbortController();
    void followPayment(answer.data.paymentId, following.current.signal, setPhase);
  }

  function startAgain() {
    following.current?.abort();
    setPhase({ name: 'editing' });
    setAmount('');
    setBlurred({ phone: false, amount: false });
  }

  const backToRoom = room ? <BackToRoom room={room} balance={balance} /> : null;
  if (phase.name === 'waiting') {
    return (
      <>
        {backToRoom}
        <Waiting kind={kind} message={phase.message} slow={phase.slow} reloads={!hydrated} />
      </>
    );
  }
  // A withdrawal offers only the numbers that funded the account (decision 018).
  const numbers = kind === 'withdrawal' ? proved.numbers : undefined;
  if (numbers === 'failed') return <Banner tone="error" title={MESSAGES.numbersUnavailable} />;
  if (numbers !== undefined && numbers.length === 0) return <NoProvedNumbers />;

  function choose(number: ProvedNumber) {
    setPhone(number.phone);
    setOperator(number.operator);
  }

  return (
    <>
      {backToRoom}
      {phase.name === 'done' ? (
        <div ref={result} tabIndex={-1} className="payment-result">
          <Banner tone={phase.tone} title={phase.message}>
            <NextStep
              kind={kind}
              tone={phase.tone}
              balance={balance}
              retrySafe={phase.retrySafe ?? false}
              code={phase.code ?? null}
            />
            {phase.tone === 'error' && phase.paymentId ? (
              <GetHelpLink topic="payment" reference={phase.paymentId} />
            ) : null}
          </Banner>
        </div>
      ) : null}
      {(phase.name === 'done' && phase.code === PHONE_NOT_PROVED) ||
      (proving && !phoneConfirmed) ? (
        <div className="payment-prove">
          <PhoneSignIn
            mode="login"
            purpose="prove"
            initialPhone={phoneFieldValue(initialUser.phone)}
            initial={proving}
            action={path}
            onSignedIn={() => {
              setPhoneConfirmed(true);
              setPhase({ name: 'editing' });
            }}
          />
        </div>
      ) : null}
      {phoneConfirmed && phase.name === 'editing' ? (
        <Banner tone="success" title="Your phone number is confirmed.">
          <p>Press Withdraw again.</p>
        </Banner>
      ) : null}
      {kind === 'withdrawal' ? (
        <p className="payment-available">
          Available to withdraw: <strong>{formatZmw(balance)}</strong>
        </p>
      ) : null}
      <form
        className="form payment-form"
        method="post"
        action={path}
        onSubmit={submit}
        noValidate
        aria-busy={busy}
        data-ready={hydrated ? 'true' : undefined}
      >
        <input type="hidden" name="intent" value={PAYMENT_INTENT} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <PhoneField
          numbers={numbers}
          phone={phone}
          error={errors.phone}
          onChange={changePhone}
          onBlur={() => setBlurred((b) => ({ ...b, phone: true }))}
          onChoose={choose}
        />
        <OperatorField
          operator={operator}
          fromProvedNumber={numbers !== undefined}
          onChange={setOperator}
        />
        <AmountField
          kind={kind}
          amount={amount}
          amountNgwee={amountNgwee}
          error={errors.amount}
          quickAmounts={hydrated}
          onChange={setAmount}
          onBlur={() => setBlurred((b) => ({ ...b, amount: true }))}
        />
        <div className="form__actions">
          {/* Enabled before scripts run: the form then posts to the page, which checks it alike. */}
          <button type="submit" className="button" disabled={hydrated && (!valid || busy)}>
            {phase.name === 'sending' ? (
              <>
                <span className="spinner spinner--light" aria-hidden="true" />
                {text.busy}
              </>
            ) : amountNgwee !== null ? (
              `${text.submit} ${formatNgwee(amountNgwee)}`
            ) : (
              text.submit
            )}
          </button>
          {phase.name === 'done' && phase.tone === 'success' ? (
            hydrated ? (
              <button type="button" className="button button--ghost" onClick={startAgain}>
                {kind === 'deposit' ? 'Make another deposit' : 'Make another withdrawal'}
              </button>
            ) : (
              <a className="button button--ghost" href={path}>
                {kind === 'deposit' ? 'Make another deposit' : 'Make another withdrawal'}
              </a>
            )
          ) : null}
        </div>
        {phase.name === 'sending' ? (
          <p className="visually-hidden" role="status">
            {text.busy}
          </p>
        ) : null}
      </form>
    </>
  );
}

export const paymentFormIsland = componentIsland('payment-form', PaymentForm);
