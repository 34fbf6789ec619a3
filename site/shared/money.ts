// How amounts read, on screens and in the server's messages alike: "ZMW 1,234.50".

/** Integer ngwee → "ZMW 1,234.50"; -2000 → "-ZMW 20.00". */
export function formatNgwee(ngwee: number): string {
  const whole = Math.round(ngwee);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  const kwacha = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}ZMW ${kwacha}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A ZMW number as the API sends it (at most 2 decimals) → "ZMW 1,234.50". Counted in whole ngwee,
 * so 0.1 + 0.2 style errors never reach what people read.
 */
export function formatZmw(amount: number): string {
  return formatNgwee(Math.round(amount * 100));
}

/** A ZMW amount as a headline says it: "ZMW 32", "ZMW 1,250", "ZMW 32.50" (ngwee only when any). */
export function formatZmwShort(amount: number): string {
  const full = formatZmw(amount);
  return full.endsWith('.00') ? full.slice(0, -3) : full;
}
