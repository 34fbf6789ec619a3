// The operator's audit log: every admin action that changes anything, written in the action's own
// transaction where it has one. Append-only: nothing here updates or deletes a row.
import { desc } from 'drizzle-orm';
import type { Queryable } from '#db/client.ts';
import { adminAudit } from '#db/schema/support.ts';

export interface AuditEntry {
  /** The admin who acted; for `admin.grant`/`admin.revoke` from the command line, the account changed. */
  adminId: string;
  action:
    | 'support.reply'
    | 'payment.reconcile'
    | 'reconcile.pass'
    | 'exclusion.review'
    | 'admin.grant'
    | 'admin.revoke';
  target: string;
  detail: Record<string, unknown>;
  at: number;
}

export async function recordAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  await tx.insert(adminAudit).values({ ...entry, detail: JSON.stringify(entry.detail) });
}

export const AUDIT_ROWS_SHOWN = 200;

export async function auditLog(db: Queryable) {
  const rows = await db
    .select()
    .from(adminAudit)
    .orderBy(desc(adminAudit.id))
    .limit(AUDIT_ROWS_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    adminId: row.adminId,
    action: row.action,
    target: row.target,
    detail: JSON.parse(row.detail) as unknown,
    at: new Date(row.at).toISOString(),
  }));
}
