// The payment form's three fields: the mobile money number (a free field, or for a withdrawal the
// choice among proved numbers), the network, and the amount with the deposit's quick amounts.
import type { Operator } from '#game/payment-vocabulary.ts';
import { OPERATORS } from '#site/shared/phone.ts';
import { formatNgwee, zmwText } from '#game/ngwee.ts';
import type { PaymentKind } from './payment-checks';
import { MIN_PAYMENT_NGWEE, QUICK_DEPOSIT_NGWEE } from './money';
import { PHONE_INPUT } from './phone';
import { ProvedNumberSelect, type ProvedNumber } from './proved-numbers';

export function PhoneField({
  numbers,
  phone,
  error,
  onChange,
  onBlur,
  onChoose,
}: {
  /** A withdrawal's proved numbers: the only ones it may go to (decision 018). */
  numbers: ProvedNumber[] | undefined;
  phone: string;
  error: string | null;
  onChange: (value: string) => void;
  onBlur: () => void;
  onChoose: (number: ProvedNumber) => void;
}) {
  if (numbers !== undefined) {
    return <ProvedNumberSelect numbers={numbers} value={phone} onChoose={onChoose} />;
  }
  return (
    <div className="field">
      <label htmlFor="payment-phone">Mobile money number</label>
      <input
        id="payment-phone"
        name="phone"
        {...PHONE_INPUT}
        value={phone}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'payment-phone-error' : 'payment-phone-hint'}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      {error ? (
        <p id="payment-phone-error" className="field__error">
          {error}
        </p>
      ) : (
        <p id="payment-phone-hint" className="field__hint">
          10 digits starting 095, 096, 097, 076 or 077.
        </p>
      )}
    </div>
  );
}

export function OperatorField({
  operator,
  fromProvedNumber,
  onChange,
}: {
  operator: Operator | '';
  /** The network follows the chosen proved number and cannot be changed. */
  fromProvedNumber: boolean;
  onChange: (operator: Operator | '') => void;
}) {
  return (
    <div className="field">
      <label htmlFor="payment-operator">Network</label>
      <select
        id="payment-operator"
        name="operator"
        value={operator}
        required
        disabled={fromProvedNumber}
        onChange={(e) => onChange(e.target.value as Operator | '')}
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
        {fromProvedNumber
          ? 'The network of the chosen number.'
          : 'Chosen for you from the number; change it if it is wrong.'}
      </p>
    </div>
  );
}

export function AmountField({
  kind,
  amount,
  amountNgwee,
  error,
  quickAmounts,
  onChange,
  onBlur,
}: {
  kind: PaymentKind;
  /** As typed. */
  amount: string;
  /** What it reads as, or null. */
  amountNgwee: number | null;
  error: string | null;
  /** The deposit's one-tap amounts (once scripts run). */
  quickAmounts: boolean;
  onChange: (text: string) => void;
  onBlur: () => void;
}) {
  return (
    <div className="field">
      <label htmlFor="payment-amount">Amount (ZMW)</label>
      <input
        id="payment-amount"
        name="amount"
        type="number"
        inputMode="decimal"
        min={zmwText(MIN_PAYMENT_NGWEE)}
        step="0.01"
        placeholder="50"
        value={amount}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'payment-amount-error' : undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      {error ? (
        <p id="payment-amount-error" className="field__error">
          {error}
        </p>
      ) : null}
      {kind === 'deposit' && quickAmounts ? (
        <div className="quick-amounts" role="group" aria-label="Quick amounts">
          {QUICK_DEPOSIT_NGWEE.map((ngwee) => (
            <button
              key={ngwee}
              type="button"
              className="button button--ghost quick-amounts__choice"
              aria-pressed={amountNgwee === ngwee}
              onClick={() => onChange(zmwText(ngwee))}
            >
              {formatNgwee(ngwee)}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
