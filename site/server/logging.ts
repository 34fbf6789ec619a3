// How the server logs a failure: by name and a trimmed message on the console, and, for what the
// operator must see, a row in the admin error log (`adminErrors`), within a budget.
import type { Database } from '../../db/client';
import { adminErrors } from '../../db/schema';

/**
 * Errors are logged by name and a trimmed message only. Database errors quote their query parameters
 * (which can hold a password hash or a session id), so everything after `params:` is cut off.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const message = error.message
    .split(/params:/i)[0]!
    .trim()
    .slice(0, 300);
  const cause = error.cause instanceof Error ? ` (cause: ${describeError(error.cause)})` : '';
  return `${error.name}: ${message}${cause}`;
}

export interface AdminErrorEntry {
  message: string;
  /** Never secrets, signatures or whole bodies. */
  details?: unknown;
  roomId?: string | null;
}

const MAX_DETAILS_CHARS = 8_000;

/**
 * A row in the operator's error log, in its own transaction (the failed one was rolled back). A
 * failure to log is printed and swallowed: the log must never turn a handled refusal into a 500.
 */
export async function logAdminError(
  database: Database,
  entry: AdminErrorEntry,
  now: number,
): Promise<void> {
  const details = entry.details === undefined ? null : JSON.stringify(entry.details);
  try {
    await database.write((tx) =>
      tx.insert(adminErrors).values({
        message: entry.message,
        details:
          details && details.length > MAX_DETAILS_CHARS
            ? details.slice(0, MAX_DETAILS_CHARS)
            : details,
        roomId: entry.roomId ?? null,
        timestamp: now,
      }),
    );
  } catch (error) {
    console.error(`[admin-log] could not log "${entry.message}": ${describeError(error)}`);
  }
}

/**
 * Unsigned calls can come from anyone: log them, but never let them flood the operator's log.
 * Allows `limit` rows per window; `dropped()` tells (and resets) how many were refused since.
 */
export function logBudget(limit: number, windowMs: number, clock: () => number) {
  let windowStart = -Infinity;
  let used = 0;
  let dropped = 0;
  const mayLog = (): boolean => {
    const now = clock();
    if (now - windowStart >= windowMs) {
      windowStart = now;
      used = 0;
    }
    used += 1;
    if (used > limit) dropped += 1;
    return used <= limit;
  };
  mayLog.dropped = (): number => {
    const count = dropped;
    dropped = 0;
    return count;
  };
  return mayLog;
}
