// The payment form's other screens: the waiting state while the operator answers, and the next
// step under a result (decided by the refusal's `code`, never by its words).
import { isPlayRefusal, PlayRefusalStep } from '../responsible-play/refusal-step';
import { Banner, Progress } from './banner';
import { formatZmw } from '#game/ngwee.ts';
import { PATHS } from '#site/shared/paths.ts';
import type { PaymentKind } from '#game/payment-vocabulary.ts';
import { NUMBER_NOT_PROVED } from './proved-numbers';

/** The refusal `code` of a withdrawal above the balance. */
const INSUFFICIENT_BALANCE = 'insufficient_balance';
/** The refusal `code` of a withdrawal from an account whose number no SMS code confirmed. */
export const PHONE_NOT_PROVED = 'phone_not_proved';

/** Without scripts, the waiting page loads itself again this often until the payment settles. */
export const WAITING_RELOAD_SECONDS = 4;

export function Waiting({
  kind,
  message,
  slow,
  reloads = false,
}: {
  kind: PaymentKind;
  message: string;
  slow: boolean;
  /** Rendered by the server for a browser that may run no script: it reloads by itself. */
  reloads?: boolean;
}) {
  return (
    <section className="payment-waiting" aria-labelledby="payment-waiting-title">
      {reloads ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(WAITING_RELOAD_SECONDS)} />
        </noscript>
      ) : null}
      <h2 id="payment-waiting-title">
        {kind === 'deposit' ? 'Approve the payment on your phone' : 'Sending your money'}
      </h2>
      <p className="payment-waiting__message">{message}</p>
      {kind === 'deposit' ? (
        <ol className="payment-waiting__steps">
          <li>Look for the mobile money prompt on your phone.</li>
          <li>Check the amount, then enter your PIN to approve it.</li>
          <li>Keep this page open: it updates by itself once the operator confirms.</li>
        </ol>
      ) : null}
      {slow ? (
        <Banner tone="warning" title="The operator has not answered yet.">
          <p>
            You can leave this page: the result will appear in your{' '}
            <a href={PATHS.accountHistory}>account history</a>, and your balance updates by itself.
          </p>
        </Banner>
      ) : (
        <Progress>Waiting for the operator to confirm…</Progress>
      )}
    </section>
  );
}

export function NextStep({
  kind,
  tone,
  balance,
  retrySafe,
  code,
}: {
  kind: PaymentKind;
  tone: 'success' | 'error';
  balance: number;
  retrySafe: boolean;
  code: string | null;
}) {
  if (tone === 'success') {
    return (
      <>
        {kind === 'deposit' ? (
          <p className="payment-result__next">
            Now <a href={PATHS.createGame}>create a game</a> or{' '}
            <a href={PATHS.joinRandom}>join one</a>.
          </p>
        ) : null}
        <p>
          Your new balance is shown at the top. See every payment in your{' '}
          <a href={PATHS.accountHistory}>account history</a>.
        </p>
      </>
    );
  }
  if (isPlayRefusal(code)) return <PlayRefusalStep code={code} />;
  if (code === INSUFFICIENT_BALANCE) {
    return (
      <p>
        {`Your balance is ${formatZmw(balance)}. Enter a smaller amount, or `}
        <a href={PATHS.deposit}>deposit first</a>.
      </p>
    );
  }
  if (code === PHONE_NOT_PROVED) {
    return <p>Confirm your number below: it takes a minute, and you only do it once.</p>;
  }
  if (code === NUMBER_NOT_PROVED) {
    return (
      <p>
        Choose one of the numbers below, or{' '}
        <a href={PATHS.deposit}>deposit first from the number you want to be paid to</a>.
      </p>
    );
  }
  if (retrySafe) {
    return (
      <p>
        Check your connection, then press {kind === 'deposit' ? 'Deposit' : 'Withdraw'} again. It is
        safe: the same request is sent again, so you cannot be charged twice.
      </p>
    );
  }
  return <p>Correct the details below if needed, then try again.</p>;
}
