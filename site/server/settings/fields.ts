// The building blocks every group of settings checks its variables with, and the error that
// reports every wrong one.
import { z } from 'zod';

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function invalid(lines: string[]): ConfigError {
  return new ConfigError(`Invalid configuration:\n${lines.map((line) => `  ${line}`).join('\n')}`);
}

export const blankAsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankAsUnset, schema.optional());

export const port = (fallback: number) =>
  z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(65_535).default(fallback));

export const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
  .transform((value) => value.replace(/\/+$/, ''));

export const secret = z.string().min(32, 'must be at least 32 characters long');

/** A `0`/`1` switch, off unless set; `meaning` names what 1 does in the error, e.g. `allow`. */
export const flag = (meaning: string) =>
  z.preprocess(
    blankAsUnset,
    z.enum(['0', '1'], { error: `must be 1 (${meaning}) or 0` }).default('0'),
  );

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isLoopback(url: string): boolean {
  try {
    return LOOPBACK_HOSTS.has(new URL(url).hostname);
  } catch {
    return false;
  }
}
