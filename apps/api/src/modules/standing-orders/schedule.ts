import rrulePackage from 'rrule';
import { addDays, instantOf, type LocalDay, localMoment } from '../../shared/business-time.js';

// rrule ships CommonJS for Node: its named exports come through the default import.
const { rrulestr } = rrulePackage;

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

/** Checks RFC 5545 rule text for a schedule of days; null when good, else why not. */
export function ruleProblem(rule: string): string | null {
  const text = rule
    .trim()
    .replace(/^RRULE:/i, '')
    .toUpperCase();
  const seen = new Set<string>();
  for (const part of text.split(';')) {
    const [key, value, extra] = part.split('=');
    if (!key || value === undefined || extra !== undefined) return `"${part}" is not NAME=VALUE`;
    if (REFUSED[key]) return `${key} is not allowed: ${REFUSED[key]}`;
    const check = PARTS[key];
    if (!check) return `${key} is not a supported rule part`;
    if (seen.has(key)) return `${key} appears twice`;
    seen.add(key);
    if (!check(value)) return `${key}=${value} is not valid`;
  }
  if (!seen.has('FREQ')) return 'FREQ is required (DAILY, WEEKLY, MONTHLY or YEARLY)';
  return null;
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

/**
 * Occurrences whose required-by lies in [from, to]. The rule runs over "floating" dates (UTC midnights standing
 * for days of the business calendar), and each date gets `time` on the business wall clock, so 16:00 stays
 * 16:00 across daylight-saving changes.
 */
export function occurrencesBetween(schedule: StoredSchedule, from: Date, to: Date, timeZone: string): Occurrence[] {
  if (to.getTime() < from.getTime()) return [];
  const rule = rrulestr(normalizeRule(schedule.rrule), { dtstart: floating(dayOf(schedule.startsOn)) });
  // A day either side: the zone's offset moves an instant's date by at most one.
  const firstDay = addDays(localMoment(from, timeZone), -1);
  const lastDay = addDays(localMoment(to, timeZone), 1);
  const seconds = secondsOf(schedule.time);
  const out: Occurrence[] = [];
  for (const d of rule.between(floating(firstDay), floating(lastDay), true)) {
    const day = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
    const date = dateOf(day);
    if (date < schedule.startsOn || (schedule.endsOn && date > schedule.endsOn)) continue;
    const requiredBy = instantOf(day, seconds, timeZone);
    if (requiredBy.getTime() >= from.getTime() && requiredBy.getTime() <= to.getTime()) out.push({ date, requiredBy });
  }
  return out;
}

/** The next `count` occurrences after `from` that are not in `skip`, looking at most two years ahead. */
export function nextOccurrences(schedule: StoredSchedule, from: Date, timeZone: string, count: number, skip: ReadonlySet<string>) {
  const out: Occurrence[] = [];
  let start = from;
  for (let window = 0; window < 8 && out.length < count; window++) {
    const end = new Date(start.getTime() + 92 * 86_400_000);
    for (const o of occurrencesBetween(schedule, start, end, timeZone)) {
      if (o.requiredBy.getTime() > from.getTime() && !skip.has(o.date) && out.length < count) out.push(o);
    }
    start = new Date(end.getTime() + 1);
  }
  return out;
}

/** Whether the schedule has an occurrence on this business date. */
export function occursOn(schedule: StoredSchedule, date: string, timeZone: string): Occurrence | null {
  const day = dayOf(date);
  const start = instantOf(day, 0, timeZone);
  const end = instantOf(addDays(day, 1), 0, timeZone);
  return occurrencesBetween(schedule, start, new Date(end.getTime() - 1), timeZone).find((o) => o.date === date) ?? null;
}
