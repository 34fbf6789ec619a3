// How a "too many requests" refusal (429) speaks: its stable code, and the wait in words.

/** The `code` of every 429 refusal: screens decide by it, never by the wording. */
export const RATE_LIMITED = 'rate_limited';

/** How long to wait, in words: "1 second", "45 seconds", "2 minutes", "3 hours" (rounded up). */
export function formatWait(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  const [count, unit] =
    whole < 60
      ? [whole, 'second']
      : whole <= 90 * 60
        ? [Math.ceil(whole / 60), 'minute']
        : [Math.ceil(whole / 3600), 'hour'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}
