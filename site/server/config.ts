// The site's settings, read once from the environment and checked before anything starts: a wrong
// value stops the process with a message that names the variable, instead of failing later. This is
// the only module that reads the site's variables (docs/decisions/117); each part gets its slice of
// `SiteConfig` (auth, payments, mail, SMS, backups …), never the environment. Each group of
// variables, with its checks and its slice, lives in `settings/`.
import path from 'node:path';
import type { LogLevel } from './logging';
import type { AuthConfig } from './auth/config';
import type { PaymentsConfig } from './payments/config';
import { loadOrCreateSecrets } from './secrets';
import { authOf } from './settings/auth';
import { databaseOf, type DatabaseSettings } from './settings/database';
import { parseEnvironment } from './settings/environment';
import type { Env } from './settings/fields';
import {
  mailOf,
  smsOf,
  supportOf,
  type MailSettings,
  type SupportContacts,
} from './settings/messages';
import { backupsOf, type BackupSettings, type TrustProxy } from './settings/operations';
import { paymentsOf } from './settings/payments';
import { addressesOf, assertOnlyThisMachine, type StartMode } from './settings/server';
import type { SmsGatewayConfig } from './sms/create-sender';

export interface SiteConfig extends DatabaseSettings {
  start: StartMode;
  port: number;
  partyPort: number;
  /** Absolute folder for the database file (by default), secrets and the room servers' storage. */
  dataDir: string;
  /** Sign-in and accounts: the public origin, `ADMIN_EMAILS`, Google (`GOOGLE_*`) when set. */
  auth: AuthConfig;
  /** `PAYMENTS_PROVIDER`, `SANDBOX_DELAY_MS`, `PAWAPAY_*`. */
  payments: PaymentsConfig;
  /** `ALLOW_SANDBOX_PAYMENTS=1`: a public (https) site may run on the payment sandbox, as a demo. */
  allowSandboxPayments: boolean;
  /**
   * `WITHDRAWALS_NEED_PROVED_PHONE=1`: a withdrawal also needs the account's own number proved by an
   * SMS code (decision 091). Off by default.
   */
  withdrawalsNeedProvedPhone: boolean;
  gameTimeScale: number;
  /**
   * `TEST_CLOCK=1`: the room server gets the test clock's key, so tests can hold a room's game clock
   * (docs/decisions/083). Only for a product reached from this machine alone.
   */
  testClock: boolean;
  internalSecret: string;
  /** The origin browsers use, e.g. `https://play.example.zm` (no trailing slash). */
  publicUrl: string;
  /** Where the site reaches the PartyKit server. */
  partyUrl: string;
  /** Where the PartyKit server reaches the site: `SITE_URL`, else this machine on `PORT`. */
  siteUrl: string;
  /** Where browsers reach the room servers: `PARTY_PUBLIC_URL`, else the site's host on `PARTY_PORT`. */
  partyPublicUrl: string;
  /** Outgoing mail: by SMTP when `smtpUrl` is set, else each message a `.eml` file in `<dataDir>/outbox/`. */
  mail: MailSettings;
  /**
   * The SMS gateway (Africa's Talking's SMS API) for sign-in codes, when `SMS_URL` is set; null:
   * each message is a text file in `<dataDir>/outbox/sms/`.
   */
  sms: SmsGatewayConfig | null;
  /** Shown in the footer and on the support page when set; nothing is shown in their place. */
  support: SupportContacts;
  /** Copies of the database (`BACKUP_*`); `db/backup.ts` and the site's schedule read these. */
  backups: BackupSettings;
  /** `METRICS_TOKEN`: `/metrics` wants it as a bearer token; unset, only loopback may read it. */
  metricsToken: string | null;
  logLevel: LogLevel;
  /**
   * Which peers may name the client in `X-Forwarded-For` (Express's `trust proxy`): a hop count, or
   * addresses / CIDR networks / `loopback`, `linklocal`, `uniquelocal`. Default: `['loopback']`.
   */
  trustProxy: TrustProxy;
}

/**
 * Reads and checks the settings. `INTERNAL_SECRET`, when unset, comes from
 * `<DATA_DIR>/secrets.json`, which is created (mode 0600) the first time.
 * Throws `ConfigError` listing every wrong variable.
 */
export async function loadConfig(env: Env = process.env, cwd = process.cwd()): Promise<SiteConfig> {
  const e = parseEnvironment(env);
  const addresses = addressesOf(e);
  const { publicUrl } = addresses;
  if (e.TEST_CLOCK === '1') assertOnlyThisMachine(e.START, publicUrl, e.PARTY_PUBLIC_URL);
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const internalSecret =
    e.INTERNAL_SECRET ??
    (await loadOrCreateSecrets(path.join(dataDir, 'secrets.json'))).internalSecret;

  return {
    start: e.START,
    port: e.PORT,
    partyPort: e.PARTY_PORT,
    dataDir,
    ...databaseOf(e, dataDir, cwd),
    auth: authOf(e, publicUrl),
    payments: paymentsOf(e, publicUrl, internalSecret),
    allowSandboxPayments: e.ALLOW_SANDBOX_PAYMENTS === '1',
    withdrawalsNeedProvedPhone: e.WITHDRAWALS_NEED_PROVED_PHONE === '1',
    gameTimeScale: e.GAME_TIME_SCALE,
    testClock: e.TEST_CLOCK === '1',
    internalSecret,
    ...addresses,
    mail: mailOf(e),
    sms: smsOf(e),
    support: supportOf(e),
    backups: backupsOf(e, dataDir, cwd),
    metricsToken: e.METRICS_TOKEN ?? null,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
  };
}

/**
 * The database alone, for a tool that needs nothing else and no secret (`npm run admin`,
 * drizzle-kit): the whole environment is still checked, by the same schema.
 */
export function loadDatabaseConfig(env: Env = process.env, cwd = process.cwd()): DatabaseSettings {
  const e = parseEnvironment(env);
  return databaseOf(e, path.resolve(cwd, e.DATA_DIR), cwd);
}
