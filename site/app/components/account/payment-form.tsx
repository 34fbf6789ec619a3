// The deposit and withdraw form, an island: phone, network, amount, checked as the person types;
// then the waiting state that follows the payment until the operator answers. Without scripts the
// same form posts to its page's action (the page door: the same checks, limits and services as
// the JSON API), which answers with the payment to follow (`?payment=<id>`, the page reloading
// itself while it is pending) or with the refusal and what was typed.
import {
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type FormEvent,
  type SetStateAction,
} from 'react';
import type { PublicUser } from '#site/server/auth/users.ts';
import type { PublicRoom } from '#wire/site-room.ts';
import { componentIsland } from '../../islands';
import { BackToRoom } from '../rooms/back-to-room';
import { apiFetch } from './api';
import { Banner } from './banner';
import { GetHelpLink } from './get-help-link';
import { NextStep, PHONE_NOT_PROVED, Waiting } from './payment-steps';
import { PhoneSignIn } from './phone-sign-in';
import type { PhoneFormState } from './phone-sign-in-checks';
import { attemptFor, type PaymentAttempt } from './idempotency';
import { requestBalanceRefresh, useLiveBalance } from './live-balance';
import { authMessages } from '#site/shared/auth-messages.ts';
import { formatZmw } from '#site/shared/money.ts';
import { MIN_PAYMENT_ZMW, parseAmount, QUICK_DEPOSIT_ZMW } from './money';
import {
  NoProvedNumbers,
  NUMBER_NOT_PROVED,
  ProvedNumberSelect,
  useProvedNumbers,
  type ProvedNumber,
  type ProvedNumbers,
} from './proved-numbers';
import {
  isValidZambianPhone,
  OPERATORS,
  operatorFromPrefix,
  PHONE_INPUT,
  PHONE_MAX_LENGTH,
  phoneDigits,
  type Operator,
} from './phone';
import { useHydrated } from './use-hydrated';

export type PaymentKind = 'deposit' | 'withdrawal';

export const MESSAGES = {
  invalidPhone: authMessages.invalidPhone,
  invalidAmount: 'Please enter a valid amount.',
  unknownError: 'An unknown error occurred. Please try again.',
  numbersUnavailable: 'Your mobile money numbers could not be loaded. Please reload the page.',
} as const;

/** `GET /api/wallet/payments/:id`'s `payment`, the part this form reads. */
export interface PaymentView {
  id: string;
  status: 'pending' | 'completed' | 'failed';
  message: string;
}

/** The form's fields as posted. */
export interface PaymentFields {
  phone: string;
  operator: string;
  amount: string;
}

/** A post of this form without scripts that the server refused: its words, code and the fields. */
export interface RefusedPayment {
  fields: PaymentFields;
  error: string;
  code: string | null;
}

export const PAYMENT_INTENT = 'pay';

interface StartedPayment {
  message: string;
  paymentId: string;
}

type Phase =
  | { name: 'editing' }
  | { name: 'sending' }
  | { name: 'waiting'; message: string; slow: boolean }
  | {
      name: 'done';
      tone: 'success' | 'error';
      message: string;
      retrySafe?: boolean;
      code?: string | null;
      /** The payment that failed, for "Get help". */
      paymentId?: string;
    };

/** How long to wait between two looks at a pending payment: 1 s, growing to 5 s. */
export function pollDelay(attempt: number): number {
  return Math.min(5_000, Math.round(1_000 * 1.5 ** attempt));
}

/** After this long the form stops watching (the history page keeps the final word). */
const FOLLOW_FOR_MS = 3 * 60_000;

const TEXT: Record<PaymentKind, { verb: string; submit: string; busy: string; path: string }> = {
  deposit: {
    verb: 'deposit',
    submit: 'Deposit',
    busy: 'Sending the request…',
    path: '/api/wallet/deposit',
  },
  withdrawal: {
    verb: 'withdraw',
    submit: 'Withdraw',
    busy: 'Sending the request…',
    path: '/api/wallet/withdraw',
  },
};

function phoneError(phone: string, blurred: boolean): string | null {
  if (isValidZambianPhone(phone)) return null;
  // Tell as soon as the number cannot become valid; otherwise wait for all ten digits or the blur.
  const impossible = phone.length >= 3 && operatorFromPrefix(phone) === null;
  return blurred || phone.length >= PHONE_MAX_LENGTH || impossible ? MESSAGES.invalidPhone : null;
}

function amountError(text: string, blurred: boolean): string | null {
  if (parseAmount(text) !== null) return null;
  return text !== '' || blurred ? MESSAGES.invalidAmount : null;
}

/** Asks about a payment until it is no longer pending (or for FOLLOW_FOR_MS), telling `setPhase`. */
async function followPayment(
  paymentId: string,
  signal: AbortSignal,
  setPhase: Dispatch<SetStateAction<Phase>>,
) {
  const started = Date.now();
  for (let attempt = 0; !signal.aborted; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, pollDelay(attempt)));
    if (signal.aborted) return;
    let answer;
    try {
      answer = await apiFetch<{ payment: PaymentView }>(
        `/api/wallet/payments/${encodeURIComponent(paymentId)}`,
        { signal, fallbackError: MESSAGES.unknownError },
      );
    } catch {
      return; // aborted: the page is going away
    }
    if (answer.ok && answer.data.payment.status !== 'pending') {
      const { status, message } = answer.data.payment;
      setPhase({
        name: 'done',
        tone: status === 'completed' ? 'success' : 'error',
        message,
        paymentId,
      });
      requestBalanceRefresh();
      return;
    }
    if (Date.now() - started > FOLLOW_FOR_MS) {
      setPhase((current) => (current.name === 'waiting' ? { ...current, slow: true } : current));
      return;
    }
  }
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

