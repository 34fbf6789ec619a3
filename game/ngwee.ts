// Real money, the one module (docs/decisions/114): integer ngwee inside (1 ZMW = 100 ngwee); ZMW
// crosses the API as a JSON number with at most 2 decimals, or the same written as a string (what a
// person typed). Text becomes ngwee only here, by integer arithmetic on its digits, and ngwee
// becomes words only here. The browser, the site server, db/ and the room server all import it.
// (In-game money, the 5100 starting balance and the tiles, is plain integers and never comes here.)

const NGWEE_PER_ZMW = 100;

/** ZMW as decimal text: whole kwacha without leading zeros, then at most 2 decimals. */
const ZMW_TEXT = /^(0|[1-9]\d*)(?:\.(\d{1,2}))?$/;

/**
 * Decimal ZMW text → integer ngwee (≥ 0), or null when it is not exactly that grammar: "15.5" →
 * 1550, "123.00" → 12300; "15.055", " 15", "015", "1e3" and ".5" are refused, never rounded.
 */
export function parseZmwText(text: string): number | null {
  const match = ZMW_TEXT.exec(text);
  if (!match) return null;
  const ngwee = Number(match[1]) * NGWEE_PER_ZMW + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(ngwee) ? ngwee : null;
}

/**
 * An amount as a client sends it or a person types it (a JSON number, or the same as a string;
 * blanks around a string are dropped) → integer ngwee, or null when it is not an amount above 0
 * with at most 2 decimals. A number is read from its shortest decimal text, which is the text that
 * was written: 19.99 is 1999 ngwee, 19.999 and 0.1 + 0.2 are refused.
 */
export function parseZmw(value: unknown): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const ngwee = parseZmwText(text);
  return ngwee !== null && ngwee > 0 ? ngwee : null;
}

function assertNgwee(ngwee: number): void {
  if (!Number.isSafeInteger(ngwee)) {
    throw new RangeError(`an amount in ngwee must be a whole number, got ${ngwee}`);
  }
}

/** Integer ngwee → the API's ZMW number: 2550 → 25.5 (its JSON text has at most 2 decimals). */
export function ngweeToZmw(ngwee: number): number {
  assertNgwee(ngwee);
  // The double nearest to ngwee/100, whose shortest text is exactly those two decimals.
  return ngwee / NGWEE_PER_ZMW;
}

/**
 * A ZMW number as the API sends it (a balance, a stake, a net change) → integer ngwee, to the
 * nearest ngwee, read from its decimal text (toFixed rounds the exact value: 0.1 + 0.2 is 30).
 * Throws a RangeError for NaN, ±Infinity and numbers too large to write in decimals.
 */
export function zmwToNgwee(zmw: number): number {
  const text = Number.isFinite(zmw) ? zmw.toFixed(2) : '';
  const negative = text.startsWith('-');
  const ngwee = parseZmwText(negative ? text.slice(1) : text);
  if (ngwee === null) throw new RangeError(`not an amount in ZMW: ${zmw}`);
  return negative ? -ngwee : ngwee;
}

/**
 * Integer ngwee (≥ 0) → plain decimal ZMW text, trailing zeros of the decimals dropped: 1500 →
 * "15", 1550 → "15.5", 1505 → "15.05". pawaPay's amount string, and a form field's value.
 */
export function zmwText(ngwee: number): string {
  assertNgwee(ngwee);
  if (ngwee < 0) throw new RangeError(`an amount to write must not be negative, got ${ngwee}`);
  const kwacha = Math.floor(ngwee / NGWEE_PER_ZMW);
  const rest = ngwee % NGWEE_PER_ZMW;
  if (rest === 0) return String(kwacha);
  return `${kwacha}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** How amounts read, on screens and in the server's messages alike: 123450 → "ZMW 1,234.50"; -2000 → "-ZMW 20.00". */
export function formatNgwee(ngwee: number): string {
  assertNgwee(ngwee);
  const sign = ngwee < 0 ? '-' : '';
  const abs = Math.abs(ngwee);
  const kwacha = String(Math.floor(abs / NGWEE_PER_ZMW)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}ZMW ${kwacha}.${String(abs % NGWEE_PER_ZMW).padStart(2, '0')}`;
}

/** A ZMW number as the API sends it → "ZMW 1,234.50". */
export function formatZmw(zmw: number): string {
  return formatNgwee(zmwToNgwee(zmw));
}

/** A ZMW amount as a headline says it: "ZMW 32", "ZMW 1,250", "ZMW 32.50" (ngwee only when any). */
export function formatZmwShort(zmw: number): string {
  const full = formatZmw(zmw);
  return full.endsWith('.00') ? full.slice(0, -3) : full;
}
