// Responsible play inside the money's own transactions: a self-exclusion or a limit refuses a
// deposit request or a stake in the same write transaction that would record it, so two requests
// at once cannot pass a limit together (the one write queue runs them one after the other).
import { limitKinds, type LimitKind } from '#game/payment-vocabulary.ts';
import { and, asc, desc, eq, gt, gte, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from './client';
import { lusakaPeriod, type PeriodUnit } from './lusaka-time';
import { carriedExclusion, laterExclusion, type RunningExclusion } from './carried-exclusions';
import { provedIdentities, type Identities } from './proved-identities';
import { paymentRequests } from './schema/payments';
import { playLimits, selfExclusions, type ExclusionPeriod } from './schema/responsible-play';
import { userTransactions } from './schema/wallet-history';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A higher limit, or a removal, waits this long; a lower one applies at once. */
export const LIMIT_RAISE_DELAY_MS = DAY_MS;

export const EXCLUSION_DURATION_MS: Record<ExclusionPeriod, number | null> = {
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
  '180d': 180 * DAY_MS,
  permanent: null,
};

/** Each limit in ngwee, or null for none. */
export type Limits = Record<LimitKind, number | null>;

export interface PendingLimit {
  kind: LimitKind;
  /** Ngwee, or null: the limit is to be removed. */
  amount: number | null;
  effectiveAt: number;
}

export const limitUnit: Record<LimitKind, PeriodUnit> = {
  depositDaily: 'day',
  depositWeekly: 'week',
  depositMonthly: 'month',
  lossDaily: 'day',
  lossWeekly: 'week',
  lossMonthly: 'month',
};

/** The user chose not to play until `until` (null: for good). */
export class SelfExcludedError extends Error {
  constructor(readonly until: number | null) {
    super(`Self-excluded until ${until === null ? 'for good' : new Date(until).toISOString()}`);
    this.name = 'SelfExcludedError';
  }
}

/** A deposit or a stake would take the user past one of their limits. */
export class LimitReachedError extends Error {
  constructor(
    readonly kind: LimitKind,
    /** Ngwee. */
    readonly limit: number,
    /** When the period ends and the limit starts again from zero. */
    readonly resetsAt: number,
  ) {
    super(
      `The ${kind} limit of ${limit} ngwee is reached until ${new Date(resetsAt).toISOString()}`,
    );
    this.name = 'LimitReachedError';
  }
}

/** A self-exclusion asked for while a longer (or as long) one runs. */
export class ExclusionRunningError extends Error {
  constructor(readonly until: number | null) {
    super('A self-exclusion that lasts as long or longer is already running');
    this.name = 'ExclusionRunningError';
  }
}

export function noLimits(): Limits {
  return Object.fromEntries(limitKinds.map((kind) => [kind, null])) as Limits;
}

/** The limits in force at `now`. */
export async function effectiveLimits(q: Queryable, userId: string, now: number): Promise<Limits> {
  const rows = await q
    .select({ kind: playLimits.kind, amount: playLimits.amount })
    .from(playLimits)
    .where(
      and(
        eq(playLimits.userId, userId),
        isNull(playLimits.cancelledAt),
        lte(playLimits.effectiveAt, now),
      ),
    )
    .orderBy(asc(playLimits.effectiveAt), asc(playLimits.requestedAt));
  const limits = noLimits();
  for (const row of rows) limits[row.kind] = row.amount;
  return limits;
}

/** Changes asked for that have not taken effect yet, soonest first. */
export async function pendingLimits(
  q: Queryable,
  userId: string,
  now: number,
): Promise<PendingLimit[]> {
  return q
    .select({
      kind: playLimits.kind,
      amount: playLimits.amount,
      effectiveAt: playLimits.effectiveAt,
    })
    .from(playLimits)
    .where(
      and(
        eq(playLimits.userId, userId),
        isNull(playLimits.cancelledAt),
        gt(playLimits.effectiveAt, now),
      ),
    )
    .orderBy(asc(playLimits.effectiveAt), asc(playLimits.kind));
}

function isTighter(next: number | null, current: number | null): boolean {
  return next !== null && (current === null || next < current);
}

/**
 * Records the limits asked for (kinds left out stay as they are): a lower one applies at once, a
 * higher one or a removal after `LIMIT_RAISE_DELAY_MS`. Any change still waiting for a kind asked
 * about again is cancelled: the latest request is the player's wish.
 */
export async function setLimits(
  tx: Queryable,
  userId: string,
  changes: Partial<Limits>,
  now: number,
): Promise<void> {
  const current = await effectiveLimits(tx, userId, now);
  for (const kind of limitKinds) {
    if (!(kind in changes)) continue;
    const next = changes[kind] ?? null;
    await tx
      .update(playLimits)
      .set({ cancelledAt: now })
      .where(
        and(
          eq(playLimits.userId, userId),
          eq(playLimits.kind, kind),
          isNull(playLimits.cancelledAt),
          gt(playLimits.effectiveAt, now),
        ),
      );
    if (next === current[kind]) continue;
    const effectiveAt = isTighter(next, current[kind]) ? now : now + LIMIT_RAISE_DELAY_MS;
    await tx
      .insert(playLimits)
      .values({ userId, kind, amount: next, requestedAt: now, effectiveAt });
  }
}

/**
 * The self-exclusion running at `now` that ends last (a permanent one first), or null: the user's
 * own, or one carried from an erased account that proved an email address or a number this user
 * proved too (db/proved-identities.ts; what the user only typed never matches). `extra` adds what
 * the request itself brings: a deposit's payer number, which is the very instrument it would use.
 */
export async function activeExclusion(
  q: Queryable,
  userId: string,
  now: number,
  extra: Identities = {},
): Promise<RunningExclusion | null> {
  const own = await q
    .select({
      until: selfExclusions.until,
      startedAt: selfExclusions.startedAt,
      period: selfExclusions.period,
    })
    .from(selfExclusions)
    .where(
      and(
        eq(selfExclusions.userId, userId),
        lte(selfExclusions.startedAt, now),
        or(isNull(selfExclusions.until), gt(selfExclusions.until, now)),
      ),
    )
    .orderBy(sql`${selfExclusions.until} IS NULL DESC`, desc(selfExclusions.until))
    .get();
  const proved = await provedIdentities(q, userId);
  const carried = await carriedExclusion(
    q,
    {
      emails: [...(proved.emails ?? []), ...(extra.emails ?? [])],
      phones: [...(proved.phones ?? []), ...(extra.phones ?? [])],
    },
    now,
  );
  return laterExclusion(own ?? null, carried);
}

/**
 * Starts a self-exclusion, or extends the running one by a longer one. One that would end no later
 * than the running one throws `ExclusionRunningError`: an exclusion is never shortened or lifted.
 */
export async function startExclusion(
  tx: Queryable,
  userId: string,
  period: ExclusionPeriod,
  now: number,
): Promise<{ until: number | null }> {
  const duration = EXCLUSION_DURATION_MS[period];
  const until = duration === null ? null : now + duration;
  const running = await activeExclusion(tx, userId, now);
  if (running && (running.until === null || (until !== null && until <= running.until))) {
    throw new ExclusionRunningError(running.until);
  }
  await tx.insert(selfExclusions).values({ userId, period, startedAt: now, until });
  return { until };
}

async function refuseWhileExcluded(
  tx: Queryable,
  userId: string,
  now: number,
  extra: Identities = {},
): Promise<void> {
  const running = await activeExclusion(tx, userId, now, extra);
  if (running) throw new SelfExcludedError(running.until);
}

/** Deposits requested in [start, end) that did not fail, in ngwee. */
export async function depositedIn(
  q: Queryable,
  userId: string,
  start: number,
  end: number,
): Promise<number> {
  const row = await q
    .select({ total: sql<number>`coalesce(sum(${paymentRequests.amount}), 0)` })
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.userId, userId),
        eq(paymentRequests.kind, 'deposit'),
        ne(paymentRequests.status, 'failed'),
        gte(paymentRequests.createdAt, start),
        lt(paymentRequests.createdAt, end),
      ),
    )
    .get();
  return Number(row?.total ?? 0);
}

