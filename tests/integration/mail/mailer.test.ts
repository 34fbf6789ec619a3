// The two ways mail leaves the site: SMTP (`SMTP_URL`) to a real local SMTP server, and the file
// outbox (one private `.eml` per message) when no SMTP server is configured.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { readOutbox } from '#tests/support/outbox.ts';
import { createMailer } from '#site/server/mail/mailer.ts';
import { passwordResetMail } from '#site/server/mail/templates.ts';

const FROM = 'Zed Truck Company <no-reply@localhost>';
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'zed-mail-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}

async function startSmtpServer(): Promise<{ port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'site' && auth.password === 'mail-secret') {
        return callback(null, { user: auth.username });
      }
      callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.server.address() as AddressInfo).port, received };
}

const mail = passwordResetMail(
  'mwila@example.zm',
  'http://localhost:3000/auth/reset?token=abc',
  60,
);

describe('mail by SMTP', () => {
  it('delivers to the SMTP server named by SMTP_URL, authenticated, from MAIL_FROM', async () => {
    const smtp = await startSmtpServer();
    const outboxDir = await tempDir();
    const mailer = createMailer({
      smtpUrl: `smtp://site:mail-secret@127.0.0.1:${smtp.port}`,
      outboxDir,
      from: FROM,
    });
    cleanups.push(() => mailer.close());
    await mailer.send(mail);

    expect(smtp.received).toHaveLength(1);
    const [got] = smtp.received;
    expect(got).toMatchObject({
      from: 'no-reply@localhost',
      to: ['mwila@example.zm'],
      user: 'site',
    });
    expect(got!.raw).toMatch(/^Subject: Reset your Zed Truck Company password/m);
    expect(got!.raw).toContain('/auth/reset?token');
    // Nothing went to the outbox.
    expect(await readdir(outboxDir)).toEqual([]);
  });

  it('fails the send when the server refuses (sendLater logs it instead)', async () => {
    const smtp = await startSmtpServer();
    const mailer = createMailer({
      smtpUrl: `smtp://site:wrong@127.0.0.1:${smtp.port}`,
      outboxDir: await tempDir(),
      from: FROM,
    });
    cleanups.push(() => mailer.close());
    await expect(mailer.send(mail)).rejects.toThrow();
    expect(smtp.received).toEqual([]);
  });
});

describe('mail to the file outbox', () => {
  it('writes one private .eml per message in a private folder', async () => {
    const root = await tempDir();
    const outboxDir = path.join(root, 'outbox');
    const mailer = createMailer({ outboxDir, from: FROM });
    cleanups.push(() => mailer.close());
    await mailer.send(mail);
    mailer.sendLater(Promise.resolve({ ...mail, to: 'chanda@example.zm' }));
    mailer.sendLater(null);
    await mailer.idle();

    const mails = await readOutbox(outboxDir);
    expect(mails.map((m) => m.to)).toEqual(['mwila@example.zm', 'chanda@example.zm']);
    expect(mails[0]!.subject).toBe('Reset your Zed Truck Company password');
    expect(mails[0]!.links).toContain('http://localhost:3000/auth/reset?token=abc');
    expect((await stat(outboxDir)).mode & 0o777).toBe(0o700);
    for (const m of mails) expect((await stat(m.file)).mode & 0o777).toBe(0o600);
  });

  it('sends to one plain address only: an address list is refused, nothing written', async () => {
    const outboxDir = path.join(await tempDir(), 'outbox');
    const mailer = createMailer({ outboxDir, from: FROM });
    cleanups.push(() => mailer.close());
    for (const to of [
      'victim@x,evil.example',
      'a@example.zm; b@example.zm',
      'Eve <e@example.zm>',
    ]) {
      await expect(mailer.send({ ...mail, to })).rejects.toThrow('not one email address');
    }
    expect(await readOutbox(outboxDir).catch(() => [])).toEqual([]);
  });
});
