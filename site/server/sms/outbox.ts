// Without `SMS_URL`, each message is one text file (mode 0600, in a 0700 folder) under
// `$DATA_DIR/outbox/sms/`, so a fresh `npm start` signs people up by phone with no gateway account
// anywhere (like the mail outbox and the payment sandbox), and the tests read the codes from there.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { internationalPhone } from '#site/shared/phone.ts';
import { writePrivateFile } from '../data-dir';
import type { OutgoingSms, SmsSender } from './sender';

let sequence = 0;

/** The file's text: who it is for, when, then the message as the phone would show it. */
export function smsFileText(sms: OutgoingSms, at: Date): string {
  return `To: ${internationalPhone(sms.to)}\nDate: ${at.toISOString()}\n\n${sms.text}\n`;
}

export function smsOutbox(dir: string): SmsSender {
  return {
    async send(sms) {
      sequence = (sequence + 1) % 1_000_000;
      const at = new Date();
      // Names sort in the order the messages were written.
      const name = `${at.getTime()}-${String(sequence).padStart(6, '0')}-${randomUUID()}.txt`;
      await writePrivateFile(path.join(dir, name), smsFileText(sms, at), { flag: 'wx' });
    },
  };
}
