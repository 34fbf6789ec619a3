// The site's settings, read once from the environment and checked before anything starts: a wrong
// value stops the process with a message that names the variable, instead of failing later.
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { LOG_LEVELS, type LogLevel } from './logging';
import { parseEmail } from '#site/shared/email.ts';
import { parseAdminEmails } from './auth/config';
import { DEFAULT_MAIL_FROM } from './mail/mailer';
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
  paymentsProvider: 'sandbox' | 'pawapay';
  sandboxDelayMs: number;
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
  adminEmails: string[];
  sessionSecret: string;
  internalSecret: string;
  /** The origin browsers use, e.g. `https://play.example.zm` (no trailing slash). */
  publicUrl: string;
  /** Where the site reaches the PartyKit server. */
  partyUrl: string;
  /** Where the PartyKit server reaches the site: `SITE_URL`, else this machine on `PORT`. */
  siteUrl: string;
  /** Outgoing mail by SMTP; unset: each message is a `.eml` file in `<dataDir>/outbox/`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * The SMS gateway (Africa's Talking's SMS API) for sign-in codes, when `SMS_URL` is set; null:
   * each message is a text file in `<dataDir>/outbox/sms/`.
   */
  sms: SmsGatewayConfig | null;
  /** Shown in the footer and on the support page when set; nothing is shown in their place. */
  supportEmail: string | null;
  supportPhone: string | null;
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
    z.enum(['sandbox', 'pawapay'], { error: 'must be sandbox or pawapay' }).default('sandbox'),
  ),
  SANDBOX_DELAY_MS: z.preprocess(blankAsUnset, z.coerce.number().int().min(0).default(1500)),
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
  SESSION_SECRET: optional(secret),
  INTERNAL_SECRET: optional(secret),
  PUBLIC_URL: optional(httpUrl),
  PARTY_URL: optional(httpUrl),
  SITE_URL: optional(httpUrl),
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

/** What the variables say wrong together: the gateway without its account, or its key in clear. */
function smsIssues(e: Environment): string[] {
  if (!e.SMS_URL) return [];
  const issues = (['SMS_USERNAME', 'SMS_API_KEY'] as const)
    .filter((name) => !e[name])
    .map((name) => `${name}: is required with SMS_URL`);
  // The API key travels with every message: in clear only to this machine (a local test gateway).
  if (new URL(e.SMS_URL).protocol === 'http:' && !isLoopback(e.SMS_URL)) {
    issues.push('SMS_URL: must be https:// (http:// only to this machine)');
  }
  return issues;
}

/**
 * Reads and checks the settings. `SESSION_SECRET` and `INTERNAL_SECRET`, when unset, come from
 * `<DATA_DIR>/secrets.json`, which is created (mode 0600) the first time.
 * Throws `ConfigError` listing every wrong variable.
 */
export async function loadConfig(env: Env = process.env, cwd = process.cwd()): Promise<SiteConfig> {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const together = smsIssues(e);
  if (together.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${together.map((line) => `  ${line}`).join('\n')}`,
    );
  }
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  if (e.TEST_CLOCK === '1') assertOnlyThisMachine(e.START, publicUrl, env.PARTY_PUBLIC_URL);
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const secrets =
    e.SESSION_SECRET && e.INTERNAL_SECRET
      ? { sessionSecret: e.SESSION_SECRET, internalSecret: e.INTERNAL_SECRET }
      : await loadOrCreateSecrets(path.join(dataDir, 'secrets.json'));

  return {
    start: e.START,
    port: e.PORT,
    partyPort: e.PARTY_PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? fileUrl(path.join(dataDir, 'app.db'), cwd),
    databaseAuthToken: e.DATABASE_AUTH_TOKEN,
    paymentsProvider: e.PAYMENTS_PROVIDER,
    sandboxDelayMs: e.SANDBOX_DELAY_MS,
    allowSandboxPayments: e.ALLOW_SANDBOX_PAYMENTS === '1',
    withdrawalsNeedProvedPhone: e.WITHDRAWALS_NEED_PROVED_PHONE === '1',
    gameTimeScale: e.GAME_TIME_SCALE,
    testClock: e.TEST_CLOCK === '1',
    adminEmails: parseAdminEmails(e.ADMIN_EMAILS),
    sessionSecret: e.SESSION_SECRET ?? secrets.sessionSecret,
    internalSecret: e.INTERNAL_SECRET ?? secrets.internalSecret,
    publicUrl,
    partyUrl: e.PARTY_URL ?? `http://127.0.0.1:${e.PARTY_PORT}`,
    siteUrl: e.SITE_URL ?? `http://127.0.0.1:${e.PORT}`,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    sms: e.SMS_URL
      ? { url: e.SMS_URL, username: e.SMS_USERNAME!, apiKey: e.SMS_API_KEY!, from: e.SMS_FROM }
      : null,
    supportEmail: e.SUPPORT_EMAIL ?? null,
    supportPhone: e.SUPPORT_PHONE?.trim() ?? null,
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
  const party = partyPublicUrl?.trim();
  if (start === 'all' && isLoopback(publicUrl) && (!party || isLoopback(party))) return;
  throw new ConfigError(
    'Invalid configuration:\n  TEST_CLOCK: is for tests only: it needs START=all and PUBLIC_URL ' +
      '(and PARTY_PUBLIC_URL, when set) on this machine (localhost, 127.0.0.1 or [::1]); a site ' +
      'that others can reach never runs with it',
  );
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
