// The database's settings: `DATABASE_URL` (by default the file `<DATA_DIR>/app.db`) and its token.
import path from 'node:path';
import { z } from 'zod';
import { optional } from './fields';

export const databaseVariables = z.object({
  DATABASE_URL: optional(
    z
      .string()
      .regex(
        /^(file:|libsql:\/\/|https?:\/\/|wss?:\/\/)/,
        'must start with file:, libsql://, http(s):// or ws(s)://',
      ),
  ),
  DATABASE_AUTH_TOKEN: optional(z.string()),
});

export interface DatabaseSettings {
  databaseUrl: string;
  databaseAuthToken: string | undefined;
}

export function databaseOf(
  e: z.infer<typeof databaseVariables>,
  dataDir: string,
  cwd: string,
): DatabaseSettings {
  return {
    databaseUrl: e.DATABASE_URL ?? fileUrl(path.join(dataDir, 'app.db'), cwd),
    databaseAuthToken: e.DATABASE_AUTH_TOKEN,
  };
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
  config: Pick<DatabaseSettings, 'databaseUrl'>,
  cwd = process.cwd(),
): string | null {
  if (!config.databaseUrl.startsWith('file:')) return null;
  return path.resolve(cwd, config.databaseUrl.slice('file:'.length));
}
