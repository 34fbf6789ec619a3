import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express, { Router } from 'express';
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts';
import { HttpClient } from '#tests/support/http-client.ts';
import { readOutbox, waitForLink, type OutboxMail } from '#tests/support/outbox.ts';
import { accountRouter } from '#site/server/api/account.ts';
import { authRouter } from '#site/server/api/auth.ts';
import { dataRightsRouter } from '#site/server/api/data-rights.ts';
import { meRouter } from '#site/server/api/me.ts';
import type { AuthConfig, AuthDeps } from '#site/server/auth/config.ts';
import type { GoogleConfig } from '#site/server/auth/google.ts';
import { requireAdmin, requirePlayer, sessionMiddleware } from '#site/server/auth/middleware.ts';
import { requireSameOrigin } from '#site/server/auth/origin.ts';
import { createMailer } from '#site/server/mail/mailer.ts';
import { smsOutbox } from '#site/server/sms/outbox.ts';
import type { SmsSender } from '#site/server/sms/sender.ts';
import { readSmsOutbox, waitForSmsCode, type OutboxSms } from '#tests/support/sms-outbox.ts';

export interface AuthAppOptions {
  /** Defaults to the server's own http URL; an https value exercises `Secure` + `__Host-`. */
  publicUrl?: string;
  adminEmails?: string[];
  google?: GoogleConfig;
  start?: number;
  /** Where sign-in codes go; default the file outbox in the app's temp folder (`smsDir`). */
  sms?: SmsSender;
  /** The codes to send, instead of random ones. */
  newCode?: () => string;
}

/** The HMAC key of the stored sign-in codes in every app of the harness. */
export const TEST_CODE_KEY = 'test-phone-code-key-0123456789abcdef';

export interface AuthApp {
  url: string;
  publicUrl: string;
  config: AuthConfig;
  /** The services' dependencies as the routers got them (for the page door's operations). */
  deps: AuthDeps;
  db: TestDatabase;
  /** The file outbox every mail of this app goes to. */
  outboxDir: string;
  mails(): Promise<OutboxMail[]>;
  /** Resolves when every mail sent so far is in the outbox. */
  mailIdle(): Promise<void>;
  /** The SMS outbox (used unless `sms` was given). */
  smsDir: string;
  smsMessages(): Promise<OutboxSms[]>;
  /** The code of the newest SMS to `phone` after the first `seen` ones to it (waits for it). */
  smsCode(phone: string, seen?: number): Promise<string>;
  /** The newest link to `pathname` mailed to `to` (waits for the mail). */
  mailedLink(to: string, pathname: '/auth/verify' | '/auth/reset'): Promise<URL>;
  /** The injected clock: tests move it with `advance`. */
  now(): number;
  advance(ms: number): void;
  client(address?: string): HttpClient;
  close(): Promise<void>;
}

/** The auth routers (and the data-rights one, whose erasure checks a password) and the Origin check
 * mounted under /api exactly as the site composes them, plus two guarded routes standing in for
 * money and admin routes. */
export async function startAuthApp(options: AuthAppOptions = {}): Promise<AuthApp> {
  const db = await createTestDatabase();
  let clock = options.start ?? Date.UTC(2025, 0, 1);
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const publicUrl = options.publicUrl ?? url;
  const config: AuthConfig = {
    publicUrl,
    adminEmails: options.adminEmails ?? [],
    ...(options.google ? { google: options.google } : {}),
  };
  const outboxDir = path.join(db.dir, 'outbox');
  const mailer = createMailer({ outboxDir, from: 'Zed Truck Company <no-reply@localhost>' });
  const smsDir = path.join(db.dir, 'outbox', 'sms');
  const phone = {
    sms: options.sms ?? smsOutbox(smsDir),
    codeKey: TEST_CODE_KEY,
    ...(options.newCode ? { newCode: options.newCode } : {}),
  };
  const deps: AuthDeps = { database: db.database, config, clock: () => clock, mailer, phone };

  const guarded = Router();
  guarded.post('/test/stake', requirePlayer, (_req, res) => void res.json({ staked: true }));
  guarded.get('/test/admin', requireAdmin, (_req, res) => void res.json({ admin: true }));

  const api = Router();
  api.use(requireSameOrigin(publicUrl));
  api.use(sessionMiddleware(deps));
  api.use(authRouter(deps), accountRouter(deps), meRouter(deps), dataRightsRouter(deps), guarded);

  const app = express();
  // Lets each test client speak from its own address through X-Forwarded-For.
  app.set('trust proxy', true);
  app.use('/api', api);
  server.on('request', app);

  return {
    url,
    publicUrl,
    config,
    deps,
    db,
    outboxDir,
    mails: async () => {
      await mailer.idle();
      return readOutbox(outboxDir);
    },
    mailIdle: () => mailer.idle(),
    smsDir,
    smsMessages: () => readSmsOutbox(smsDir),
    smsCode: (to, seen) => waitForSmsCode(smsDir, to, seen === undefined ? {} : { seen }),
    mailedLink: async (to, pathname) => {
      await mailer.idle();
      return waitForLink(outboxDir, to, pathname);
    },
    now: () => clock,
    advance(ms) {
      clock += ms;
    },
    client: (address = '10.0.0.1') => new HttpClient(url, new URL(publicUrl).origin, address),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await mailer.close();
      db.cleanup();
    },
  };
}

let counter = 0;

export function newPerson(overrides: Record<string, string | boolean> = {}) {
  counter += 1;
  return {
    firstName: 'Mwila',
    lastName: 'Banda',
    phone: '0961234567',
    email: `mwila.${counter}.${Math.random().toString(36).slice(2, 8)}@example.zm`,
    password: `pass-${counter}-word`,
    adult: true,
    terms: true,
    ...overrides,
  };
}

/** Everything written to the console while `fn` runs (and still printed through). */
export function captureConsole(): { lines: string[]; restore(): void } {
  const lines: string[] = [];
  const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
  const originals = methods.map((name) => console[name]);
  methods.forEach((name, i) => {
    console[name] = (...args: unknown[]) => {
      lines.push(args.map((a) => (a instanceof Error ? `${a.stack}` : String(a))).join(' '));
      originals[i]!.apply(console, args);
    };
  });
  return {
    lines,
    restore() {
      methods.forEach((name, i) => {
        console[name] = originals[i]!;
      });
    },
  };
}