/** Stakes, winnings and refunds in [start, end), in ngwee. */
export async function playTotalsIn(
  q: Queryable,
  userId: string,
  start: number,
  end: number,
): Promise<{ stakes: number; winnings: number; refunds: number }> {
  const sumOf = (type: string) =>
    sql<number>`coalesce(sum(case when ${userTransactions.type} = ${type} then ${userTransactions.amount} else 0 end), 0)`;
  const row = await q
    .select({ stakes: sumOf('stake'), winnings: sumOf('winnings'), refunds: sumOf('refund') })
    .from(userTransactions)
    .where(
      and(
        eq(userTransactions.userId, userId),
        eq(userTransactions.status, 'completed'),
        gte(userTransactions.createdAt, start),
        lt(userTransactions.createdAt, end),
      ),
    )
    .get();
  return {
    stakes: Number(row?.stakes ?? 0),
    winnings: Number(row?.winnings ?? 0),
    refunds: Number(row?.refunds ?? 0),
  };
}

/** Net loss = stakes − winnings − refunds in [start, end), in ngwee (negative: a net gain). */
export async function netLossIn(
  q: Queryable,
  userId: string,
  start: number,
  end: number,
): Promise<number> {
  const totals = await playTotalsIn(q, userId, start, end);
  return totals.stakes - totals.winnings - totals.refunds;
}

