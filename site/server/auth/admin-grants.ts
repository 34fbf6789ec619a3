import { and, asc, eq } from 'drizzle-orm';
import { users } from '#db/schema/people.ts';
import type { Database } from '#db/client.ts';
import { parseEmail } from '#site/shared/email.ts';
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

async function setAdmin(
  database: Database,
  email: string,
  isAdmin: boolean,
): Promise<GrantOutcome> {
  const normalized = parseEmail(email);
  if (!normalized) return notAnAddress(email);
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

/**
 * Grants the claim to a proved email only: anyone can sign up with an address they do not own.
 * `force` overrides that, for an operator who checked the person another way.
 */
export async function grantAdmin(
  database: Database,
  email: string,
  options: { force?: boolean } = {},
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
  return { ...(await setAdmin(database, normalized, true)), account };
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
