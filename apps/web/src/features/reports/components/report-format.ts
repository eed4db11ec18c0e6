/** "95%" or "–" when nothing was delivered. */
export const percent = (rate: number | null) => (rate === null ? '–' : `${Math.round(rate * 1000) / 10}%`);

/** "45 min", "2 h 05 min", or "–" without a figure. */
export function duration(minutes: number | null): string {
  if (minutes === null) return '–';
  const m = Math.round(minutes);
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

/** "Feb 2" for a day key (YYYY-MM-DD), read as a calendar day whatever the browser's zone. */
export const shortDay = (key: string) =>
  new Date(`${key}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
