// Single-use links sent by mail (verify an email, reset a password). Like session tokens: 160 random
// bits, only their SHA-256 stored, short-lived; spent inside the write transaction that acts on them,
// so two uses of one link at once cannot both succeed.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { emailTokens, type EmailTokenPurpose } from '#db/schema/people.ts';
import type { Queryable } from '#db/client.ts';
import { generateToken, hashToken, isWellFormedToken } from './tokens';

const MINUTE_MS = 60 * 1000;
export const TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 60 * MINUTE_MS,
  reset_password: 60 * MINUTE_MS,
};
/** At most one mail of a kind per account in this time (a button pressed twice, or mail bombing). */
export const MAIL_COOLDOWN_MS = MINUTE_MS;

export type EmailTokenRow = typeof emailTokens.$inferSelect;
export type TokenProblem = 'token_invalid' | 'token_expired';

export interface IssueInput {
  userId: string;
  email: string;
  purpose: EmailTokenPurpose;
  now: number;
}

/** A fresh token for the mail. A new reset link voids the earlier ones. */
export async function issueEmailToken(db: Queryable, input: IssueInput): Promise<string> {
  if (input.purpose === 'reset_password') await voidUnusedTokens(db, input.userId, input.purpose);
  const token = generateToken();
  await db.insert(emailTokens).values({
    id: hashToken(token),
    userId: input.userId,
    purpose: input.purpose,
    email: input.email,
    expiresAt: input.now + TOKEN_TTL_MS[input.purpose],
    usedAt: null,
    createdAt: input.now,
  });
  return token;
}

/** Deleted, not marked used: a voided link reads as invalid, exactly like a forged one. */
export async function voidUnusedTokens(
  db: Queryable,
  userId: string,
  purpose: EmailTokenPurpose,
): Promise<void> {
  await db
    .delete(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
      ),
    );
}

/** True when a mail of this kind went to the account within the cooldown. */
export async function mailedRecently(
  db: Queryable,
  userId: string,
  purpose: EmailTokenPurpose,
  now: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, purpose),
        gt(emailTokens.createdAt, now - MAIL_COOLDOWN_MS),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export type TokenCheck = { ok: true; row: EmailTokenRow } | { ok: false; problem: TokenProblem };

/** Reads a token without spending it (e.g. before hashing a new password outside the queue). */
export async function checkEmailToken(
  db: Queryable,
  token: unknown,
  purpose: EmailTokenPurpose,
  now: number,
): Promise<TokenCheck> {
  if (typeof token !== 'string' || !isWellFormedToken(token)) {
    return { ok: false, problem: 'token_invalid' };
  }
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(eq(emailTokens.id, hashToken(token)));
  if (!row || row.purpose !== purpose || row.usedAt !== null) {
    return { ok: false, problem: 'token_invalid' };
  }
  if (now >= row.expiresAt) return { ok: false, problem: 'token_expired' };
  return { ok: true, row };
}

/** Checks and spends the token; call inside the write transaction that acts on it. */
export async function spendEmailToken(
  tx: Queryable,
  token: unknown,
  purpose: EmailTokenPurpose,
  now: number,
): Promise<TokenCheck> {
  const checked = await checkEmailToken(tx, token, purpose, now);
  if (!checked.ok) return checked;
  const spent = await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.id, checked.row.id), isNull(emailTokens.usedAt)))
    .returning({ id: emailTokens.id });
  if (spent.length !== 1) return { ok: false, problem: 'token_invalid' };
  return checked;
}
