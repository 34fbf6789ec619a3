// Outgoing mail (verification and password-reset links). With `SMTP_URL` it goes out by SMTP; without
// it each message is written as one `.eml` file under `$DATA_DIR/outbox/`, so a fresh `npm start`
// works with no mail account anywhere (like the payment sandbox) and a developer can open the link.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { parseEmail } from '#site/shared/email.ts';
import { logAuthError } from '../auth/logging';
import { writePrivateFile } from '../data-dir';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Resolves once the message is handed over (SMTP accepted it, or its file is written). */
  send(mail: OutgoingMail): Promise<void>;
  /**
   * Sends without waiting; the mail may still be in the making (null: nothing to send). A failure
   * is logged, never shown to the person. `idle` waits for these.
   */
  sendLater(mail: OutgoingMail | null | Promise<OutgoingMail | null>): void;
  /** Resolves when every `sendLater` so far has finished. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://…`; unset: the file outbox. */
  smtpUrl?: string | undefined;
  /** The file outbox's folder (used only without `smtpUrl`). */
  outboxDir: string;
  from: string;
}

export const DEFAULT_MAIL_FROM = 'Zed Truck Company <no-reply@localhost>';

type Deliver = (mail: OutgoingMail) => Promise<void>;

function smtpDelivery(smtpUrl: string, from: string): { deliver: Deliver; close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    deliver: async (mail) => {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}

let sequence = 0;

/** One file per message, readable by this user only: the links in it sign a person in. */
function outboxDelivery(dir: string, from: string): { deliver: Deliver; close(): void } {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    deliver: async (mail) => {
      const info = await transport.sendMail({ from, ...mail });
      sequence = (sequence + 1) % 1_000_000;
      const name = `${Date.now()}-${String(sequence).padStart(6, '0')}-${randomUUID()}.eml`;
      await writePrivateFile(path.join(dir, name), info.message as Buffer, { flag: 'wx' });
    },
    close: () => transport.close(),
  };
}

export function createMailer(options: MailerOptions): Mailer {
  const delivery = options.smtpUrl
    ? smtpDelivery(options.smtpUrl, options.from)
    : outboxDelivery(options.outboxDir, options.from);
  const pending = new Set<Promise<void>>();
  // Only ever to one plain address (the site's email rule): an address list stored before the rule
  // would send a link to its first address that "proves" a different one.
  const deliver: Deliver = (mail) => {
    const to = parseEmail(mail.to);
    if (to === null) return Promise.reject(new Error('the recipient is not one email address'));
    return delivery.deliver({ ...mail, to });
  };
  return {
    send: deliver,
    sendLater(mail) {
      const sending = Promise.resolve(mail)
        .then((ready) => (ready ? deliver(ready) : undefined))
        .catch((error: unknown) => logAuthError('mail not sent', error))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    async close() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
      delivery.close();
    },
  };
}
