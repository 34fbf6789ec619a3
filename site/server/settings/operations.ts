// Running the site: its copies of the database (`BACKUP_*`), who may read `/metrics`
// (`METRICS_TOKEN`), how much it logs (`LOG_LEVEL`) and which proxies it believes (`TRUST_PROXY`).
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { LOG_LEVELS } from '../logging';
import { blankAsUnset, optional } from './fields';

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

export const operationsVariables = z.object({
  TRUST_PROXY: trustProxy,
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

export interface BackupSettings {
  /** Absolute; `BACKUP_DIR`, else `<dataDir>/backups`. */
  dir: string;
  /** The running site copies the database this often (0: never; `npm run backup` still works). */
  everyMinutes: number;
  /** Copies older than this are deleted (the newest is always kept). */
  keepDays: number;
}

export function backupsOf(
  e: z.infer<typeof operationsVariables>,
  dataDir: string,
  cwd: string,
): BackupSettings {
  return {
    dir: path.resolve(cwd, e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
    everyMinutes: e.BACKUP_EVERY_MINUTES,
    keepDays: e.BACKUP_KEEP_DAYS,
  };
}
