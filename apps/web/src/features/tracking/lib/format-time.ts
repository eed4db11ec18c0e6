/**
 * En-US, 12-hour clock, the date only when the moment is not today. The browser formats
 * in its own time zone, which unlike a single offset sent to the server also gets past DST changes right.
 */
export function formatEventTime(iso: string, now: Date = new Date(), timeZone?: string): string | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone })
    .format(at)
    // ICU puts a narrow no-break space before AM/PM; a plain one reads and matches the same.
    .replace(/\u202f/g, ' ');
  const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
  if (day.format(at) === day.format(now)) return time;
  const date = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone }).format(at);
  return `${date}, ${time}`;
}
