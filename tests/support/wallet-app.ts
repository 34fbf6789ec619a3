// The wallet, payments-callback, admin and rooms routers composed with auth and the Origin check
// exactly as the site mounts them (the provider's callbacks BEFORE the Origin check), on a real HTTP
// server (port 0) over a fresh libSQL file, with the built-in sandbox provider or pawaPay against the
// fake. The rooms push to a recording party client (rooms-app.ts), so stakes can be taken too.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import express, { Router } from 'express';
import { accountIds, balanceOf, checkLedger } from '#db/ledger.ts';
import { findPayment } from '#db/payments.ts';
import { users } from '#db/schema/people.ts';
import { adminRouter } from '#site/server/api/admin.ts';
import { adminAlertsRouter } from '#site/server/api/admin-alerts.ts';
import { authRouter } from '#site/server/api/auth.ts';
import { dataRightsRouter } from '#site/server/api/data-rights.ts';
import { meRouter } from '#site/server/api/me.ts';
import { paymentsRouter } from '#site/server/api/payments.ts';
import { responsiblePlayRouter } from '#site/server/api/responsible-play.ts';
import { roomsRouter } from '#site/server/api/rooms.ts';
import { supportRouter } from '#site/server/api/support.ts';
import { walletRouter } from '#site/server/api/wallet.ts';
import type { AuthConfig, AuthDeps } from '#site/server/auth/config.ts';
import { sessionMiddleware } from '#site/server/auth/middleware.ts';
import { logger } from '#site/server/logging.ts';
import { createFigures, type FiguresService } from '#site/server/ops/figures.ts';
import { requireSameOrigin } from '#site/server/auth/origin.ts';
import {
  createPaymentProvider,
  type ManagedPaymentProvider,
} from '#site/server/payments/create-provider.ts';
import { signRequest } from '#site/server/payments/http-signatures.ts';
import {
  SANDBOX_CALLBACK_PATH,
  SANDBOX_KEY_ID,
  sandboxCallbackSecret,
} from '#site/server/payments/sandbox.ts';
import { createDatabaseSandboxStore } from '#site/server/payments/sandbox-store-db.ts';
import type { ProviderName } from '#game/payment-vocabulary.ts';
import { roomServiceOf, type RoomsDeps } from '#site/server/rooms/deps.ts';
import type { OutgoingSms } from '#site/server/sms/sender.ts';
import type { ReconcilerOptions } from '#site/server/wallet/reconciler.ts';
import { purposeKey } from '#wire/signing.ts';
import {
  createWalletService,
  type WalletDeps,
  type WalletService,
} from '#site/server/wallet/service.ts';
import { createTestDatabase, fundWallet, type TestDatabase } from './db';
import { startFakePawapay, type FakePawapay } from './fake-pawapay';
import { HttpClient } from './http-client';
import { recordingPartyClient } from './rooms-app';

export const TEST_INTERNAL_SECRET = 'wallet-test-internal-secret-0123456789abcdef';
export const TEST_PASSWORD = 'correct-horse-battery';

export interface WalletAppOptions {
  provider?: ProviderName;
  /** How long the sandbox "phone" takes to approve (default 50 ms). */
  sandboxDelayMs?: number;
  /** pawaPay client timeout against the fake (default 10 s: a fake that answers never meets it). */
  pawapayTimeoutMs?: number;
  adminEmails?: string[];
  /** Wraps the real provider, e.g. to make an initiation fail in a chosen way. */
  wrapProvider?: (provider: ManagedPaymentProvider) => ManagedPaymentProvider;
  reconciler?: ReconcilerOptions;
  /** The services' clock (default: the real one). */
  clock?: () => number;
  /** `WITHDRAWALS_NEED_PROVED_PHONE=1`: a withdrawal also needs `user.phoneVerified`. */
  requireProvedPhone?: boolean;
}

export interface TestPlayer {
  id: string;
  email: string;
  client: HttpClient;
}

