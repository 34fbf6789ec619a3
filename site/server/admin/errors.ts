// The operator's error log (settlement refusals, provider mismatches, failed calls), newest first.
// How rows are written is up to their writers; this only reads them.
import { desc } from 'drizzle-orm';
import type { Queryable } from '#db/client.ts';
import { adminErrors } from '#db/schema/operator.ts';

export const ERRORS_SHOWN = 200;

function parsed(details: string | null): unknown {
  if (details === null) return null;
  try {
    return JSON.parse(details) as unknown;
  } catch {
    return details; // cut at its size limit: show it as text
  }
}

export async function recentAdminErrors(db: Queryable) {
  const rows = await db
    .select()
    .from(adminErrors)
    .orderBy(desc(adminErrors.timestamp))
    .limit(ERRORS_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    message: row.message,
    details: parsed(row.details),
    roomId: row.roomId,
    at: new Date(row.timestamp).toISOString(),
  }));
}
