const AMOUNT_STRING = /^(0|[1-9]\d*)(?:\.(\d{1,2}))?$/;

/**
 * Integer ngwee → pawaPay's amount string: 1500 → "15", 1550 → "15.5", 1505 → "15.05".
 * Trailing zeros of the decimals are dropped, as in pawaPay's own examples.
 */
export function ngweeToAmountString(ngwee: number): string {
  if (!Number.isSafeInteger(ngwee) || ngwee < 0) {
    throw new Error(`an amount in ngwee must be a non-negative integer, got ${ngwee}`);
  }
  const kwacha = Math.floor(ngwee / 100);
  const rest = ngwee % 100;
  if (rest === 0) return String(kwacha);
  const decimals = String(rest).padStart(2, '0').replace(/0$/, '');
  return `${kwacha}.${decimals}`;
}

/** pawaPay's amount string → integer ngwee ("15.5" → 1550, "123.00" → 12300); null if malformed. */
export function amountStringToNgwee(amount: string): number | null {
  const match = AMOUNT_STRING.exec(amount);
  if (!match) return null;
  const kwacha = Number(match[1]);
  const decimals = (match[2] ?? '').padEnd(2, '0');
  const ngwee = kwacha * 100 + Number(decimals);
  return Number.isSafeInteger(ngwee) ? ngwee : null;
}
