import { addDays, instantOf, type LocalDay, localClock } from '../../shared/business-time.js';

export const dayOf = (text: string): LocalDay => {
  const [year, month, day] = text.split('-').map(Number);
  return { year, month, day };
};
export const dayText = (d: LocalDay) => `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
/** Today in the business time zone (YYYY-MM-DD). */
export const businessToday = (now: Date, timeZone: string) => localClock(now, timeZone).date;
export const plusDays = (day: string, n: number) => dayText(addDays(dayOf(day), n));
/** Days from `a` to `b` (b - a). */
export const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
/** The first instant of `from` and of the day after `to`, in the business time zone. */
export const periodInstants = (from: string, to: string, timeZone: string) => ({
  start: instantOf(dayOf(from), 0, timeZone),
  end: instantOf(addDays(dayOf(to), 1), 0, timeZone),
});
