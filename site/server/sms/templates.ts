// The words of every SMS the site sends. Short: one 160-character GSM message.
import { BRAND } from '../mail/templates';
import { PHONE_CODE } from '#site/shared/phone-code.ts';

/**
 * The sign-in code. Its last line is the WebOTP / SMS Retriever form (`@host #code`): a phone's
 * browser on that site can offer the code with one tap in the field marked `one-time-code`.
 */
export function signInCodeSms(code: string, publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  return [
    `${code} is your ${BRAND} code. It works for ${PHONE_CODE.lifetimeMinutes} minutes.`,
    'Never share it: we will never ask you for it.',
    '',
    `@${host} #${code}`,
  ].join('\n');
}
