// Lusaka time: UTC+2 all year (Zambia keeps no daylight saving). Days, weeks (from Monday) and
// months of play limits and daily summaries are Lusaka's.
export const LUSAKA_OFFSET_MS = 2 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type PeriodUnit = 'day' | 'week' | 'month';

export interface Period {
  /** First millisecond of the period (UTC epoch). */
  start: number;
  /** First millisecond of the next one: when a limit on it resets. */
  end: number;
}

/** The Lusaka day, week (Monday to Sunday) or calendar month that contains `now`. */
export function lusakaPeriod(unit: PeriodUnit, now: number): Period {
  const local = now + LUSAKA_OFFSET_MS;
  const dayStart = Math.floor(local / DAY_MS) * DAY_MS;
  if (unit === 'day') return shift({ start: dayStart, end: dayStart + DAY_MS });
  if (unit === 'week') {
    const mondayBased = (new Date(dayStart).getUTCDay() + 6) % 7;
    const start = dayStart - mondayBased * DAY_MS;
    return shift({ start, end: start + 7 * DAY_MS });
  }
  const date = new Date(dayStart);
  const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  const end = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  return shift({ start, end });
}

function shift(local: Period): Period {
  return { start: local.start - LUSAKA_OFFSET_MS, end: local.end - LUSAKA_OFFSET_MS };
}

/** `YYYY-MM-DD` of the Lusaka day that contains `now`. */
export function lusakaDate(now: number): string {
  return new Date(now + LUSAKA_OFFSET_MS).toISOString().slice(0, 10);
}
