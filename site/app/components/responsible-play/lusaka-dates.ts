// Times of limits and exclusions as the server counts them: Lusaka's, whoever is looking. The same
// text on the server's render and in the browser, so hydration agrees.
const LUSAKA = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lusaka',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "12 March 2026 at 12:00 Lusaka time"; the raw text when it is not a date. */
export function formatLusakaTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${LUSAKA.format(date)} Lusaka time`;
}
