// Africa's Talking's SMS API (the gateway's published "send bulk SMS" call, the one its SDKs use):
//   POST https://api.africastalking.com/version1/messaging
//   headers  apiKey: <key>, Accept: application/json, Content-Type: application/x-www-form-urlencoded
//   body     username, to (+260…), message, from (a registered sender id or short code; optional)
//   answer   201 {SMSMessageData: {Message, Recipients: [{statusCode, number, status, cost, messageId}]}}
// A recipient's statusCode 100 (Processed), 101 (Sent) or 102 (Queued) means the gateway took the
// message; 4xx/5xx codes name why not (403 InvalidPhoneNumber, 405 InsufficientBalance, 406
// UserInBlacklist, 409 DoNotDisturbRejection, 500 InternalServerError, …). A wrong key or username
// answers HTTP 401 with a plain-text body. The sandbox is the same call on api.sandbox.africastalking.com
// with the username `sandbox`.
import { z } from 'zod';
import { internationalPhone } from '#site/shared/phone.ts';
import { SmsNotSent, type OutgoingSms, type SmsSender } from './sender';

export const AFRICAS_TALKING_SMS_URL = 'https://api.africastalking.com/version1/messaging';

/** How long the gateway has to answer before the send counts as failed. */
export const DEFAULT_SMS_TIMEOUT_MS = 10_000;

/** The recipient status codes that mean "accepted for delivery". */
const ACCEPTED = new Set([100, 101, 102]);

export interface AfricasTalkingOptions {
  /** `SMS_URL`: the messaging endpoint (the live one above, the sandbox's, or a test's fake). */
  url: string;
  /** `SMS_USERNAME`: the Africa's Talking app's username (`sandbox` on the sandbox). */
  username: string;
  /** `SMS_API_KEY`: that app's API key. */
  apiKey: string;
  /** `SMS_FROM`: a sender id or short code registered with the gateway; unset, its default. */
  from?: string | undefined;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const answerSchema = z.object({
  SMSMessageData: z.object({
    Message: z.string().optional(),
    Recipients: z.array(
      z.object({
        statusCode: z.coerce.number().int(),
        status: z.string(),
        messageId: z.string().optional(),
      }),
    ),
  }),
});

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

export function africasTalkingSender(options: AfricasTalkingOptions): SmsSender {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_SMS_TIMEOUT_MS;
  return {
    async send(sms: OutgoingSms) {
      const form = new URLSearchParams({
        username: options.username,
        to: internationalPhone(sms.to),
        message: sms.text,
      });
      if (options.from) form.set('from', options.from);
      let response: Response;
      let text: string;
      try {
        response = await doFetch(options.url, {
          method: 'POST',
          headers: {
            apiKey: options.apiKey,
            Accept: 'application/json',
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: form.toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        if (isTimeout(error)) {
          throw new SmsNotSent('timeout', `the SMS gateway did not answer within ${timeoutMs} ms`);
        }
        throw new SmsNotSent('unreachable', 'the SMS gateway could not be reached', {
          cause: error,
        });
      }
      // The body of a refusal may quote what was sent: only the status goes into the error.
      if (!response.ok) {
        throw new SmsNotSent('refused', `the SMS gateway answered HTTP ${response.status}`);
      }
      let parsed: z.infer<typeof answerSchema>;
      try {
        parsed = answerSchema.parse(JSON.parse(text));
      } catch {
        throw new SmsNotSent('unexpected', 'the SMS gateway answered something unreadable');
      }
      const recipients = parsed.SMSMessageData.Recipients;
      if (recipients.length !== 1) {
        // Africa's Talking answers an empty list when it refused the whole request (e.g. an
        // unregistered sender id): its Message says why, in words that do not carry the number.
        const why = (parsed.SMSMessageData.Message ?? '').slice(0, 80);
        throw new SmsNotSent('refused', `the SMS gateway took no recipient (${why})`);
      }
      const [recipient] = recipients;
      if (!ACCEPTED.has(recipient!.statusCode)) {
        const status = recipient!.status.replace(/[^A-Za-z]/g, '').slice(0, 40);
        throw new SmsNotSent(
          'refused',
          `the SMS gateway refused the message: ${recipient!.statusCode} ${status}`,
        );
      }
    },
  };
}
