// Limits, self-exclusion and the day's play summary as the API speaks them (ZMW, ISO times). The
// rules themselves, and their enforcement inside the money's transactions, are db/responsible-play.
import { asc, eq } from 'drizzle-orm';
import type { Database, Queryable } from '#db/client.ts';
import { lusakaDate, lusakaPeriod } from '#db/lusaka-time.ts';
import {
  activeExclusion,
  effectiveLimits,
  ExclusionRunningError,
  headroomOf,
  pendingLimits,
  playTotalsIn,
  setLimits,
  startExclusion,
  type Limits,
} from '#db/responsible-play.ts';
import {
  consents,
  exclusionPeriods,
  playLimits,
  selfExclusions,
  type ExclusionPeriod,
} from '#db/schema/responsible-play.ts';
import { limitKinds, type LimitKind } from '#game/payment-vocabulary.ts';
import { ngweeToZmw, parseZmw } from '#game/ngwee.ts';
import type { Refusal } from '../api/refusals';
import { refusalWords, withWords } from '../api/refusal-words';
import { timeOf } from '../clock';

export interface PlayDeps {
  database: Database;
  clock?: () => number;
}

/** Each limit in ZMW, or null for none. */
export type LimitsView = Record<LimitKind, number | null>;

export interface PendingLimitView {
  field: LimitKind;
  /** ZMW, or null: the limit is to be removed. */
  value: number | null;
  effectiveAt: string;
}

type Outcome<T> = ({ ok: true } & T) | Refusal;

const iso = (ms: number) => new Date(ms).toISOString();

function toZmw(limits: Limits): LimitsView {
  const view = {} as LimitsView;
  for (const kind of limitKinds) {
    const ngwee = limits[kind];
    view[kind] = ngwee === null ? null : ngweeToZmw(ngwee);
  }
  return view;
}

/** `GET /api/me/limits`: the limits in force and the changes still waiting. */
export async function limitsOf(
  q: Queryable,
  userId: string,
  now: number,
): Promise<LimitsView & { pending: PendingLimitView[] }> {
  const [limits, pending] = await Promise.all([
    effectiveLimits(q, userId, now),
    pendingLimits(q, userId, now),
  ]);
  return {
    ...toZmw(limits),
    pending: pending.map((p) => ({
      field: p.kind,
      value: p.amount === null ? null : ngweeToZmw(p.amount),
      effectiveAt: iso(p.effectiveAt),
    })),
  };
}

/** The fields of a `PUT /api/me/limits` body that are present, in ngwee. */
export function parseLimitChanges(body: unknown): Outcome<{ changes: Partial<Limits> }> {
  const b = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  const changes: Partial<Limits> = {};
  for (const kind of limitKinds) {
    if (!(kind in b)) continue;
    const value = (b as Record<string, unknown>)[kind];
    if (value === null) {
      changes[kind] = null;
      continue;
    }
    const ngwee = parseZmw(value);
    if (ngwee === null) return { ok: false, status: 400, ...withWords('invalid_play_limit') };
    changes[kind] = ngwee;
  }
  return { ok: true, changes };
}

/** `PUT /api/me/limits`: lower at once, higher or removed after 24 hours; left out: unchanged. */
export async function updateLimits(
  deps: PlayDeps,
  userId: string,
  body: unknown,
): Promise<Outcome<{ limits: Awaited<ReturnType<typeof limitsOf>> }>> {
  const parsed = parseLimitChanges(body);
  if (!parsed.ok) return parsed;
  const now = timeOf(deps);
  const limits = await deps.database.write(async (tx) => {
    await setLimits(tx, userId, parsed.changes, now);
    return limitsOf(tx, userId, now);
  });
  return { ok: true, limits };
}

function isPeriod(value: unknown): value is ExclusionPeriod {
  return typeof value === 'string' && (exclusionPeriods as readonly string[]).includes(value);
}

