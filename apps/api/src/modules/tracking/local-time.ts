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

/** A fixed offset is applied by shifting the instant and reading it in UTC. */
function shifted(at: Date, zone: VisitorZone): { at: Date; timeZone: string } {
  if ('offsetMinutes' in zone) return { at: new Date(at.getTime() - zone.offsetMinutes * 60_000), timeZone: 'UTC' };
  return { at, timeZone: zone.timeZone };
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, kind: 'day' | 'date' | 'time'): Intl.DateTimeFormat {
  const key = `${timeZone}|${kind}`;
  let f = formatters.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'day'
        ? { year: 'numeric', month: '2-digit', day: '2-digit' }
        : kind === 'date'
          ? { year: 'numeric', month: 'short', day: 'numeric' }
          : { hour: 'numeric', minute: '2-digit', hour12: true };
    f = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formatters.set(key, f);
  }
  return f;
}

/**
 * SPEC: en-US, 12-hour clock, the date only when the moment is not today in the visitor's zone:
 * '3:45 PM' or 'Mar 2, 2026, 3:45 PM'. ICU's narrow no-break space before AM/PM becomes a plain one.
 */
export function formatLocalTime(at: Date, now: Date, zone: VisitorZone): string {
  const local = shifted(at, zone);
  const today = shifted(now, zone);
  const time = formatter(local.timeZone, 'time')
    .format(local.at)
    .replace(/\u202f/g, ' ');
  const day = formatter(local.timeZone, 'day');
  if (day.format(local.at) === day.format(today.at)) return time;
  return `${formatter(local.timeZone, 'date').format(local.at)}, ${time}`;
}
