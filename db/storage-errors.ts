// The database cannot take writes (a full disk, a read-only or failing one): a condition of the
// machine, not of the request, so the site answers 503 and asks the person to try again later.

const UNAVAILABLE_CODES = new Set([
  'SQLITE_FULL',
  'SQLITE_IOERR',
  'SQLITE_READONLY',
  'SQLITE_CANTOPEN',
]);
const UNAVAILABLE_TEXT =
  /SQLITE_FULL|SQLITE_IOERR|SQLITE_READONLY|database or disk is full|disk I\/O error/;

/** Whether `error`, or any error in its `cause` chain, says the database cannot write. */
export function isStorageUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 8; depth++) {
    if (typeof e !== 'object') return false;
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code.split('_').slice(0, 2).join('_'))) {
      return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_TEXT.test(message)) return true;
    e = cause;
  }
  return false;
}