export interface WalletApp {
  url: string;
  /** The temp database (with `database`, `url`, `cleanup`). */
  db: TestDatabase;
  database: TestDatabase['database'];
  provider: ManagedPaymentProvider;
  /** The service behind the routers (reconcile on demand, handleCallback). */
  wallet: WalletService;
  /** The operator's figures behind `/api/admin/alerts` (gathered on demand, no timers). */
  figures: FiguresService;
  deps: WalletDeps;
  /** Present when `provider: 'pawapay'`. */
  fake: FakePawapay | null;
  client(): HttpClient;
  /**
   * Signs a new player up through the API; `fundZmw` credits a completed deposit via db/payments,
   * from `fundPhone` (default 0961234567), which that proves for withdrawals.
   */
  player(options?: {
    fundZmw?: number;
    fundPhone?: string;
    email?: string;
    /** The profile's phone (default 0971234567). */
    phone?: string;
  }): Promise<TestPlayer>;
  /**
   * Signs a player up (or back in) by phone through the API: a code to `phone`, read from the
   * recorded SMS, then the verify call with names, 18+ and the terms.
   */
  phonePlayer(phone: string): Promise<TestPlayer & { status: number }>;
  /** The code of the latest SMS sent to `phone`. */
  lastSmsCode(phone: string): string;
  guest(): Promise<TestPlayer>;
  makeAdmin(userId: string): Promise<void>;
  /**
   * Credits a completed deposit through db/payments, dated `now` (default: the real clock), from
   * `phone` (default 0961234567): a number the player may then withdraw to.
   */
  fund(userId: string, zmw: number, now?: number, phone?: string): Promise<void>;
  /** Wallet and hold balances, in ngwee. */
  balances(userId: string): Promise<{ wallet: number; hold: number }>;
  payment(paymentId: string): ReturnType<typeof findPayment>;
  ledger(): ReturnType<typeof checkLedger>;
  /** Resolves once `check` returns true (polling), or throws after `timeoutMs`. */
  waitFor(check: () => Promise<boolean> | boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

let people = 0;

export async function startWalletApp(options: WalletAppOptions = {}): Promise<WalletApp> {
  const db = await createTestDatabase();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const providerName = options.provider ?? 'sandbox';

  const fake =
    providerName === 'pawapay'
      ? await startFakePawapay({ callbackUrl: `${url}/api/payments/callback/pawapay` })
      : null;
  const realProvider = createPaymentProvider(
    {
      provider: providerName,
      publicUrl: url,
      internalSecret: TEST_INTERNAL_SECRET,
      sandboxDelayMs: options.sandboxDelayMs ?? 50,
      pawapay: {
        baseUrl: fake?.baseUrl ?? 'http://127.0.0.1:9',
        apiToken: fake?.apiToken ?? 'unused',
        timeoutMs: options.pawapayTimeoutMs ?? 10_000,
      },
    },
    { sandboxStore: createDatabaseSandboxStore(db.database) },
  );
  const provider = options.wrapProvider ? options.wrapProvider(realProvider) : realProvider;

  const auth: AuthConfig = { publicUrl: url, adminEmails: options.adminEmails ?? [] };
  const clock = options.clock;
  const smsSent: OutgoingSms[] = [];
  function lastSmsCode(phone: string): string {
    const text = smsSent.filter((sms) => sms.to === phone).at(-1)?.text ?? '';
    const code = /^(\d{6}) /.exec(text)?.[1];
    if (!code) throw new Error(`no SMS code sent to ${phone}`);
    return code;
  }
  const authDeps: AuthDeps = {
    database: db.database,
    config: auth,
    ...(clock ? { clock } : {}),
    phone: {
      sms: { send: async (sms) => void smsSent.push(sms) },
      codeKey: purposeKey(TEST_INTERNAL_SECRET, 'phone-codes'),
    },
  };
  const baseDeps: WalletDeps = {
    database: db.database,
    provider,
    config: {
      ...auth,
      internalSecret: TEST_INTERNAL_SECRET,
      requireProvedPhone: options.requireProvedPhone ?? false,
      ...(options.reconciler ? { reconciler: options.reconciler } : {}),
    },
    ...(clock ? { clock } : {}),
  };
  const wallet = createWalletService(baseDeps);
  const deps = { ...baseDeps, wallet };
  // The operator's figures over this database; no room servers, no timers (the alerts API gathers).
  const figures = createFigures({
    database: db.database,
    roomStatus: () => Promise.reject(new Error('no room server')),
    config: {
      dataDir: db.dir,
      databaseUrl: db.url,
      backups: { dir: path.join(db.dir, 'backups'), everyMinutes: 15, keepDays: 14 },
      gameTimeScale: 1,
    },
    log: logger,
    ...(clock ? { clock } : {}),
  });
  const roomsDeps: RoomsDeps = {
    database: db.database,
    auth,
    config: {
      internalSecret: TEST_INTERNAL_SECRET,
      partyUrl: 'http://127.0.0.1:9',
      partyPublicUrl: 'ws://127.0.0.1:9',
      gameTimeScale: 1,
    },
    ...(clock ? { clock } : {}),
    partyClient: recordingPartyClient(),
  };

  const api = Router();
  api.use(paymentsRouter(deps)); // signed by the provider, not sent by a browser: before Origin
  api.use(requireSameOrigin(url));
  api.use(sessionMiddleware(authDeps));
  api.use(
    authRouter(authDeps),
    meRouter(authDeps),
    responsiblePlayRouter(authDeps),
    dataRightsRouter(authDeps),
    supportRouter(authDeps),
    walletRouter(deps),
    adminRouter(deps),
    adminAlertsRouter({
      ...authDeps,
      figures,
      backupEveryMinutes: 15,
      ...(clock ? { clock } : {}),
    }),
    roomsRouter(roomsDeps),
  );
  const app = express();
  app.disable('x-powered-by');
  app.use('/api', api);
  server.on('request', app);
  provider.start();

  const client = () => new HttpClient(url, url);

  async function signUp(c: HttpClient, email: string, phone = '0971234567'): Promise<string> {
    const answer = await c.post('/api/auth/signup', {
      firstName: 'Mutale',
      lastName: 'Banda',
      phone,
      email,
      password: TEST_PASSWORD,
      adult: true,
      terms: true,
    });
    if (answer.status !== 201) throw new Error(`signup failed: ${answer.status} ${answer.text}`);
    const id = (answer.json.user as { id: string }).id;
    // Test players own their addresses: proved, as if the mailed link were opened (ADMIN_EMAILS
    // counts only for a verified email).
    await db.database.write((tx) =>
      tx.update(users).set({ emailVerifiedAt: Date.now() }).where(eq(users.id, id)),
    );
    return id;
  }

  async function fund(
    userId: string,
    zmw: number,
    now = Date.now(),
    phone = '0961234567',
  ): Promise<void> {
    await fundWallet(db.database, userId, Math.round(zmw * 100), {
      now,
      phone,
      provider: providerName,
    });
  }

  return {
    url,
    db,
    database: db.database,
    provider,
    wallet,
    figures,
    deps,
    fake,
    client,
    async player(opts = {}) {
      people += 1;
      const email = opts.email ?? `player.${people}.${randomUUID().slice(0, 8)}@example.zm`;
      const c = client();
      const id = await signUp(c, email, opts.phone);
      if (opts.fundZmw) await fund(id, opts.fundZmw, Date.now(), opts.fundPhone);
      return { id, email, client: c };
    },
    lastSmsCode,
    async phonePlayer(phone) {
      const c = client();
      const started = await c.post('/api/auth/phone/start', { phone });
      if (started.status !== 202) throw new Error(`phone start failed: ${started.text}`);
      const code = lastSmsCode(phone);
      const answer = await c.post('/api/auth/phone/verify', {
        phone,
        code,
        firstName: 'Mutale',
        lastName: 'Banda',
        adult: true,
        terms: true,
      });
      if (answer.status !== 201 && answer.status !== 200) {
        throw new Error(`phone verify failed: ${answer.status} ${answer.text}`);
      }
      const id = (answer.json.user as { id: string }).id;
      return { id, email: '', client: c, status: answer.status };
    },
    async guest() {
      const c = client();
      const answer = await c.post('/api/auth/guest');
      if (answer.status !== 200) throw new Error(`guest failed: ${answer.status} ${answer.text}`);
      return { id: (answer.json.user as { id: string }).id, email: '', client: c };
    },
    async makeAdmin(userId) {
      await db.database.write((tx) =>
        tx.update(users).set({ isAdmin: true }).where(eq(users.id, userId)),
      );
    },
    fund,
    async balances(userId) {
      return {
        wallet: await balanceOf(db.database.read, accountIds.wallet(userId)),
        hold: await balanceOf(db.database.read, accountIds.hold(userId)),
      };
    },
    payment: (paymentId) => findPayment(db.database.read, paymentId),
    ledger: () => checkLedger(db.database.read),
    async waitFor(check, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      const rooms = roomServiceOf(roomsDeps);
      rooms.publisher.stop();
      await rooms.publisher.idle();
      await provider.stop();
      await fake?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      db.cleanup();
    },
  };
}

/**
 * A sandbox-shaped (pawaPay v2) callback for `paymentId`, signed per RFC 9421 like the sandbox signs
 * its own — or, through `options`, signed wrongly in a chosen way. `amount` is pawaPay's string
 * ("20", "12.34"), `phone` the local number (sent as the MSISDN), `currency` ZMW unless given.
 */
export function sandboxCallback(
  appUrl: string,
  payment: {
    id: string;
    kind: 'deposit' | 'withdrawal';
    status: string;
    amount: string;
    phone: string;
    currency?: string;
    failureCode?: string;
  },
  options: {
    now?: number;
    keyId?: string;
    secret?: Uint8Array;
    /** Sent instead of the signed body (a tampered body). */
    replaceBody?: Uint8Array;
    unsigned?: boolean;
  } = {},
): { url: string; headers: Record<string, string>; body: Uint8Array } {
  const url = new URL(SANDBOX_CALLBACK_PATH, appUrl);
  const party = { type: 'MMO', accountDetails: { phoneNumber: `260${payment.phone.slice(1)}` } };
  const document = {
    ...(payment.kind === 'deposit'
      ? { depositId: payment.id, payer: party }
      : { payoutId: payment.id, recipient: party }),
    status: payment.status,
    amount: payment.amount,
    currency: payment.currency ?? 'ZMW',
    country: 'ZMB',
    ...(payment.failureCode
      ? { failureReason: { failureCode: payment.failureCode, failureMessage: 'test' } }
      : {}),
  };
  const body = new Uint8Array(Buffer.from(JSON.stringify(document)));
  const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=UTF-8' };
  const signature = options.unsigned
    ? {}
    : signRequest(
        { method: 'POST', authority: url.host, path: url.pathname, headers, body },
        {
          key: {
            id: options.keyId ?? SANDBOX_KEY_ID,
            algorithm: 'hmac-sha256',
            secret: options.secret ?? sandboxCallbackSecret(TEST_INTERNAL_SECRET),
          },
          now: options.now ?? Date.now(),
          label: 'sig-sandbox',
        },
      );
  return {
    url: url.href,
    headers: { ...headers, ...signature },
    body: options.replaceBody ?? body,
  };
}

/** POSTs a callback built by `sandboxCallback`; answers the status. */
export async function postCallback(callback: ReturnType<typeof sandboxCallback>): Promise<number> {
  const response = await fetch(callback.url, {
    method: 'POST',
    headers: callback.headers,
    body: new Uint8Array(callback.body),
  });
  await response.body?.cancel();
  return response.status;
}
