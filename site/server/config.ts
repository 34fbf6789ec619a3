// The site's settings, read once from the environment and checked before anything starts: a wrong
// value stops the process with a message that names the variable, instead of failing later. This is
// the only module that reads the site's variables (docs/decisions/117); each part gets its slice of
// `SiteConfig` (auth, payments, mail, SMS, backups …), never the environment.
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { providerNames } from '#game/payment-vocabulary.ts';
import { LOG_LEVELS, type LogLevel } from './logging';
import { parseEmail } from '#site/shared/email.ts';
import { parseAdminEmails, type AuthConfig } from './auth/config';
import { GOOGLE_ENDPOINTS } from './auth/google';
import { DEFAULT_MAIL_FROM } from './mail/mailer';
import type { PaymentsConfig } from './payments/config';
import { PAWAPAY_SANDBOX_BASE_URL } from './payments/pawapay';
import { SANDBOX_DEFAULT_DELAY_MS } from './payments/sandbox';
import { loadOrCreateSecrets } from './secrets';
import type { SmsGatewayConfig } from './sms/create-sender';

export type Env = Record<string, string | undefined>;

/** What `npm start` runs: both servers, the site alone, or the room server alone. */
export const START_MODES = ['all', 'site', 'party'] as const;
export type StartMode = (typeof START_MODES)[number];

export interface SiteConfig {
  start: StartMode;
  port: number;
  partyPort: number;
  /** Absolute folder for the database file (by default), secrets and the room servers' storage. */
  dataDir: string;
  databaseUrl: string;
  databaseAuthToken: string | undefined;
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

export interface MailSettings {
  smtpUrl: string | undefined;
  from: string;
}

export interface SupportContacts {
  email: string | null;
  phone: string | null;
}

export interface BackupSettings {
  /** Absolute; `BACKUP_DIR`, else `<dataDir>/backups`. */
  dir: string;
  /** The running site copies the database this often (0: never; `npm run backup` still works). */
  everyMinutes: number;
  /** Copies older than this are deleted (the newest is always kept). */
  keepDays: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const blankAsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsUnset, schema.optional());

const port = (fallback: number) =>
  z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(65_535).default(fallback));

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
  .transform((value) => value.replace(/\/+$/, ''));

const secret = z.string().min(32, 'must be at least 32 characters long');

/** Where browsers open the room sockets: ws(s), or http(s) turned into ws(s) for them. */
const partyPublicUrl = z
  .url({
    protocol: /^(wss?|https?)$/,
    error: 'must be a ws://, wss://, http:// or https:// URL',
  })
  .transform((value) => value.replace(/\/+$/, ''));

export type TrustProxy = number | readonly string[];

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** One entry of `TRUST_PROXY`'s list: an address, an address/prefix, or one of Express's names. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

/** `TRUST_PROXY` as written: a hop count, or a comma-separated list of proxy entries. */
function parseTrustProxy(value: string | undefined): TrustProxy | null {
  if (value === undefined) return ['loopback'];
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every(isProxyEntry) ? entries : null;
}

const trustProxy = z.preprocess(
  blankAsUnset,
  z
    .string()
    .optional()
    .refine(
      (value) => parseTrustProxy(value) !== null,
      'must be a hop count, or addresses and networks (10.0.0.0/8, loopback) separated by commas',
    )
    .transform((value) => parseTrustProxy(value)!),
);