// Monthly first: when several limits are reached, the player learns the one that lasts longest.
const DEPOSIT_KINDS = ['depositMonthly', 'depositWeekly', 'depositDaily'] as const;
const LOSS_KINDS = ['lossMonthly', 'lossWeekly', 'lossDaily'] as const;

/** Each limit of `kinds` in force, with what its period has used so far (ngwee). */
async function limitsInUse(
  q: Queryable,
  userId: string,
  now: number,
  kinds: readonly LimitKind[],
  usedIn: (start: number, end: number) => Promise<number>,
): Promise<{ kind: LimitKind; limit: number; used: number; periodEnd: number }[]> {
  const limits = await effectiveLimits(q, userId, now);
  const inUse = [];
  for (const kind of kinds) {
    const limit = limits[kind];
    if (limit === null) continue;
    const period = lusakaPeriod(limitUnit[kind], now);
    inUse.push({
      kind,
      limit,
      used: await usedIn(period.start, period.end),
      periodEnd: period.end,
    });
  }
  return inUse;
}

async function refusePastLimit(
  tx: Queryable,
  input: { userId: string; amount: number; now: number },
  kinds: readonly LimitKind[],
  usedIn: (start: number, end: number) => Promise<number>,
): Promise<void> {
  for (const { kind, limit, used, periodEnd } of await limitsInUse(
    tx,
    input.userId,
    input.now,
    kinds,
    usedIn,
  )) {
    if (used + input.amount > limit) throw new LimitReachedError(kind, limit, periodEnd);
  }
}

/** The most `kinds`' limits still let through now (ngwee, never below 0); null: no limit. */
async function leftUnder(
  q: Queryable,
  userId: string,
  now: number,
  kinds: readonly LimitKind[],
  usedIn: (start: number, end: number) => Promise<number>,
): Promise<number | null> {
  const inUse = await limitsInUse(q, userId, now, kinds, usedIn);
  if (inUse.length === 0) return null;
  return Math.max(0, Math.min(...inUse.map(({ limit, used }) => limit - used)));
}

/**
 * What a player may still do now before a limit refuses them, in ngwee (null: no limit): the
 * deposits `assertMayDeposit` would let through, and the stakes `assertMayStake` would.
 */
export async function headroomOf(
  q: Queryable,
  userId: string,
  now: number,
): Promise<{ deposit: number | null; stake: number | null }> {
  const [deposit, stake] = await Promise.all([
    leftUnder(q, userId, now, DEPOSIT_KINDS, (start, end) => depositedIn(q, userId, start, end)),
    leftUnder(q, userId, now, LOSS_KINDS, (start, end) => netLossIn(q, userId, start, end)),
  ]);
  return { deposit, stake };
}

/**
 * Throws `SelfExcludedError` or `LimitReachedError` when the user may not request a deposit of
 * `amount` ngwee now. Call inside the transaction that records the request.
 */
export async function assertMayDeposit(
  tx: Queryable,
  input: { userId: string; amount: number; now: number; phone?: string },
): Promise<void> {
  await refuseWhileExcluded(tx, input.userId, input.now, { phones: [input.phone] });
  await refusePastLimit(tx, input, DEPOSIT_KINDS, (start, end) =>
    depositedIn(tx, input.userId, start, end),
  );
}

/**
 * Throws `SelfExcludedError` or `LimitReachedError` when a stake of `amount` ngwee now would be
 * refused. Call inside the transaction that takes the stake.
 */
export async function assertMayStake(
  tx: Queryable,
  input: { userId: string; amount: number; now: number },
): Promise<void> {
  await refuseWhileExcluded(tx, input.userId, input.now);
  await refusePastLimit(tx, input, LOSS_KINDS, (start, end) =>
    netLossIn(tx, input.userId, start, end),
  );
}
