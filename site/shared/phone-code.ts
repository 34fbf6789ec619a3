// Sign-in codes sent by SMS: their shape and life, which the server enforces and the phone sign-in
// page shows (one definition for both).

export const PHONE_CODE = {
  /** Digits in a code. */
  length: 6,
  /** How long a code works. */
  lifetimeMinutes: 10,
  /** Wrong codes allowed before it stops working. */
  tries: 5,
  /** The least time between two codes to one number. */
  resendSeconds: 60,
} as const;

/**
 * What a code field keeps of what was typed or pasted: the digits, at most six. "123 456", "123-456"
 * and a whole pasted SMS line ("Your code is 123456") all give `123456`.
 */
export function phoneCodeFieldValue(text: string): string {
  const run = /\d{6}/.exec(text);
  return run ? run[0] : text.replace(/\D/g, '').slice(0, PHONE_CODE.length);
}

/** The code as the server reads it: spaces and dashes dropped; null unless six digits remain. */
export function parsePhoneCode(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const compact = value.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(compact) ? compact : null;
}
