// How the server logs a failure: by name and a trimmed message on the console, and, for what the
// operator must see, a row in the admin error log (`adminErrors`); refusals anyone can provoke are
// sampled into it.
import type { Database } from '../../db/client';
import { adminErrors } from '../../db/schema';
import { countRefusal, type RefusalKind } from './refusal-counter';

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
 * For refusals anyone can provoke without a key (refusal-counter.ts): each one is counted, and the
 * operator's error log gets at most one row per kind a minute, whose details say how many were
 * refused since the previous row of that kind (`refusedSinceLastRow`, this one included). Never one
 * row per call: a flood costs a counter, not the table or the write queue.
 */
export function refusalLog(database: Database, clock: () => number) {
  const last = new Map<RefusalKind, { rowAt: number; since: number }>();
  return async function refused(kind: RefusalKind, entry: AdminErrorEntry): Promise<void> {
    countRefusal(kind);
    const now = clock();
    const state = last.get(kind) ?? { rowAt: -Infinity, since: 0 };
    state.since += 1;
    last.set(kind, state);
    if (now - state.rowAt < REFUSAL_ROW_EVERY_MS) return;
    const refusedSinceLastRow = state.since;
    state.rowAt = now;
    state.since = 0;
    const details =
      typeof entry.details === 'object' && entry.details !== null
        ? { ...entry.details, refusedSinceLastRow }
        : { details: entry.details ?? null, refusedSinceLastRow };
    await logAdminError(database, { ...entry, details }, now);
  };
}

/** How often, at most, one kind of refusal writes a row to the admin error log. */
export const REFUSAL_ROW_EVERY_MS = 60_000;
