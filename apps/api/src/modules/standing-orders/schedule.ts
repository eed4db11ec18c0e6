import { addDays, instantOf, type LocalDay, localMoment } from '../../shared/business-time.js';
import { expandRule } from './bounded-rule.js';

/** A standing order's schedule as stored: rule text, time of day and dates in the business time zone. */
export interface StoredSchedule {
  rrule: string;
  time: string;
  startsOn: string;
  endsOn: string | null;
}

export interface Occurrence {
  /** The business-day date, YYYY-MM-DD. */
  date: string;
  requiredBy: Date;
}

const FREQS = new Set(['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']);
const DAY = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/;
const intIn = (value: string, min: number, max: number) => /^[+-]?\d+$/.test(value) && +value >= min && +value <= max;
const listOf = (value: string, ok: (v: string) => boolean) => value.split(',').every((v) => v !== '' && ok(v));

/** What each allowed rule part accepts; the time of day comes from `time`, the start from startsOn. */
const PARTS: Record<string, (v: string) => boolean> = {
  FREQ: (v) => FREQS.has(v),
  INTERVAL: (v) => intIn(v, 1, 366),
  COUNT: (v) => intIn(v, 1, 10_000),
  BYDAY: (v) => listOf(v, (d) => DAY.test(d)),
  BYMONTHDAY: (v) => listOf(v, (d) => intIn(d, -31, 31) && +d !== 0),
  BYMONTH: (v) => listOf(v, (m) => intIn(m, 1, 12)),
  BYSETPOS: (v) => listOf(v, (p) => intIn(p, -366, 366) && +p !== 0),
  WKST: (v) => DAY.test(v) && !/\d/.test(v),
};
const REFUSED: Record<string, string> = {
  DTSTART: 'use startsOn for the first date',
  UNTIL: 'use endsOn for the last date',
  BYHOUR: 'the time of day is schedule.time',
  BYMINUTE: 'the time of day is schedule.time',
  BYSECOND: 'the time of day is schedule.time',
};

/** The longest each month can be (February in a leap year). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A BYMONTHDAY that none of the BYMONTH months has (the 31st of February): the rule can never occur. */
function impossibleMonthDay(byMonthDay: string | undefined, byMonth: string | undefined): string | null {
  if (!byMonthDay || !byMonth) return null;
  const days = byMonthDay.split(',').map((d) => Math.abs(+d));
  const months = byMonth.split(',').map(Number);
  if (months.some((m) => days.some((d) => d <= MONTH_DAYS[m - 1]))) return null;
  return `BYMONTHDAY=${byMonthDay} falls in none of BYMONTH=${byMonth}: the rule never occurs`;
}

/** Checks RFC 5545 rule text for a schedule of days; null when good, else why not. */
export function ruleProblem(rule: string): string | null {
  const text = rule
    .trim()
    .replace(/^RRULE:/i, '')
    .toUpperCase();
  const seen = new Map<string, string>();
  for (const part of text.split(';')) {
    const [key, value, extra] = part.split('=');
    if (!key || value === undefined || extra !== undefined) return `"${part}" is not NAME=VALUE`;
    if (REFUSED[key]) return `${key} is not allowed: ${REFUSED[key]}`;
    const check = PARTS[key];
    if (!check) return `${key} is not a supported rule part`;
    if (seen.has(key)) return `${key} appears twice`;
    seen.set(key, value);
    if (!check(value)) return `${key}=${value} is not valid`;
  }
  if (!seen.has('FREQ')) return 'FREQ is required (DAILY, WEEKLY, MONTHLY or YEARLY)';
  return impossibleMonthDay(seen.get('BYMONTHDAY'), seen.get('BYMONTH'));
}

/** The rule as stored: upper-case, without an RRULE: prefix. */
export const normalizeRule = (rule: string) =>
  rule
    .trim()
    .replace(/^RRULE:/i, '')
    .toUpperCase();

