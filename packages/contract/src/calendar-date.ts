/** A day (YYYY-MM-DD), optionally with a time of day and an offset, as ISO 8601 writes them. */
const ISO_DAY_OR_INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Whether the text is an ISO date or date-time on a day the calendar has. `new Date` alone reads 30 February
 * as 2 March, so every date the contract accepts is checked here first.
 */
export function isRealCalendarDate(text: string): boolean {
  const parts = ISO_DAY_OR_INSTANT.exec(text);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year); // Date.UTC reads years 0-99 as 1900-1999
  const sameDay = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return sameDay && !Number.isNaN(Date.parse(text));
}
