// Dates as people read them, on Lusaka's clock (the product's, as the limits and the revenue per
// day count it): pages are rendered on the server, so the server's own time zone must never show,
// and an island hydrated in the browser must render the very same text.

const LUSAKA = 'Africa/Lusaka';

const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: LUSAKA,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const DAY = new Intl.DateTimeFormat('en-GB', { timeZone: LUSAKA, day: 'numeric', month: 'short' });

/** "22 Nov 2026, 14:05" in Lusaka; the raw text when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
}

/** "22 Nov". */
export function formatDay(date: Date): string {
  return DAY.format(date);
}

const DAY_KEY = new Intl.DateTimeFormat('en-CA', {
  timeZone: LUSAKA,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Lusaka day a moment falls on, as `YYYY-MM-DD` (sorts as the days do). */
export function lusakaDayOf(date: Date): string {
  return DAY_KEY.format(date);
}

/** Midday (UTC) of a `YYYY-MM-DD` day: a moment that `formatDay` reads as that very day. */
export function middayOf(day: string): Date {
  return new Date(`${day}T12:00:00Z`);
}