/** `POST /api/me/exclusion` `{period}` → `{exclusion: {until}}` (until null: permanent). */
export async function excludeSelf(
  deps: PlayDeps,
  userId: string,
  body: unknown,
): Promise<Outcome<{ exclusion: { until: string | null } }>> {
  const period =
    typeof body === 'object' && body !== null ? (body as { period?: unknown }).period : undefined;
  if (!isPeriod(period)) {
    return { ok: false, status: 400, ...withWords('invalid_period') };
  }
  const now = timeOf(deps);
  try {
    const { until } = await deps.database.write((tx) => startExclusion(tx, userId, period, now));
    return { ok: true, exclusion: { until: until === null ? null : iso(until) } };
  } catch (error) {
    if (error instanceof ExclusionRunningError) {
      return {
        ok: false,
        status: 409,
        error: refusalWords('exclusion_running', error.until),
        code: 'exclusion_running',
      };
    }
    throw error;
  }
}

/** What `user` carries: `exclusionUntil` (ISO, `"permanent"` or null) and the limits in force. */
export async function playFieldsOf(
  q: Queryable,
  userId: string,
  now: number,
): Promise<{ exclusionUntil: string | null; limits: LimitsView }> {
  const [exclusion, limits] = await Promise.all([
    activeExclusion(q, userId, now),
    effectiveLimits(q, userId, now),
  ]);
  const exclusionUntil =
    exclusion === null ? null : exclusion.until === null ? 'permanent' : iso(exclusion.until);
  return { exclusionUntil, limits: toZmw(limits) };
}

/**
 * What a form may say before it is filled (information only: the money's transactions still
 * decide): the running exclusion's end (ISO, `"permanent"` or null) and, in ZMW, how much more the
 * limits let through today (`null`: no limit).
 */
export async function allowanceOf(q: Queryable, userId: string, now: number) {
  const [{ exclusionUntil }, headroom] = await Promise.all([
    playFieldsOf(q, userId, now),
    headroomOf(q, userId, now),
  ]);
  const zmw = (ngwee: number | null) => (ngwee === null ? null : ngweeToZmw(ngwee));
  return { exclusionUntil, stakeLeft: zmw(headroom.stake), depositLeft: zmw(headroom.deposit) };
}

export type Allowance = Awaited<ReturnType<typeof allowanceOf>>;

/** `GET /api/me/play-summary`: today's (Lusaka) stakes, winnings, refunds and net result, in ZMW. */
export async function playSummaryOf(q: Queryable, userId: string, now: number) {
  const day = lusakaPeriod('day', now);
  const totals = await playTotalsIn(q, userId, day.start, day.end);
  return {
    date: lusakaDate(now),
    stakes: ngweeToZmw(totals.stakes),
    winnings: ngweeToZmw(totals.winnings),
    refunds: ngweeToZmw(totals.refunds),
    net: ngweeToZmw(totals.winnings + totals.refunds - totals.stakes),
  };
}

/** For the data export: every consent, limit request (pending ones included) and exclusion. */
export async function responsiblePlayExport(db: Queryable, userId: string) {
  const [consentRows, limitRows, exclusionRows] = await Promise.all([
    db.select().from(consents).where(eq(consents.userId, userId)).orderBy(asc(consents.acceptedAt)),
    db
      .select()
      .from(playLimits)
      .where(eq(playLimits.userId, userId))
      .orderBy(asc(playLimits.requestedAt)),
    db
      .select()
      .from(selfExclusions)
      .where(eq(selfExclusions.userId, userId))
      .orderBy(asc(selfExclusions.startedAt)),
  ]);
  return {
    consents: consentRows.map((row) => ({
      kind: row.kind,
      version: row.version,
      acceptedAt: iso(row.acceptedAt),
    })),
    limits: limitRows.map((row) => ({
      field: row.kind,
      value: row.amount === null ? null : ngweeToZmw(row.amount),
      requestedAt: iso(row.requestedAt),
      effectiveAt: iso(row.effectiveAt),
      cancelledAt: row.cancelledAt === null ? null : iso(row.cancelledAt),
    })),
    exclusions: exclusionRows.map((row) => ({
      period: row.period,
      startedAt: iso(row.startedAt),
      until: row.until === null ? null : iso(row.until),
    })),
  };
}