/** Where the form starts: the payment or the refusal the server rendered, else an empty form. */
function initialPhase(payment: PaymentView | null, refused: RefusedPayment | null): Phase {
  if (payment?.status === 'pending') {
    return { name: 'waiting', message: payment.message, slow: false };
  }
  if (payment) {
    const tone = payment.status === 'completed' ? 'success' : 'error';
    return { name: 'done', tone, message: payment.message, paymentId: payment.id };
  }
  if (refused) return { name: 'done', tone: 'error', message: refused.error, code: refused.code };
  return { name: 'editing' };
}

/** A withdrawal goes to a proved number: the typed one if it is one, else the latest. */
function provedChoice(numbers: ProvedNumbers | undefined, phone: string): ProvedNumber | null {
  if (!Array.isArray(numbers) || numbers.length === 0) return null;
  return numbers.find((n) => n.phone === phone) ?? numbers[0]!;
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
  const text = TEXT[kind];
  const hydrated = useHydrated();
  const { balance } = useLiveBalance(initialUser);
  const typedPhone = refused ? phoneDigits(refused.fields.phone) : phoneDigits(initialUser.phone);
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
  const amountValue = parseAmount(amount);
  const valid = isValidZambianPhone(phone) && operator !== '' && amountValue !== null;
  const busy = phase.name === 'sending' || phase.name === 'waiting';

  function changePhone(value: string) {
    const digits = phoneDigits(value);
    setPhone(digits);
    const owner = operatorFromPrefix(digits);
    if (owner) setOperator(owner);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBlurred({ phone: true, amount: true });
    if (!valid || busy || amountValue === null) return;
    const attempt = attemptFor(unanswered.current, `${kind}|${phone}|${operator}|${amountValue}`);
    setPhase({ name: 'sending' });
    const answer = await apiFetch<StartedPayment>(text.path, {
      method: 'POST',
      headers: { 'Idempotency-Key': attempt.key },
      body: { phone, amount: amountValue, operator },
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
            initialPhone={phoneDigits(initialUser.phone)}
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
        {numbers !== undefined ? (
          <ProvedNumberSelect numbers={numbers} value={phone} onChoose={choose} />
        ) : (
          <div className="field">
            <label htmlFor="payment-phone">Mobile money number</label>
            <input
              id="payment-phone"
              name="phone"
              {...PHONE_INPUT}
              value={phone}
              required
              aria-invalid={errors.phone ? true : undefined}
              aria-describedby={errors.phone ? 'payment-phone-error' : 'payment-phone-hint'}
              onChange={(e) => changePhone(e.target.value)}
              onBlur={() => setBlurred((b) => ({ ...b, phone: true }))}
            />
            {errors.phone ? (
              <p id="payment-phone-error" className="field__error">
                {errors.phone}
              </p>
            ) : (
              <p id="payment-phone-hint" className="field__hint">
                10 digits starting 095, 096, 097, 076 or 077.
              </p>
            )}
          </div>
        )}
        <div className="field">
          <label htmlFor="payment-operator">Network</label>
          <select
            id="payment-operator"
            name="operator"
            value={operator}
            required
            disabled={numbers !== undefined}
            onChange={(e) => setOperator(e.target.value as Operator | '')}
          >
            <option value="" disabled>
              Choose your network
            </option>
            {OPERATORS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <p className="field__hint">
            {numbers !== undefined
              ? 'The network of the chosen number.'
              : 'Chosen for you from the number; change it if it is wrong.'}
          </p>
        </div>
        <div className="field">
          <label htmlFor="payment-amount">Amount (ZMW)</label>
          <input
            id="payment-amount"
            name="amount"
            type="number"
            inputMode="decimal"
            min={MIN_PAYMENT_ZMW}
            step="0.01"
            placeholder="50"
            value={amount}
            required
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? 'payment-amount-error' : undefined}
            onChange={(e) => setAmount(e.target.value)}
            onBlur={() => setBlurred((b) => ({ ...b, amount: true }))}
          />
          {errors.amount ? (
            <p id="payment-amount-error" className="field__error">
              {errors.amount}
            </p>
          ) : null}
          {kind === 'deposit' && hydrated ? (
            <div className="quick-amounts" role="group" aria-label="Quick amounts">
              {QUICK_DEPOSIT_ZMW.map((zmw) => (
                <button
                  key={zmw}
                  type="button"
                  className="button button--ghost quick-amounts__choice"
                  aria-pressed={amountValue === zmw}
                  onClick={() => setAmount(String(zmw))}
                >
                  {formatZmw(zmw)}
                </button>
              ))}
            </div>
          ) : null}
        </div>
        <div className="form__actions">
          {/* Enabled before scripts run: the form then posts to the page, which checks it alike. */}
          <button type="submit" className="button" disabled={hydrated && (!valid || busy)}>
            {phase.name === 'sending' ? (
              <>
                <span className="spinner spinner--light" aria-hidden="true" />
                {text.busy}
              </>
            ) : amountValue !== null ? (
              `${text.submit} ${formatZmw(amountValue)}`
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
