// The payment form's amount rules. The amount itself is read by parseZmw and written by
// formatNgwee, both of game/ngwee.ts, exactly as the server reads and writes it.
import { parseZmw } from '#game/ngwee.ts';

/** The form's smallest amount: ZMW 1. */
export const MIN_PAYMENT_NGWEE = 100;

/** One tap fills the deposit amount with one of these: the stakes run from ZMW 10 to 50. */
export const QUICK_DEPOSIT_NGWEE = [2_000, 5_000, 10_000] as const;

/**
 * The amount a person typed, in ngwee, or null when it is not an amount of at least ZMW 1 with at
 * most 2 decimals ("Please enter a valid amount.").
 */
export function typedPaymentNgwee(text: string): number | null {
  const ngwee = parseZmw(text);
  return ngwee !== null && ngwee >= MIN_PAYMENT_NGWEE ? ngwee : null;
}