const environmentSchema = z.object({
  START: z.preprocess(
    blankAsUnset,
    z.enum(START_MODES, { error: 'must be all, site or party' }).default('all'),
  ),
  PORT: port(3000),
  PARTY_PORT: port(1999),
  DATA_DIR: z.preprocess(blankAsUnset, z.string().default('data')),
  DATABASE_URL: optional(
    z
      .string()
      .regex(
        /^(file:|libsql:\/\/|https?:\/\/|wss?:\/\/)/,
        'must start with file:, libsql://, http(s):// or ws(s)://',
      ),
  ),
  DATABASE_AUTH_TOKEN: optional(z.string()),
  PAYMENTS_PROVIDER: z.preprocess(
    blankAsUnset,
    z.enum(providerNames, { error: 'must be sandbox or pawapay' }).default('sandbox'),
  ),
  SANDBOX_DELAY_MS: z.preprocess(
    blankAsUnset,
    z.coerce.number().int('must be whole milliseconds').min(0).default(SANDBOX_DEFAULT_DELAY_MS),
  ),
  ALLOW_SANDBOX_PAYMENTS: z.preprocess(
    blankAsUnset,
    z.enum(['0', '1'], { error: 'must be 1 (allow) or 0' }).default('0'),
  ),
  WITHDRAWALS_NEED_PROVED_PHONE: z.preprocess(
    blankAsUnset,
    z.enum(['0', '1'], { error: 'must be 1 (required) or 0' }).default('0'),
  ),
  GAME_TIME_SCALE: z.preprocess(
    blankAsUnset,
    z.coerce.number().positive('must be a number above 0').max(1000).default(1),
  ),
  TEST_CLOCK: z.preprocess(
    blankAsUnset,
    z.enum(['0', '1'], { error: 'must be 1 (tests only) or 0' }).default('0'),
  ),
  ADMIN_EMAILS: optional(
    z
      .string()
      .refine(
        (value) => value.split(',').every((entry) => !entry.trim() || parseEmail(entry) !== null),
        'must be email addresses separated by commas, each one plain address',
      ),
  ),
  INTERNAL_SECRET: optional(secret),
  PUBLIC_URL: optional(httpUrl),
  PARTY_URL: optional(httpUrl),
  SITE_URL: optional(httpUrl),
  PARTY_PUBLIC_URL: optional(partyPublicUrl),
  PAWAPAY_BASE_URL: optional(httpUrl),
  PAWAPAY_API_TOKEN: optional(z.string().trim()),
  GOOGLE_CLIENT_ID: optional(z.string().trim()),
  GOOGLE_CLIENT_SECRET: optional(z.string().trim()),
  GOOGLE_AUTH_URL: optional(httpUrl),
  GOOGLE_TOKEN_URL: optional(httpUrl),
  GOOGLE_USERINFO_URL: optional(httpUrl),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')),
  MAIL_FROM: optional(z.string()),
  SMS_URL: optional(httpUrl),
  SMS_USERNAME: optional(z.string().trim()),
  SMS_API_KEY: optional(z.string().trim()),
  SMS_FROM: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9 +]{1,16}$/, 'must be a sender id or short code (letters and digits)'),
  ),
  SUPPORT_EMAIL: optional(
    z
      .string()
      .refine((value) => parseEmail(value) !== null, 'must be one email address')
      .transform((value) => parseEmail(value)!),
  ),
  TRUST_PROXY: trustProxy,
  SUPPORT_PHONE: optional(
    z.string().regex(/^\+?[\d ()-]{6,30}$/, 'must be a phone number, e.g. +260 97 000 0000'),
  ),
  BACKUP_DIR: optional(z.string()),
  BACKUP_EVERY_MINUTES: z.preprocess(
    blankAsUnset,
    z.coerce
      .number()
      .int('must be whole minutes')
      .min(0)
      .max(24 * 60)
      .default(15),
  ),
  BACKUP_KEEP_DAYS: z.preprocess(
    blankAsUnset,
    z.coerce.number().positive('must be a number of days above 0').max(3650).default(14),
  ),
  METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters long')),
  LOG_LEVEL: z.preprocess(
    blankAsUnset,
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
});

type Environment = z.infer<typeof environmentSchema>;

/** What the variables say wrong together: one without the other it needs, or a key sent in clear. */
function togetherIssues(e: Environment): string[] {
  const issues: string[] = [];
  if (e.SMS_URL) {
    for (const name of ['SMS_USERNAME', 'SMS_API_KEY'] as const) {
      if (!e[name]) issues.push(`${name}: is required with SMS_URL`);
    }
    // The API key travels with every message: in clear only to this machine (a local test gateway).
    if (new URL(e.SMS_URL).protocol === 'http:' && !isLoopback(e.SMS_URL)) {
      issues.push('SMS_URL: must be https:// (http:// only to this machine)');
    }
  }
  if (e.PAYMENTS_PROVIDER === 'pawapay' && !e.PAWAPAY_API_TOKEN) {
    issues.push('PAWAPAY_API_TOKEN: is required with PAYMENTS_PROVIDER=pawapay');
  }
  // Google sign-in is offered with both credentials or not at all; one alone is a mistake.
  if (e.GOOGLE_CLIENT_ID && !e.GOOGLE_CLIENT_SECRET) {
    issues.push('GOOGLE_CLIENT_SECRET: is required with GOOGLE_CLIENT_ID');
  }
  if (e.GOOGLE_CLIENT_SECRET && !e.GOOGLE_CLIENT_ID) {
    issues.push('GOOGLE_CLIENT_ID: is required with GOOGLE_CLIENT_SECRET');
  }
  return issues;
}

function invalid(lines: string[]): ConfigError {
  return new ConfigError(`Invalid configuration:\n${lines.map((line) => `  ${line}`).join('\n')}`);
}

/**
 * Reads and checks the settings. `INTERNAL_SECRET`, when unset, comes from
 * `<DATA_DIR>/secrets.json`, which is created (mode 0600) the first time.
 * Throws `ConfigError` listing every wrong variable.
 */
