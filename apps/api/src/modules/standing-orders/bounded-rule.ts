import rrulePackage, { type Options } from 'rrule';

// rrule ships CommonJS for Node: its named exports come through the default import.
const { RRule } = rrulePackage;

const DAY_MS = 86_400_000;
const YEARLY = 0;
const MONTHLY = 1;
const WEEKLY = 2;
const DAILY = 3;

/**
 * The most periods of each FREQ one expansion may walk: about two years and two months of the calendar, enough
 * for any window up to HORIZON_DAYS (schedule.ts). rrule walks period after period until it meets a date past
 * the window, so a rule that never matches would walk to the year 9999 with the event loop blocked for seconds
 * to minutes; with this cap any expansion takes a few milliseconds.
 */
export const MAX_PERIODS: Record<number, number> = { [YEARLY]: 5, [MONTHLY]: 32, [WEEKLY]: 120, [DAILY]: 800 };

export interface Expansion {
  /** Floating dates (UTC midnights standing for days of the business calendar), in order. */
  dates: Date[];
  /** False when the cap stopped the walk before the window's last day: dates may be missing. */
  complete: boolean;
}

/** The fewest days a period has: a span of d days touches at most floor(d / this) + 2 periods. */
const shortestPeriod = (freq: number) => (freq === YEARLY ? 365 : freq === MONTHLY ? 28 : freq === WEEKLY ? 7 : 1);
const monthIndex = (d: Date) => d.getUTCFullYear() * 12 + d.getUTCMonth();
const utcDay = (year: number, monthZeroBased: number, day: number) => new Date(Date.UTC(year, monthZeroBased, day));

/**
 * The rule with the parts rrule would take from its start written out (the day of the month, the weekday), so
 * it can start from a later period and mean the same.
 */
function withImplicitParts(options: Partial<Options>, start: Date): Partial<Options> {
  const hasDayPart = [options.bymonthday, options.byweekday, options.byyearday, options.byweekno].some(
    (v) => v !== undefined && v !== null && (!Array.isArray(v) || v.length > 0),
  );
  if (hasDayPart) return options;
  if (options.freq === YEARLY) return { ...options, bymonth: options.bymonth ?? start.getUTCMonth() + 1, bymonthday: start.getUTCDate() };
  if (options.freq === MONTHLY) return { ...options, bymonthday: start.getUTCDate() };
  if (options.freq === WEEKLY) return { ...options, byweekday: (start.getUTCDay() + 6) % 7 };
  return options;
}

/** The first day of the rule's last period that starts on or before `target` (or `start` when none is later). */
function periodStartBefore(freq: number, interval: number, wkst: number, start: Date, target: Date): Date {
  if (target <= start) return start;
  if (freq === YEARLY) {
    const years = Math.floor((target.getUTCFullYear() - start.getUTCFullYear()) / interval) * interval;
    return years > 0 ? utcDay(start.getUTCFullYear() + years, 0, 1) : start;
  }
  if (freq === MONTHLY) {
    const months = Math.floor((monthIndex(target) - monthIndex(start)) / interval) * interval;
    return months > 0 ? utcDay(start.getUTCFullYear(), start.getUTCMonth() + months, 1) : start;
  }
  if (freq === WEEKLY) {
    // rrule's weeks begin on WKST (0 = Monday): the first is the partial week holding the start.
    const intoWeek = (((start.getUTCDay() + 6 - wkst) % 7) + 7) % 7;
    const weekStart = new Date(start.getTime() - intoWeek * DAY_MS);
    const weeks = Math.floor((target.getTime() - weekStart.getTime()) / (7 * DAY_MS * interval)) * interval;
    return weeks > 0 ? new Date(weekStart.getTime() + weeks * 7 * DAY_MS) : start;
  }
  const days = Math.floor((target.getTime() - start.getTime()) / (DAY_MS * interval)) * interval;
  return new Date(start.getTime() + days * DAY_MS);
}

/**
 * The dates of an RFC 5545 rule of days (no UNTIL, no time parts) between `first` and `last` inclusive, with
 * `start` as its DTSTART, in bounded time: a rule without COUNT starts from its last period before the window
 * (so an old rule costs no more than a new one), and the walk stops after the window's periods or
 * MAX_PERIODS, whichever comes first, whether or not the rule ever matches. `keep` and `limit` stop
 * early: at most `limit` dates that `keep` accepts.
 */
export function expandRule(
  ruleText: string,
  start: Date,
  first: Date,
  last: Date,
  opts: { limit?: number; keep?: (date: Date) => boolean } = {},
): Expansion {
  const written = withImplicitParts(RRule.parseString(ruleText), start);
  const parsed = new RRule({ ...written, dtstart: start }, true).options;
  const from = written.count ? start : periodStartBefore(parsed.freq, parsed.interval, parsed.wkst ?? 0, start, first);
  const spanDays = Math.max(0, (last.getTime() - from.getTime()) / DAY_MS);
  // Every period the window touches (rrule needs no more: past them, the walk is past the window).
  const needed = Math.ceil(spanDays / (shortestPeriod(parsed.freq) * parsed.interval)) + 2;
  const allowed = MAX_PERIODS[parsed.freq] ?? MAX_PERIODS[DAILY];
  const periods = Math.min(needed, allowed);

  const rule = new RRule({ ...written, dtstart: from }, true);
  // rrule has no cap on periods without a match. Its walk reads `interval` once at the start and twice a period
  // (the "interval 0" check, then the step to the next period), and stops when it reads 0: the only hook it has.
  const interval = rule.options.interval;
  let reads = 0;
  let cut = false;
  const capped = { ...rule.options };
  Object.defineProperty(capped, 'interval', {
    enumerable: true,
    get: () => {
      reads++;
      if (reads <= 2 * periods + 1) return interval;
      cut = true;
      return 0;
    },
  });
  rule.options = capped;

  const limit = opts.limit ?? Number.POSITIVE_INFINITY;
  const dates: Date[] = [];
  rule.between(first, last, true, (date) => {
    // A step read as 0 repeats the last period once: keep each date once.
    if (dates.length > 0 && date.getTime() <= dates[dates.length - 1].getTime()) return true;
    if (opts.keep && !opts.keep(date)) return true;
    dates.push(date);
    return dates.length < limit;
  });
  return { dates, complete: !(cut && needed > allowed) };
}
