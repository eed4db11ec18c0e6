import { isBusinessDay, localClock, localMoment } from '../../shared/business-time.js';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * When a required-by falls for the surcharges: at a weekend (Saturday or Sunday in the business time zone), or
 * outside the business day's hours on a weekday. `says` is the moment as the line prints it.
 */
export function requiredByTiming(
  requiredBy: Date | null,
  timeZone: string,
  hours: { open: number; close: number },
): { weekend: boolean; afterHours: boolean; says: string } | null {
  if (!requiredBy) return null;
  const m = localMoment(requiredBy, timeZone);
  const clock = localClock(requiredBy, timeZone);
  const weekday = WEEKDAYS[new Date(Date.UTC(m.year, m.month - 1, m.day)).getUTCDay()];
  const weekend = !isBusinessDay(m);
  const afterHours = !weekend && (m.seconds < hours.open || m.seconds > hours.close);
  return { weekend, afterHours, says: `${weekday} ${clock.date} ${clock.time}` };
}
