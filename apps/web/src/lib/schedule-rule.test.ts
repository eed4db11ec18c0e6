import { describe, expect, it } from 'vitest';
import { describeSchedule, formatOccurrence, initialScheduleChoice, occurrenceDate, ruleOf } from './schedule-rule';

describe('schedule choices', () => {
  it('writes each choice as RFC 5545 rule text', () => {
    const base = initialScheduleChoice();
    expect(ruleOf(base)).toEqual({ rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR' });
    expect(ruleOf({ ...base, kind: 'days', days: ['FR', 'MO'] })).toEqual({ rrule: 'FREQ=WEEKLY;BYDAY=MO,FR' });
    expect(ruleOf({ ...base, kind: 'days', days: [] })).toEqual({ error: 'Choose at least one day of the week' });
    expect(ruleOf({ ...base, kind: 'interval', everyDays: 3 })).toEqual({ rrule: 'FREQ=DAILY;INTERVAL=3' });
    expect(ruleOf({ ...base, kind: 'interval', everyDays: 0 })).toHaveProperty('error');
    expect(ruleOf({ ...base, kind: 'monthly', monthDay: 15 })).toEqual({ rrule: 'FREQ=MONTHLY;BYMONTHDAY=15' });
    expect(ruleOf({ ...base, kind: 'monthly', monthDay: 32 })).toHaveProperty('error');
  });

  it('reads rules back in words', () => {
    expect(describeSchedule('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '16:00')).toBe('Weekdays at 4:00 PM');
    expect(describeSchedule('FREQ=WEEKLY;BYDAY=MO,WE', '08:05')).toBe('Mon, Wed at 8:05 AM');
    expect(describeSchedule('FREQ=DAILY;INTERVAL=3', '00:30')).toBe('Every 3 days at 12:30 AM');
    expect(describeSchedule('FREQ=MONTHLY;BYMONTHDAY=22', '12:00')).toBe('Monthly on the 22nd at 12:00 PM');
    expect(describeSchedule('FREQ=YEARLY;BYMONTH=3', '12:00')).toBe('FREQ=YEARLY;BYMONTH=3 at 12:00 PM');
  });

  it('shows occurrences on the business clock', () => {
    expect(formatOccurrence('2026-03-09T20:00:00.000Z', 'America/New_York')).toBe('Mon, Mar 9, 4:00 PM');
    expect(occurrenceDate('2026-03-10T03:00:00.000Z', 'America/New_York')).toBe('2026-03-09');
  });
});
