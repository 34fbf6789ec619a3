// Reads the product's SMS outbox ($DATA_DIR/outbox/sms/*.txt, one file per message, written when
// SMS_URL is unset) the way a person reads their phone: who it is for, the text, the code in it.
// Used by the integration and browser tests.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { normalizeZambianPhone } from '#site/shared/phone.ts';

export interface OutboxSms {
  file: string;
  /** The local form of the number it went to (`0961234567`). */
  to: string;
  text: string;
  /** The six-digit code at the start of the text, or null. */
  code: string | null;
}

export async function readSmsOutbox(dir: string): Promise<OutboxSms[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.txt'));
  names.sort();
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const raw = await readFile(file, 'utf8');
      const split = raw.indexOf('\n\n');
      const head = raw.slice(0, split);
      const text = raw.slice(split + 2).trimEnd();
      const to = /^To:\s*(.+)$/m.exec(head)?.[1]?.trim() ?? '';
      return {
        file,
        to: normalizeZambianPhone(to),
        text,
        code: /^(\d{6}) /.exec(text)?.[1] ?? null,
      };
    }),
  );
}

/**
 * The code of the newest message to `phone` beyond the first `seen` messages to it, waiting up to
 * `timeoutMs` for it to arrive.
 */
export async function waitForSmsCode(
  dir: string,
  phone: string,
  options: { seen?: number; timeoutMs?: number } = {},
): Promise<string> {
  const to = normalizeZambianPhone(phone);
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const messages = (await readSmsOutbox(dir)).filter((m) => m.to === to);
    const latest = messages.slice(options.seen ?? 0).at(-1);
    if (latest?.code) return latest.code;
    if (Date.now() > deadline) throw new Error(`no SMS code to ${to} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
