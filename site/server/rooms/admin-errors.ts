import type { Database } from '../../../db/client';
import { adminErrors } from '../../../db/schema';

export interface AdminErrorEntry {
  message: string;
  details?: unknown;
  roomId?: string | null;
}

const MAX_DETAILS_CHARS = 8_000;

/** A row in the operator's error log, in its own transaction (the failed one was rolled back). */
export async function logAdminError(
  database: Database,
  entry: AdminErrorEntry,
  now: number,
): Promise<void> {
  const details = entry.details === undefined ? null : JSON.stringify(entry.details);
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
}

/**
 * Unsigned calls can come from anyone: log them, but never let them flood the operator's log.
 * Allows `limit` rows per window.
 */
export function logBudget(limit: number, windowMs: number, clock: () => number) {
  let windowStart = -Infinity;
  let used = 0;
  return (): boolean => {
    const now = clock();
    if (now - windowStart >= windowMs) {
      windowStart = now;
      used = 0;
    }
    used += 1;
    return used <= limit;
  };
}
