/** Wall-clock arithmetic in the business time zone, without a date library. */

export interface LocalDay {
  year: number;
  month: number;
  day: number;
}
export interface LocalMoment extends LocalDay {
  /** Seconds since local midnight. */
  seconds: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** What a wall clock in `timeZone` shows at `at`. */
export function localMoment(at: Date, timeZone: string): LocalMoment {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    seconds: Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second),
  };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The wall clock in `timeZone` at `at` as text: the date (YYYY-MM-DD) and the time to the minute (HH:MM). */
export function localClock(at: Date, timeZone: string): { date: string; time: string } {
  const m = localMoment(at, timeZone);
  return {
    date: `${m.year}-${pad2(m.month)}-${pad2(m.day)}`,
    time: `${pad2(Math.floor(m.seconds / 3600))}:${pad2(Math.floor((m.seconds % 3600) / 60))}`,
  };
}

const offsetMs = (utcMs: number, timeZone: string) => {
  const m = localMoment(new Date(utcMs), timeZone);
  return Date.UTC(m.year, m.month - 1, m.day) + m.seconds * 1000 - Math.floor(utcMs / 1000) * 1000;
};

/** The instant a wall clock in `timeZone` shows `seconds` past midnight of `day` (DST-safe). */
export function instantOf(day: LocalDay, seconds: number, timeZone: string): Date {
  const asUtc = Date.UTC(day.year, day.month - 1, day.day) + seconds * 1000;
  const first = asUtc - offsetMs(asUtc, timeZone);
  const second = asUtc - offsetMs(first, timeZone);
  return new Date(second);
}

export function addDays(day: LocalDay, n: number): LocalDay {
  const d = new Date(Date.UTC(day.year, day.month - 1, day.day + n));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Mon-Fri; the service is closed at weekends. */
export const isBusinessDay = (day: LocalDay) => {
  const weekday = new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

export function nextBusinessDay(day: LocalDay): LocalDay {
  let d = addDays(day, 1);
  while (!isBusinessDay(d)) d = addDays(d, 1);
  return d;
}

const longFormatters = new Map<string, { dateTime: Intl.DateTimeFormat; zoneName: Intl.DateTimeFormat }>();
/** Made once per zone: building an Intl formatter costs about a millisecond, and an import formats hundreds of times. */
function longFormatter(timeZone: string) {
  let f = longFormatters.get(timeZone);
  if (!f) {
    f = {
      dateTime: new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short', hour12: true }),
      zoneName: new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }),
    };
    longFormatters.set(timeZone, f);
  }
  return f;
}

/** "Mar 2, 2026, 3:00 PM EST" in the business time zone; 'Not available' without a time. */
export function formatBusinessTime(at: Date | null, timeZone: string): string {
  if (!at) return 'Not available';
  const { dateTime, zoneName } = longFormatter(timeZone);
  const zone = zoneName.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
  return `${dateTime.format(at)} ${zone}`.trimEnd();
}
