import type { Database } from '../../../db/client';
import { adminErrors } from '../../../db/schema';

/**
 * Appends to the operator's error log (`adminErrors`). Never pass secrets, signatures or whole
 * bodies in `details`. A failure to log is printed and swallowed: the log must never turn a handled
 * refusal into a 500.
 */
export async function logAdminError(
  database: Database,
  now: number,
  message: string,
  details: Record<string, unknown>,
): Promise<void> {
  try {
    await database.write((tx) =>
      tx.insert(adminErrors).values({
        id: crypto.randomUUID(),
        message,
        details: JSON.stringify(details),
        roomId: null,
        timestamp: now,
      }),
    );
  } catch (error) {
    console.error(`[wallet] could not log "${message}": ${describe(error)}`);
  }
}

export function describe(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  return `${error.name}: ${error.message
    .split(/params:/i)[0]!
    .trim()
    .slice(0, 300)}`;
}
