// What the product keeps on disk (the database and its -wal/-shm, the generated secrets, the room
// servers' storage, the mail outbox, the backups) is for the user who runs it alone (decision 024).
import { chmod, mkdir, stat } from 'node:fs/promises';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Files created without an explicit mode (SQLite's database file, workerd's room storage) take
 * their permissions from the umask: this one leaves them to the owner. Child processes inherit it.
 */
export const PRIVATE_UMASK = 0o077;

export function usePrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

export type Warn = (message: string) => void;

const OTHERS = 0o077; // the group's and everyone else's permission bits
const STICKY = 0o1000;
const octal = (mode: number) => (mode & 0o7777).toString(8);

export async function closeToOthers(target: string, mode: number, current: number, warn: Warn) {
  if ((current & OTHERS) === 0) return;
  await chmod(target, mode);
  warn(
    `${target} was open to other users (mode ${octal(current)}): made it private (${octal(mode)})`,
  );
}

/**
 * Creates `dir` (and any missing parent) 0700, or makes an existing one 0700 if others may use it.
 * A shared folder such as /tmp (sticky bit) is refused rather than closed to everyone else.
 */
export async function ensurePrivateDir(dir: string, warn: Warn = console.warn): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const { mode } = await stat(dir);
  if (mode & STICKY) {
    throw new Error(`${dir} is a shared folder (like /tmp): give the data a folder of its own`);
  }
  await closeToOthers(dir, PRIVATE_DIR_MODE, mode, warn);
}
