import { describe, expect, it } from 'vitest';
import { nextOccurrences, occurrencesBetween, occursOn, ruleProblem } from './schedule.js';

const TZ = 'America/New_York';
const weekdays = { rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', time: '16:00', startsOn: '2026-03-02', endsOn: null };
const iso = (list: { requiredBy: Date }[]) => list.map((o) => o.requiredBy.toISOString());

describe('standing order schedules', () => {
  it('keeps 16:00 on the business clock across the spring daylight-saving change', () => {
    // Clocks go forward on Sunday 8 March 2026: 16:00 is 21:00Z before, 20:00Z after.
    const next = nextOccurrences(weekdays, new Date('2026-03-05T12:00:00Z'), TZ, 5, new Set());
    expect(iso(next)).toEqual([
      '2026-03-05T21:00:00.000Z',
      '2026-03-06T21:00:00.000Z',
      '2026-03-09T20:00:00.000Z',
      '2026-03-10T20:00:00.000Z',
      '2026-03-11T20:00:00.000Z',
    ]);
    expect(next.map((o) => o.date)).toEqual(['2026-03-05', '2026-03-06', '2026-03-09', '2026-03-10', '2026-03-11']);
  });

  it('keeps 16:00 across the autumn change, and an early-morning time on the changing day itself', () => {
    const next = nextOccurrences({ ...weekdays, startsOn: '2026-10-01' }, new Date('2026-10-30T12:00:00Z'), TZ, 2, new Set());
    expect(iso(next)).toEqual(['2026-10-30T20:00:00.000Z', '2026-11-02T21:00:00.000Z']);
    // 01:30 happens twice on 1 November; 03:00 on 8 March lands after the gap: one occurrence each.
    const daily = { rrule: 'FREQ=DAILY', time: '03:00', startsOn: '2026-03-07', endsOn: '2026-03-09' };
    expect(iso(occurrencesBetween(daily, new Date('2026-03-06T00:00:00Z'), new Date('2026-03-11T00:00:00Z'), TZ))).toEqual([
      '2026-03-07T08:00:00.000Z',
      '2026-03-08T07:00:00.000Z',
      '2026-03-09T07:00:00.000Z',
    ]);
  });

  it('offers every N days, chosen weekdays and a day of the month, skipping dates and stopping at the end date', () => {
    const everyThree = { rrule: 'FREQ=DAILY;INTERVAL=3', time: '09:30', startsOn: '2026-03-02', endsOn: null };
    expect(nextOccurrences(everyThree, new Date('2026-03-02T00:00:00Z'), TZ, 3, new Set()).map((o) => o.date)).toEqual([
      '2026-03-02',
      '2026-03-05',
      '2026-03-08',
    ]);
    const monWed = { rrule: 'FREQ=WEEKLY;BYDAY=MO,WE', time: '08:00', startsOn: '2026-03-02', endsOn: '2026-03-11' };
    expect(nextOccurrences(monWed, new Date('2026-03-01T00:00:00Z'), TZ, 9, new Set(['2026-03-04'])).map((o) => o.date)).toEqual([
      '2026-03-02',
      '2026-03-09',
      '2026-03-11',
    ]);
    const monthly = { rrule: 'FREQ=MONTHLY;BYMONTHDAY=31', time: '12:00', startsOn: '2026-01-01', endsOn: null };
    expect(nextOccurrences(monthly, new Date('2026-03-02T00:00:00Z'), TZ, 3, new Set()).map((o) => o.date)).toEqual([
      '2026-03-31',
      '2026-05-31',
      '2026-07-31',
    ]);
  });

  it('knows which dates are on the schedule', () => {
    expect(occursOn(weekdays, '2026-03-09', TZ)?.requiredBy.toISOString()).toBe('2026-03-09T20:00:00.000Z');
    expect(occursOn(weekdays, '2026-03-07', TZ)).toBeNull();
    expect(occursOn(weekdays, '2026-03-01', TZ)).toBeNull();
  });

  it('accepts rules of days and refuses times, starts and ends inside the rule', () => {
    expect(ruleProblem('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR')).toBeNull();
    expect(ruleProblem('RRULE:freq=monthly;bymonthday=15')).toBeNull();
    expect(ruleProblem('FREQ=DAILY;INTERVAL=2;COUNT=10')).toBeNull();
    expect(ruleProblem('FREQ=DAILY;BYHOUR=9')).toMatch(/BYHOUR is not allowed/);
    expect(ruleProblem('FREQ=DAILY;UNTIL=20260401')).toMatch(/endsOn/);
    expect(ruleProblem('FREQ=HOURLY')).toMatch(/FREQ=HOURLY is not valid/);
    expect(ruleProblem('BYDAY=MO')).toMatch(/FREQ is required/);
    expect(ruleProblem('FREQ=WEEKLY;BYDAY=XX')).toMatch(/BYDAY=XX/);
    expect(ruleProblem('FREQ=WEEKLY;FREQ=DAILY')).toMatch(/twice/);
    expect(ruleProblem('nonsense')).toMatch(/NAME=VALUE/);
  });
});
