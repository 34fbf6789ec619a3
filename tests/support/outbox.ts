// Reads the product's mail outbox ($DATA_DIR/outbox/*.eml, one file per message) the way a person
// reads their inbox: who it is for, the subject, and the links in it. Used by the integration and
// browser tests.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** Undoes quoted-printable (soft line breaks and =XX bytes), which mail uses for long lines. */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function header(head: string, name: string): string {
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded);
  return match?.[1]?.trim() ?? '';
}

/** The plain-text part of a message (the whole body when it is not multipart). */
function plainText(raw: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw.slice(raw.search(/\r?\n\r?\n/))];
  const part = parts.find((p) => /content-type:\s*text\/plain/i.test(p)) ?? parts[0] ?? '';
  const split = part.search(/\r?\n\r?\n/);
  const partHead = split >= 0 ? part.slice(0, split) : '';
  const body = split >= 0 ? part.slice(split).trim() : part;
  if (/content-transfer-encoding:\s*quoted-printable/i.test(partHead)) {
    return decodeQuotedPrintable(body);
  }
  if (/content-transfer-encoding:\s*base64/i.test(partHead)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return body;
}

export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
  names.sort();
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const raw = await readFile(file, 'utf8');
      const head = raw.slice(0, raw.search(/\r?\n\r?\n/));
      const text = plainText(raw);
      return {
        file,
        to: header(head, 'To'),
        subject: header(head, 'Subject'),
        text,
        links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
      };
    }),
  );
}

/** The newest message to `to` whose link goes to `pathname`, waiting for it up to `timeoutMs`. */
export async function waitForLink(
  dir: string,
  to: string,
  pathname: string,
  timeoutMs = 10_000,
): Promise<URL> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await readOutbox(dir)).filter((m) => m.to.includes(to));
    const links = mails
      .flatMap((m) => m.links)
      .map((l) => new URL(l))
      .filter((u) => u.pathname === pathname);
    if (links.length > 0) return links[links.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with a ${pathname} link`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
