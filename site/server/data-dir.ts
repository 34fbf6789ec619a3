// The data folder ($DATA_DIR) and what lives in it are private to the user running the site:
// folders 0700, files 0600, whatever the umask; a folder or file found open to others is closed
// with a warning (decision 024). Anything that writes under $DATA_DIR goes through these.
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  closeToOthers,
  ensurePrivateDir,
  PRIVATE_FILE_MODE,
  type Warn,
} from '#db/private-files.ts';

export { ensurePrivateDir, type Warn };

/** Makes an existing file 0600 if others may read it; a missing file is left missing. */
export async function ensurePrivateFile(file: string, warn: Warn = console.warn): Promise<void> {
  let mode: number;
  try {
    ({ mode } = await stat(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  await closeToOthers(file, PRIVATE_FILE_MODE, mode, warn);
}

/** SQLite's database file and the two it keeps beside it in WAL mode. */
export async function ensurePrivateDatabaseFiles(file: string, warn?: Warn): Promise<void> {
  for (const suffix of ['', '-wal', '-shm']) await ensurePrivateFile(`${file}${suffix}`, warn);
}

/**
 * Writes `data` to `file` readable by the owner alone, in a private folder (created if missing).
 * `flag: 'wx'` refuses to replace an existing file (EEXIST).
 */
export async function writePrivateFile(
  file: string,
  data: string | Uint8Array,
  options: { flag?: 'w' | 'wx' } = {},
): Promise<void> {
  await ensurePrivateDir(path.dirname(file));
  const handle = await open(file, options.flag ?? 'w', PRIVATE_FILE_MODE);
  try {
    // The mode above applies only to a new file (and through the umask): set it outright.
    await handle.chmod(PRIVATE_FILE_MODE);
    await handle.writeFile(data);
  } finally {
    await handle.close();
  }
}
