// Where a withdrawal may go: only numbers from which a deposit of this account completed. The
// withdraw page's loader reads them; the form offers these and nothing else, and asks
// `GET /api/wallet/numbers` again after a refusal says the list changed.
import type { Operator } from '#game/payment-vocabulary.ts';
import { OPERATORS } from '#site/shared/phone.ts';
import { useCallback, useState } from 'react';
import { apiFetch } from './api';
import { Banner } from './banner';
import { PATHS } from '#site/shared/paths.ts';

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

/** The proved numbers as the page's loader read them, or `'failed'` when it could not. */
export type ProvedNumbers = ProvedNumber[] | 'failed';

/** The numbers, starting with the loader's; `reload()` asks the API again. */
export function useProvedNumbers(initial: ProvedNumbers | undefined) {
  const [numbers, setNumbers] = useState<ProvedNumbers | undefined>(initial);
  const reload = useCallback(() => {
    void apiFetch<{ numbers: ProvedNumber[] }>('/api/wallet/numbers', {
      fallbackError: 'failed',
    }).then((answer) => setNumbers(answer.ok ? answer.data.numbers : 'failed'));
  }, []);
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
        <a href={PATHS.deposit}>Make a deposit</a>
      </p>
    </Banner>
  );
}
