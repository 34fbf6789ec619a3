// Amounts typed into the payment form. Amounts shown: formatZmw of site/shared/money.ts (re-exported
// here for the screens that still import it from this module).

export { formatZmw } from '#site/shared/money.ts';

/** The form's smallest amount (the input's `min`). */
export const MIN_PAYMENT_ZMW = 1;

/** One tap fills the deposit amount with one of these (ZMW): the stakes run from 10 to 50. */
export const QUICK_DEPOSIT_ZMW = [20, 50, 100] as const;

const AMOUNT_TEXT = /^\d+(?:\.\d{1,2})?$/;

/**
 * The amount a person typed, as a ZMW number, or null when it is not a plain number of at least
 * ZMW 1 with at most 2 decimals ("Please enter a valid amount.").
 */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!AMOUNT_TEXT.test(trimmed)) return null;
  const amount = Number(trimmed);
  return Number.isFinite(amount) && amount >= MIN_PAYMENT_ZMW ? amount : null;
}
