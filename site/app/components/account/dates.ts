// Dates as people read them. Only ever rendered in the browser (the data arrives by fetch), so the
// server's time zone never leaks into the page and hydration never disagrees.

const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });

/** "22 Nov 2026, 14:05" in the viewer's time zone; the raw text when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
}

/** "22 Nov". */
export function formatDay(date: Date): string {
  return DAY.format(date);
}
