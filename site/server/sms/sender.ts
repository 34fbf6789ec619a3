// What the site asks of an SMS gateway: hand one text to one Zambian mobile number, or say plainly
// that it did not. The gateway adapter (africastalking.ts) and the file outbox (outbox.ts) both
// answer to this.

export interface OutgoingSms {
  /** The local 10-digit number (`0961234567`); adapters send it in international form. */
  to: string;
  text: string;
}

/** Why a message did not go: the gateway said no, it did not answer in time, or it answered nonsense. */
export type SmsFailure = 'refused' | 'timeout' | 'unreachable' | 'unexpected';

/**
 * The message was not handed over. The error's message names the gateway's reason (its status
 * name or HTTP status), never the number or the text: it is logged.
 */
export class SmsNotSent extends Error {
  override name = 'SmsNotSent';
  constructor(
    readonly failure: SmsFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface SmsSender {
  /** Resolves once the gateway accepted the message (or its file is written); else `SmsNotSent`. */
  send(sms: OutgoingSms): Promise<void>;
}

/** A number as a log line may show it: its last two digits only. */
export function phoneForLog(phone: string): string {
  return `…${phone.replace(/\D/g, '').slice(-2)}`;
}
