import { localMoment } from '../../shared/business-time.js';

/**
 * Where a visitor's clock is: the browser's offset (JS getTimezoneOffset, minutes, 300 for New York in
 * winter) or, without one, the business time zone.
 */
export type VisitorZone = { offsetMinutes: number } | { timeZone: string };

/** Real offsets run from UTC-12 to UTC+14; anything else is ignored rather than refused. */
export function visitorZone(header: string | string[] | undefined, businessTimeZone: string): VisitorZone {
  const raw = Array.isArray(header) ? header[0] : header;
  if (raw !== undefined && /^\s*[-+]?\d{1,4}\s*$/.test(raw)) {
    const minutes = Number(raw);
    if (minutes >= -840 && minutes <= 720) return { offsetMinutes: minutes };
  }
  return { timeZone: businessTimeZone };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const QUARTER_HOUR = 15 * 60_000;
const DAY = 24 * 60 * 60_000;
const offsets = new Map<string, number>();

/** Minutes a named zone is ahead of UTC at a quarter hour (offsets change on one at most), through Intl. */
function offsetAtQuarter(timeZone: string, quarter: number): number {
  const m = localMoment(new Date(quarter), timeZone);
  return (Date.UTC(m.year, m.month - 1, m.day) + m.seconds * 1000 - quarter) / 60_000;
}

function cached(key: string, compute: () => number): number {
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const value = compute();
  if (offsets.size > 20_000) offsets.clear();
  offsets.set(key, value);
  return value;
}

/**
 * Minutes a named zone is ahead of UTC at an instant. Intl is slow, so offsets are kept per UTC day: a day
 * that starts and ends on the same offset has it throughout; only a day with a change is looked up by quarter hour.
 */
function zoneOffset(timeZone: string, at: number): number {
  const day = Math.floor(at / DAY) * DAY;
  const start = cached(`${timeZone}|${day}`, () => offsetAtQuarter(timeZone, day));
  const end = cached(`${timeZone}|${day + DAY}`, () => offsetAtQuarter(timeZone, day + DAY));
  if (start === end) return start;
  const quarter = Math.floor(at / QUARTER_HOUR) * QUARTER_HOUR;
  return cached(`${timeZone}|${quarter}`, () => offsetAtQuarter(timeZone, quarter));
}

/** The wall clock as a UTC date: a fixed browser offset is applied as is, a named zone through its rules. */
function wallClock(at: Date, zone: VisitorZone): Date {
  const ms = at.getTime();
  if ('offsetMinutes' in zone) return new Date(ms - zone.offsetMinutes * 60_000);
  return new Date(ms + zoneOffset(zone.timeZone, ms) * 60_000);
}

/**
 * Times read en-US on a 12-hour clock, the date only when the moment is not today in the visitor's zone:
 * '3:45 PM' or 'Mar 2, 2026, 3:45 PM'. Written by hand: Intl's formatting was a tenth of public tracking's CPU.
 */
export function formatLocalTime(at: Date, now: Date, zone: VisitorZone): string {
  const local = wallClock(at, zone);
  const today = wallClock(now, zone);
  const h = local.getUTCHours();
  const time = `${h % 12 || 12}:${String(local.getUTCMinutes()).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
  const day = local.getUTCDate();
  const sameDay =
    day === today.getUTCDate() && local.getUTCMonth() === today.getUTCMonth() && local.getUTCFullYear() === today.getUTCFullYear();
  if (sameDay) return time;
  return `${MONTHS[local.getUTCMonth()]} ${day}, ${local.getUTCFullYear()}, ${time}`;
}
