/** The schedule choices the form offers, written as RFC 5545 rule text and read back for display. */

export const WEEKDAYS = [
  { code: 'MO', short: 'Mon', long: 'Monday' },
  { code: 'TU', short: 'Tue', long: 'Tuesday' },
  { code: 'WE', short: 'Wed', long: 'Wednesday' },
  { code: 'TH', short: 'Thu', long: 'Thursday' },
  { code: 'FR', short: 'Fri', long: 'Friday' },
  { code: 'SA', short: 'Sat', long: 'Saturday' },
  { code: 'SU', short: 'Sun', long: 'Sunday' },
] as const;
export type TWeekday = (typeof WEEKDAYS)[number]['code'];

export type TRepeatKind = 'weekdays' | 'days' | 'interval' | 'monthly';

export interface TScheduleChoice {
  kind: TRepeatKind;
  /** For 'days': the chosen days of the week. */
  days: TWeekday[];
  /** For 'interval': every N days. */
  everyDays: number;
  /** For 'monthly': the day of the month (1-31). */
  monthDay: number;
  /** HH:MM in the business time zone. */
  time: string;
}

export const initialScheduleChoice = (): TScheduleChoice => ({ kind: 'weekdays', days: ['MO'], everyDays: 2, monthDay: 1, time: '16:00' });

/** The rule text for the API, or a message saying what is missing. */
export function ruleOf(choice: TScheduleChoice): { rrule: string } | { error: string } {
  switch (choice.kind) {
    case 'weekdays':
      return { rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR' };
    case 'days': {
      if (choice.days.length === 0) return { error: 'Choose at least one day of the week' };
      const days = WEEKDAYS.filter((d) => choice.days.includes(d.code)).map((d) => d.code);
      return { rrule: `FREQ=WEEKLY;BYDAY=${days.join(',')}` };
    }
    case 'interval':
      if (!Number.isInteger(choice.everyDays) || choice.everyDays < 1 || choice.everyDays > 366)
        return { error: 'Every how many days: a whole number from 1 to 366' };
      return { rrule: choice.everyDays === 1 ? 'FREQ=DAILY' : `FREQ=DAILY;INTERVAL=${choice.everyDays}` };
    case 'monthly':
      if (!Number.isInteger(choice.monthDay) || choice.monthDay < 1 || choice.monthDay > 31)
        return { error: 'Day of the month: a whole number from 1 to 31' };
      return { rrule: `FREQ=MONTHLY;BYMONTHDAY=${choice.monthDay}` };
  }
}

/** "4:00 PM" for "16:00". */
export const clock = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  if (Number.isNaN(h) || Number.isNaN(m)) return time;
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};
const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;

/** "Weekdays at 4:00 PM", "Mon, Wed at 8:00 AM", "Every 3 days at ...", "Monthly on the 15th at ..."; else the rule. */
export function describeSchedule(rrule: string, time: string): string {
  const parts = Object.fromEntries(rrule.split(';').map((p) => p.split('=') as [string, string]));
  const at = `at ${clock(time)}`;
  const interval = Number(parts.INTERVAL ?? 1);
  if (parts.FREQ === 'WEEKLY' && parts.BYDAY && interval === 1 && Object.keys(parts).length === 2) {
    const days = parts.BYDAY.split(',');
    if (days.join(',') === 'MO,TU,WE,TH,FR') return `Weekdays ${at}`;
    const names = WEEKDAYS.filter((d) => days.includes(d.code)).map((d) => d.short);
    if (names.length === days.length) return `${names.join(', ')} ${at}`;
  }
  if (parts.FREQ === 'DAILY' && !parts.BYDAY && !parts.BYMONTHDAY)
    return interval === 1 ? `Every day ${at}` : `Every ${interval} days ${at}`;
  if (parts.FREQ === 'MONTHLY' && parts.BYMONTHDAY && !parts.BYDAY && !parts.BYMONTHDAY.includes(','))
    return `Monthly on the ${ordinal(Number(parts.BYMONTHDAY))} ${at}`;
  return `${rrule} ${at}`;
}

/** "Mon, Mar 2, 4:00 PM" in the business time zone. */
export function formatOccurrence(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone,
  })
    .format(new Date(iso))
    .replace(/\u202f/g, ' ');
}

/** The business-zone date (YYYY-MM-DD) of an occurrence, as the skip call names it. */
export function occurrenceDate(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

/** Today's date (YYYY-MM-DD) in the browser's own zone, for a start-date default. */
export function todayDate(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
