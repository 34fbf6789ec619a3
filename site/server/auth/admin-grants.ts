import { and, asc, eq } from 'drizzle-orm';
import { users } from '#db/schema/people.ts';
import type { Database } from '#db/client.ts';
import { parseEmail } from '#site/shared/email.ts';
import { recordAudit } from '../admin/audit';
import { findUserByEmail, isEmailVerified, type UserRow } from './users';

export type GrantOutcome =
  | { ok: true; message: string; account?: string }
  | { ok: false; message: string; account?: string };

/** Who the account is, so the operator sees whom they are about to make an admin. */
export function describeAccount(user: UserRow): string {
  const created = new Date(user.createdAt).toISOString().replace('T', ' ').slice(0, 16);
  return [
    `Name:     ${`${user.firstName} ${user.lastName}`.trim() || '(none)'}`,
    `Phone:    ${user.phone ?? '(none)'}`,
    `Created:  ${created} UTC`,
    `Email:    ${user.email} (${isEmailVerified(user) ? 'verified' : 'NOT verified'})`,
    `Google:   ${user.googleSub ? 'linked' : 'not linked'}`,
  ].join('\n');
}

function notAnAddress(email: string): GrantOutcome {
  return email.trim()
    ? { ok: false, message: `${JSON.stringify(email)} is not one email address.` }
    : { ok: false, message: 'An email is required.' };
}

/** Who ran the command (no account is signed in on the machine): the audit row names them. */
export interface GrantedBy {
  osUser: string;
}

async function setAdmin(
  database: Database,
  email: string,
  isAdmin: boolean,
  audit: { by: GrantedBy; force: boolean },
): Promise<GrantOutcome> {
  const normalized = parseEmail(email);
  if (!normalized) return notAnAddress(email);
  const updated = await database.write(async (tx) => {
    const at = Date.now();
    const changed = await tx
      .update(users)
      .set({ isAdmin, updatedAt: at })
      .where(and(eq(users.email, normalized), eq(users.isGuest, false)))
      .returning({ id: users.id });
    for (const { id } of changed) {
      // The row's admin is the account changed: the command line has no account of its own.
      await recordAudit(tx, {
        adminId: id,
        action: isAdmin ? 'admin.grant' : 'admin.revoke',
        target: id,
        detail: {
          by: 'npm run admin',
          osUser: audit.by.osUser,
          email: normalized,
          force: audit.force,
        },
        at,
      });
    }
    return changed;
  });
  if (updated.length === 0) return { ok: false, message: `No account found for ${normalized}.` };
  return {
    ok: true,
    message: isAdmin
      ? `${normalized} is now an admin.`
      : `${normalized} is no longer an admin by grant (ADMIN_EMAILS still applies if it lists them).`,
  };
}

/**
 * Grants the claim to a proved email only: anyone can sign up with an address they do not own.
 * `force` overrides that, for an operator who checked the person another way.
 */
export async function grantAdmin(
  database: Database,
  email: string,
  options: { by: GrantedBy; force?: boolean },
): Promise<GrantOutcome> {
  const normalized = parseEmail(email);
  if (!normalized) return notAnAddress(email);
  const user = await findUserByEmail(database.read, normalized);
  if (!user || user.isGuest) return { ok: false, message: `No account found for ${normalized}.` };
  const account = describeAccount(user);
  if (!isEmailVerified(user) && !options.force) {
    return {
      ok: false,
      account,
      message: `${normalized} is not verified: anyone could have typed that address. Ask the person to open the link in their verification mail, or run again with --force if you have checked who they are.`,
    };
  }
  const force = options.force === true;
  return { ...(await setAdmin(database, normalized, true, { by: options.by, force })), account };
}

export function revokeAdmin(
  database: Database,
  email: string,
  by: GrantedBy,
): Promise<GrantOutcome> {
  return setAdmin(database, email, false, { by, force: false });
}

export async function grantedAdminEmails(database: Database): Promise<string[]> {
  const rows = await database.read
    .select({ email: users.email })
    .from(users)
    .where(eq(users.isAdmin, true))
    .orderBy(asc(users.email));
  return rows.flatMap((row) => (row.email ? [row.email] : []));
}
