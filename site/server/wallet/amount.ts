// The public API speaks ZMW numbers with at most 2 decimals; everything inside is integer ngwee.

const ZMW_TEXT = /^(0|[1-9]\d*)(?:\.(\d{1,2}))?$/;

/**
 * A ZMW amount as a client sends it (a JSON number, or the same written as a string) → integer
 * ngwee, or null when it is not a finite amount above 0 with at most 2 decimals.
 * Reading the decimal text rather than multiplying by 100 keeps 0.1 + 0.2 style errors out: 19.99
 * is 1999 ngwee, and 19.999 is refused instead of being rounded.
 */
export function parseZmwToNgwee(value: unknown): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value <= 0) return null;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const match = ZMW_TEXT.exec(text);
  if (!match) return null;
  const ngwee = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(ngwee) && ngwee > 0 ? ngwee : null;
}

/** 2550 → 25.5 (a JSON number with at most 2 decimals). */
export function ngweeToZmw(ngwee: number): number {
  return ngwee / 100;
}
