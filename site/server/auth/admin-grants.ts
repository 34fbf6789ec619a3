import { and, asc, eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import type { Database } from '../../../db/client';

export type GrantOutcome = { ok: true; message: string } | { ok: false; message: string };

async function setAdmin(
  database: Database,
  email: string,
  isAdmin: boolean,
): Promise<GrantOutcome> {
  const normalized = email.trim().toLowerCase();
  if (!normalized) return { ok: false, message: 'An email is required.' };
  const updated = await database.write((tx) =>
    tx
      .update(users)
      .set({ isAdmin, updatedAt: Date.now() })
      .where(and(eq(users.email, normalized), eq(users.isGuest, false)))
      .returning({ id: users.id }),
  );
  if (updated.length === 0) return { ok: false, message: `No account found for ${normalized}.` };
  return {
    ok: true,
    message: isAdmin
      ? `${normalized} is now an admin.`
      : `${normalized} is no longer an admin by grant (ADMIN_EMAILS still applies if it lists them).`,
  };
}

export function grantAdmin(database: Database, email: string): Promise<GrantOutcome> {
  return setAdmin(database, email, true);
}

export function revokeAdmin(database: Database, email: string): Promise<GrantOutcome> {
  return setAdmin(database, email, false);
}

export async function grantedAdminEmails(database: Database): Promise<string[]> {
  const rows = await database.read
    .select({ email: users.email })
    .from(users)
    .where(eq(users.isAdmin, true))
    .orderBy(asc(users.email));
  return rows.flatMap((row) => (row.email ? [row.email] : []));
}