export async function loadConfig(env: Env = process.env, cwd = process.cwd()): Promise<SiteConfig> {
  const e = parseEnvironment(env);
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
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
    ...databaseOf(e, cwd),
    auth: {
      publicUrl,
      adminEmails: parseAdminEmails(e.ADMIN_EMAILS),
      ...(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            google: {
              clientId: e.GOOGLE_CLIENT_ID,
              clientSecret: e.GOOGLE_CLIENT_SECRET,
              authUrl: e.GOOGLE_AUTH_URL ?? GOOGLE_ENDPOINTS.authUrl,
              tokenUrl: e.GOOGLE_TOKEN_URL ?? GOOGLE_ENDPOINTS.tokenUrl,
              userinfoUrl: e.GOOGLE_USERINFO_URL ?? GOOGLE_ENDPOINTS.userinfoUrl,
            },
          }
        : {}),
    },
    payments: {
      provider: e.PAYMENTS_PROVIDER,
      publicUrl,
      internalSecret,
      sandboxDelayMs: e.SANDBOX_DELAY_MS,
      pawapay: {
        baseUrl: e.PAWAPAY_BASE_URL ?? PAWAPAY_SANDBOX_BASE_URL,
        apiToken: e.PAWAPAY_API_TOKEN ?? '',
      },
    },
    allowSandboxPayments: e.ALLOW_SANDBOX_PAYMENTS === '1',
    withdrawalsNeedProvedPhone: e.WITHDRAWALS_NEED_PROVED_PHONE === '1',
    gameTimeScale: e.GAME_TIME_SCALE,
    testClock: e.TEST_CLOCK === '1',
    internalSecret,
    publicUrl,
    partyUrl: e.PARTY_URL ?? `http://127.0.0.1:${e.PARTY_PORT}`,
    siteUrl: e.SITE_URL ?? `http://127.0.0.1:${e.PORT}`,
    partyPublicUrl: e.PARTY_PUBLIC_URL ?? defaultPartyPublicUrl(publicUrl, e.PARTY_PORT),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? DEFAULT_MAIL_FROM },
    sms: e.SMS_URL
      ? { url: e.SMS_URL, username: e.SMS_USERNAME!, apiKey: e.SMS_API_KEY!, from: e.SMS_FROM }
      : null,
    support: { email: e.SUPPORT_EMAIL ?? null, phone: e.SUPPORT_PHONE?.trim() ?? null },
    backups: {
      dir: path.resolve(cwd, e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      everyMinutes: e.BACKUP_EVERY_MINUTES,
      keepDays: e.BACKUP_KEEP_DAYS,
    },
    metricsToken: e.METRICS_TOKEN ?? null,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
  };
}

/** Every variable checked, alone and together; throws `ConfigError` listing each wrong one. */
function parseEnvironment(env: Env): Environment {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    throw invalid(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const together = togetherIssues(parsed.data);
  if (together.length > 0) throw invalid(together);
  return parsed.data;
}

function databaseOf(
  e: Environment,
  cwd: string,
): Pick<SiteConfig, 'databaseUrl' | 'databaseAuthToken'> {
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  return {
    databaseUrl: e.DATABASE_URL ?? fileUrl(path.join(dataDir, 'app.db'), cwd),
    databaseAuthToken: e.DATABASE_AUTH_TOKEN,
  };
}

/**
 * The database alone, for a tool that needs nothing else and no secret (`npm run admin`,
 * drizzle-kit): the whole environment is still checked, by the same schema.
 */
export function loadDatabaseConfig(
  env: Env = process.env,
  cwd = process.cwd(),
): Pick<SiteConfig, 'databaseUrl' | 'databaseAuthToken'> {
  return databaseOf(parseEnvironment(env), cwd);
}

/** The site's host on `PARTY_PORT`, over wss when the site is https. */
function defaultPartyPublicUrl(publicUrl: string, partyPort: number): string {
  const site = new URL(publicUrl);
  return `${site.protocol === 'https:' ? 'wss' : 'ws'}://${site.hostname}:${partyPort}`;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopback(url: string): boolean {
  try {
    return LOOPBACK_HOSTS.has(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * The test clock lets whoever holds its key stop a room's game clock: it is for a product started
 * for tests, which only this machine can use. Both servers in one process tree, and the site's
 * origin (the only one it accepts a change from) and the browsers' room address on this machine.
 */
function assertOnlyThisMachine(
  start: StartMode,
  publicUrl: string,
  partyPublicUrl: string | undefined,
): void {
  if (start === 'all' && isLoopback(publicUrl) && (!partyPublicUrl || isLoopback(partyPublicUrl))) {
    return;
  }
  throw invalid([
    'TEST_CLOCK: is for tests only: it needs START=all and PUBLIC_URL ' +
      '(and PARTY_PUBLIC_URL, when set) on this machine (localhost, 127.0.0.1 or [::1]); a site ' +
      'that others can reach never runs with it',
  ]);
}

/** `file:./data/app.db` inside the working folder, an absolute `file:/…` outside it. */
function fileUrl(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  return relative.startsWith('..') || path.isAbsolute(relative)
    ? `file:${file}`
    : `file:./${relative}`;
}

/** The local file a `file:` database URL points at, or null for a remote database. */
export function databaseFile(
  config: Pick<SiteConfig, 'databaseUrl'>,
  cwd = process.cwd(),
): string | null {
  if (!config.databaseUrl.startsWith('file:')) return null;
  return path.resolve(cwd, config.databaseUrl.slice('file:'.length));
}

/** The name of every variable the schema reads (README's configuration table lists each). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(environmentSchema.shape);