const dayOf = (date: string): LocalDay => {
  const [year, month, day] = date.split('-').map(Number);
  return { year, month, day };
};
export const dateOf = (day: LocalDay) => `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
const floating = (day: LocalDay) => new Date(Date.UTC(day.year, day.month - 1, day.day));
const secondsOf = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return h * 3600 + m * 60;
};

/** The business-zone date an instant falls on. */
export const businessDate = (at: Date, timeZone: string) => dateOf(localMoment(at, timeZone));

/** How far ahead the next occurrences are looked for, and within which a new rule must occur at least once. */
export const HORIZON_DAYS = 731;

interface Walk {
  occurrences: Occurrence[];
  /** False when the walk was cut short by its cap: occurrences may be missing. */
  complete: boolean;
}

/**
 * Occurrences on the business days from firstDay to lastDay that `keep` accepts, at most `limit`. The rule runs
 * over "floating" dates (UTC midnights standing for days of the business calendar), and each date gets `time`
 * on the business wall clock, so 16:00 stays 16:00 across daylight-saving changes. The walk is bounded
 * (bounded-rule.ts): an impossible or sparse rule costs no more than a dense one.
 */
function walk(
  schedule: StoredSchedule,
  firstDay: LocalDay,
  lastDay: LocalDay,
  timeZone: string,
  keep: (o: Occurrence) => boolean,
  limit?: number,
): Walk {
  const seconds = secondsOf(schedule.time);
  const occurrences: Occurrence[] = [];
  const { complete } = expandRule(
    normalizeRule(schedule.rrule),
    floating(dayOf(schedule.startsOn)),
    floating(firstDay),
    floating(lastDay),
    {
      limit,
      keep: (d) => {
        const day = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
        const date = dateOf(day);
        if (date < schedule.startsOn || (schedule.endsOn && date > schedule.endsOn)) return false;
        const occurrence = { date, requiredBy: instantOf(day, seconds, timeZone) };
        if (!keep(occurrence)) return false;
        occurrences.push(occurrence);
        return true;
      },
    },
  );
  return { occurrences, complete };
}

/** Occurrences whose required-by lies in [from, to]. */
export function occurrencesBetween(schedule: StoredSchedule, from: Date, to: Date, timeZone: string): Occurrence[] {
  if (to.getTime() < from.getTime()) return [];
  // A day either side: the zone's offset moves an instant's date by at most one.
  const firstDay = addDays(localMoment(from, timeZone), -1);
  const lastDay = addDays(localMoment(to, timeZone), 1);
  const within = (o: Occurrence) => o.requiredBy.getTime() >= from.getTime() && o.requiredBy.getTime() <= to.getTime();
  return walk(schedule, firstDay, lastDay, timeZone, within).occurrences;
}

/** The next `count` occurrences after `from` that are not in `skip`, looking HORIZON_DAYS ahead; and whether the walk was whole. */
export function upcomingOccurrences(
  schedule: StoredSchedule,
  from: Date,
  timeZone: string,
  count: number,
  skip: ReadonlySet<string>,
): Walk {
  const firstDay = addDays(localMoment(from, timeZone), -1);
  const lastDay = addDays(firstDay, HORIZON_DAYS + 2);
  const upcoming = (o: Occurrence) => o.requiredBy.getTime() > from.getTime() && !skip.has(o.date);
  return walk(schedule, firstDay, lastDay, timeZone, upcoming, count);
}

/** The next `count` occurrences after `from` that are not in `skip`, looking at most two years ahead. */
export function nextOccurrences(schedule: StoredSchedule, from: Date, timeZone: string, count: number, skip: ReadonlySet<string>) {
  return upcomingOccurrences(schedule, from, timeZone, count, skip).occurrences;
}

/**
 * Whether a rule with COUNT reaches its last date within the walk's cap from its start (MAX_PERIODS, about two
 * years): a longer one could not be expanded whole later. Rules without COUNT always can.
 */
export function countEndsInReach(schedule: StoredSchedule): boolean {
  if (!/(^|;)COUNT=/.test(normalizeRule(schedule.rrule))) return true;
  const start = floating(dayOf(schedule.startsOn));
  const farAhead = new Date(start.getTime() + 100 * 366 * 86_400_000);
  return expandRule(normalizeRule(schedule.rrule), start, start, farAhead).complete;
}

/** Whether the schedule has an occurrence on this business date. */
export function occursOn(schedule: StoredSchedule, date: string, timeZone: string): Occurrence | null {
  const day = dayOf(date);
  const start = instantOf(day, 0, timeZone);
  const end = instantOf(addDays(day, 1), 0, timeZone);
  return occurrencesBetween(schedule, start, new Date(end.getTime() - 1), timeZone).find((o) => o.date === date) ?? null;
}
