// What the product keeps on disk (the database and its -wal/-shm, the generated secrets, the room
// servers' storage, the mail outbox) is for the user who runs it alone (decision 024).
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
