// Sign-in codes sent by SMS: six digits from the operating system's CSPRNG, stored only as an HMAC
// under a key of their own (purposeKey(INTERNAL_SECRET, 'phone-codes'), decision 022), keyed by an
// HMAC of the number, so the table holds neither numbers nor codes: a copy of the database alone
// cannot recover a live code (a million codes are too few to protect an unkeyed hash). One live code
// per number; a new one replaces it; it works for 10 minutes and 5 tries, once (decision 090).
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { eq, inArray, lte } from 'drizzle-orm';
import type { Queryable } from '#db/client.ts';
import { phoneCodes } from '#db/schema/people.ts';
import { PHONE_CODE } from '#site/shared/phone-code.ts';

export type PhoneCodeRow = typeof phoneCodes.$inferSelect;

export const CODE_LIFETIME_MS = PHONE_CODE.lifetimeMinutes * 60_000;

/** Expired rows removed per new code: keeps the table to live codes, a little at a time. */
const PRUNE_BATCH = 20;

function mac(key: string, message: string): string {
  return createHmac('sha256', key).update(message).digest('base64url');
}

/** Where a number's code is kept: an HMAC of the local number. */
export function phoneDigest(key: string, phone: string): string {
  return mac(key, `phone:${phone}`);
}

/** The only form a code is kept in: an HMAC of the number and the code together. */
export function codeHash(key: string, phone: string, code: string): string {
  return mac(key, `code:${phone}:${code}`);
}

/** Six decimal digits, uniformly drawn (node's `randomInt` rejects biased draws of the CSPRNG). */
export function randomCode(): string {
  return String(randomInt(0, 10 ** PHONE_CODE.length)).padStart(PHONE_CODE.length, '0');
}

/**
 * Makes `code` the number's live code (replacing any), and answers the row it replaced so a send
 * that fails can put it back (`restoreCode`). Call inside a write transaction.
 */
export async function storeCode(
  tx: Queryable,
  key: string,
  phone: string,
  code: string,
  now: number,
): Promise<PhoneCodeRow | null> {
  const digest = phoneDigest(key, phone);
  const [previous] = await tx.select().from(phoneCodes).where(eq(phoneCodes.phoneDigest, digest));
  const row = {
    phoneDigest: digest,
    codeHash: codeHash(key, phone, code),
    attempts: 0,
    expiresAt: now + CODE_LIFETIME_MS,
    createdAt: now,
  };
  await tx
    .insert(phoneCodes)
    .values(row)
    .onConflictDoUpdate({ target: phoneCodes.phoneDigest, set: row });
  await pruneExpiredCodes(tx, now);
  return previous ?? null;
}

/**
 * After a send failed: the number's code goes back to what it was before `code` replaced it, unless
 * a newer code replaced `code` meanwhile. Nothing is left that the person was never sent.
 */
export async function restoreCode(
  tx: Queryable,
  key: string,
  phone: string,
  code: string,
  previous: PhoneCodeRow | null,
): Promise<void> {
  const digest = phoneDigest(key, phone);
  const [current] = await tx.select().from(phoneCodes).where(eq(phoneCodes.phoneDigest, digest));
  if (!current || current.codeHash !== codeHash(key, phone, code)) return;
  if (previous) await tx.update(phoneCodes).set(previous).where(eq(phoneCodes.phoneDigest, digest));
  else await tx.delete(phoneCodes).where(eq(phoneCodes.phoneDigest, digest));
}

/** Whether the number has a code at all (a read: no write for a number that was never sent one). */
export async function hasCode(q: Queryable, key: string, phone: string): Promise<boolean> {
  const [row] = await q
    .select({ digest: phoneCodes.phoneDigest })
    .from(phoneCodes)
    .where(eq(phoneCodes.phoneDigest, phoneDigest(key, phone)));
  return row !== undefined;
}

export type CodeCheck =
  | { ok: true }
  | { ok: false; problem: 'code_expired' | 'too_many_attempts' }
  | { ok: false; problem: 'code_invalid'; triesLeft: number };

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Checks `code` against the number's live code, counting a wrong one (the fifth wrong one ends the
 * code). Does not spend a right one: `spendCode` does, in the transaction that acts on it. Call
 * inside a write transaction.
 */
export async function checkCode(
  tx: Queryable,
  key: string,
  phone: string,
  code: string,
  now: number,
): Promise<CodeCheck> {
  const digest = phoneDigest(key, phone);
  const [row] = await tx.select().from(phoneCodes).where(eq(phoneCodes.phoneDigest, digest));
  if (!row || row.expiresAt <= now) return { ok: false, problem: 'code_expired' };
  if (row.attempts >= PHONE_CODE.tries) return { ok: false, problem: 'too_many_attempts' };
  if (sameHash(row.codeHash, codeHash(key, phone, code))) return { ok: true };
  const attempts = row.attempts + 1;
  await tx.update(phoneCodes).set({ attempts }).where(eq(phoneCodes.phoneDigest, digest));
  if (attempts >= PHONE_CODE.tries) return { ok: false, problem: 'too_many_attempts' };
  return { ok: false, problem: 'code_invalid', triesLeft: PHONE_CODE.tries - attempts };
}

/** A right code is used once: gone with the transaction that acted on it. */
export async function spendCode(tx: Queryable, key: string, phone: string): Promise<void> {
  await tx.delete(phoneCodes).where(eq(phoneCodes.phoneDigest, phoneDigest(key, phone)));
}

async function pruneExpiredCodes(tx: Queryable, now: number): Promise<void> {
  const expired = await tx
    .select({ digest: phoneCodes.phoneDigest })
    .from(phoneCodes)
    .where(lte(phoneCodes.expiresAt, now))
    .limit(PRUNE_BATCH);
  if (expired.length === 0) return;
  await tx.delete(phoneCodes).where(
    inArray(
      phoneCodes.phoneDigest,
      expired.map((row) => row.digest),
    ),
  );
}
