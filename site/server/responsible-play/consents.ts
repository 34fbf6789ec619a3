// Consents: 18 or older, and the terms version accepted, each with its time.
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '#db/client.ts';
import { consents } from '#db/schema/responsible-play.ts';
import { TERMS_VERSION } from '#site/shared/terms.ts';
import { withWords } from '../api/refusal-words';
import type { Refusal } from '../api/refusals';

/** Sign-up's consents, in the transaction that creates the user. */
export async function recordSignupConsents(tx: Queryable, userId: string, now: number) {
  await tx.insert(consents).values([
    { userId, kind: 'adult', version: null, acceptedAt: now },
    { userId, kind: 'terms', version: TERMS_VERSION, acceptedAt: now },
  ]);
}

/** The user said they are 18 or older and accepted the terms in force. */
export async function hasCurrentConsent(q: Queryable, userId: string): Promise<boolean> {
  const rows = await q
    .select({ kind: consents.kind, version: consents.version })
    .from(consents)
    .where(eq(consents.userId, userId));
  return (
    rows.some((row) => row.kind === 'adult') &&
    rows.some((row) => row.kind === 'terms' && row.version === TERMS_VERSION)
  );
}

export type ConsentOutcome = { ok: true } | Refusal;

/**
 * `POST /api/me/terms` `{version, adult}`: accepts the terms in force (`version` must be it); an
 * account that never said it is 18 or older (Google sign-up) must send `adult: true` too.
 */
export async function acceptTerms(
  tx: Queryable,
  userId: string,
  body: unknown,
  now: number,
): Promise<ConsentOutcome> {
  const b = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (b.version !== TERMS_VERSION) {
    return { ok: false, status: 400, ...withWords('terms_version_mismatch') };
  }
  const adult = await tx
    .select({ id: consents.id })
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.kind, 'adult')))
    .get();
  if (!adult) {
    if (b.adult !== true) {
      return { ok: false, status: 400, ...withWords('adult_required') };
    }
    await tx.insert(consents).values({ userId, kind: 'adult', version: null, acceptedAt: now });
  }
  const accepted = await tx
    .select({ id: consents.id })
    .from(consents)
    .where(
      and(
        eq(consents.userId, userId),
        eq(consents.kind, 'terms'),
        eq(consents.version, TERMS_VERSION),
      ),
    )
    .get();
  if (!accepted) {
    await tx
      .insert(consents)
      .values({ userId, kind: 'terms', version: TERMS_VERSION, acceptedAt: now });
  }
  return { ok: true };
}
