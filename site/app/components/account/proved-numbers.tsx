// Where a withdrawal may go: only numbers from which a deposit of this account completed
// (`GET /api/wallet/numbers`). The withdraw form offers these and nothing else.
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { apiFetch } from './api';
import { Banner } from './banner';
import { OPERATORS, type Operator } from './phone';

export interface ProvedNumber {
  phone: string;
  operator: Operator;
  lastUsedAt: string;
}

/** The refusal `code` of a withdrawal to a number that never funded the account. */
export const NUMBER_NOT_PROVED = 'number_not_proved';

export function operatorLabel(operator: Operator): string {
  return OPERATORS.find((option) => option.value === operator)?.label ?? operator;
}

/**
 * The proved numbers, loaded once the page runs in the browser; `null` while loading (or when
 * `enabled` is false), `'failed'` when they could not be loaded. `reload()` asks again.
 */
export function useProvedNumbers(enabled: boolean) {
  const [numbers, setNumbers] = useState<ProvedNumber[] | 'failed' | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    apiFetch<{ numbers: ProvedNumber[] }>('/api/wallet/numbers', {
      signal: controller.signal,
      fallbackError: 'failed',
    }).then(
      (answer) => setNumbers(answer.ok ? answer.data.numbers : 'failed'),
      () => {}, // aborted: the page is going away
    );
    return () => controller.abort();
  }, [enabled, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { numbers, reload };
}

/** The "Mobile money number" field of a withdrawal: a choice among the proved numbers. */
export function ProvedNumberSelect({
  numbers,
  value,
  onChoose,
}: {
  numbers: ProvedNumber[];
  value: string;
  onChoose: (number: ProvedNumber) => void;
}) {
  return (
    <div className="field">
      <label htmlFor="payment-phone">Mobile money number</label>
      <select
        id="payment-phone"
        name="phone"
        value={value}
        required
        aria-describedby="payment-phone-hint"
        onChange={(e) => {
          const chosen = numbers.find((number) => number.phone === e.target.value);
          if (chosen) onChoose(chosen);
        }}
      >
        {numbers.map((number) => (
          <option key={number.phone} value={number.phone}>
            {`${number.phone} (${operatorLabel(number.operator)})`}
          </option>
        ))}
      </select>
      <p id="payment-phone-hint" className="field__hint">
        Withdrawals go only to numbers you have deposited from.
      </p>
    </div>
  );
}

/** What the withdraw page shows instead of the form when no number has funded the account. */
export function NoProvedNumbers() {
  return (
    <Banner tone="info" title="Make a deposit first from the number you want to be paid to.">
      <p>
        To keep your money safe, withdrawals go only to a mobile money number that has paid into
        this account. Once a deposit from that number completes, you can withdraw to it.
      </p>
      <p>
        <Link to="/rentalgame/deposit">Make a deposit</Link>
      </p>
    </Banner>
  );
}
