// Amounts on screen. The API speaks ZMW numbers with at most 2 decimals; counting in whole ngwee
// here keeps 0.1 + 0.2 style errors out of what people read.

/** 1234.5 → "ZMW 1,234.50"; -20 → "-ZMW 20.00". */
export function formatZmw(amount: number): string {
  const ngwee = Math.round(amount * 100);
  const sign = ngwee < 0 ? '-' : '';
  const abs = Math.abs(ngwee);
  const kwacha = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}ZMW ${kwacha}.${String(abs % 100).padStart(2, '0')}`;
}

/** The form's smallest amount (the input's `min`). */
export const MIN_PAYMENT_ZMW = 1;

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
