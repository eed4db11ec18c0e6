import rrulePackage from 'rrule';
import { describe, expect, it } from 'vitest';
import { countEndsInReach, nextOccurrences, occurrencesBetween, occursOn, ruleProblem } from './schedule.js';

const { rrulestr } = rrulePackage;

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

  it('refuses a day of the month that none of the chosen months has', () => {
    expect(ruleProblem('FREQ=WEEKLY;BYDAY=MO;BYMONTHDAY=31;BYMONTH=2')).toMatch(/never occurs/);
    expect(ruleProblem('FREQ=YEARLY;BYMONTHDAY=30,31;BYMONTH=2')).toMatch(/never occurs/);
    expect(ruleProblem('FREQ=MONTHLY;BYMONTHDAY=-31;BYMONTH=4,6,9,11')).toMatch(/never occurs/);
    expect(ruleProblem('FREQ=YEARLY;BYMONTHDAY=29;BYMONTH=2')).toBeNull();
    expect(ruleProblem('FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=2,3')).toBeNull();
  });

  // Each expansion of a rule that never (or hardly ever) occurs walks a bounded stretch of the calendar: the
  // library alone walks to the year 9999, for seconds to minutes. The best of five runs leaves out the noise of
  // a loaded machine; 50 ms is the most any expansion may hold the event loop.
  const fastest = (run: () => unknown) => {
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      run();
      best = Math.min(best, performance.now() - started);
    }
    return best;
  };
  it.each([
    'FREQ=WEEKLY;BYDAY=MO;BYMONTHDAY=31;BYMONTH=2',
    'FREQ=MONTHLY;BYDAY=MO;BYMONTHDAY=31;BYMONTH=2',
    'FREQ=DAILY;BYDAY=MO;BYMONTHDAY=31;BYMONTH=2',
    'FREQ=YEARLY;BYDAY=MO;BYMONTHDAY=31;BYMONTH=2',
    'FREQ=DAILY;BYMONTHDAY=31;BYMONTH=2;BYSETPOS=1',
    'FREQ=MONTHLY;BYMONTHDAY=1;BYSETPOS=2',
    'FREQ=DAILY;BYDAY=MO;BYMONTHDAY=29;BYMONTH=2;COUNT=3',
    'FREQ=WEEKLY;INTERVAL=366;BYDAY=MO;BYMONTHDAY=13;BYMONTH=1',
  ])('expands %s within 50 ms, in the preview, the generator and a skip', (rrule) => {
    const never = { rrule, time: '09:00', startsOn: '2026-03-02', endsOn: null };
    const now = new Date('2030-06-01T12:00:00Z');
    expect(fastest(() => nextOccurrences(never, now, TZ, 5, new Set()))).toBeLessThan(50);
    expect(fastest(() => occurrencesBetween(never, now, new Date('2030-06-15T12:00:00Z'), TZ))).toBeLessThan(50);
    expect(fastest(() => occursOn(never, '2030-06-03', TZ))).toBeLessThan(50);
    expect(fastest(() => countEndsInReach(never))).toBeLessThan(50);
    expect(nextOccurrences(never, now, TZ, 5, new Set())).toEqual([]);
  });

  it('expands a rule started long ago exactly as the whole rule would, over a window as long as the preview looks', () => {
    const rules = [
      'FREQ=DAILY;INTERVAL=3',
      'FREQ=DAILY;BYDAY=MO,TH',
      'FREQ=WEEKLY',
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR',
      'FREQ=WEEKLY;INTERVAL=3;WKST=SU;BYDAY=SU,SA;BYSETPOS=-1',
      'FREQ=MONTHLY',
      'FREQ=MONTHLY;INTERVAL=5;BYDAY=2TU',
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
      'FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=31',
      'FREQ=YEARLY',
      'FREQ=YEARLY;INTERVAL=2;BYMONTH=3;BYDAY=-1FR',
      'FREQ=YEARLY;BYDAY=20MO',
      'FREQ=WEEKLY;BYDAY=MO;BYMONTHDAY=29;BYMONTH=2',
    ];
    for (const rrule of rules) {
      for (const startsOn of ['2019-01-31', '2021-07-04', '2023-12-29']) {
        const schedule = { rrule, time: '12:00', startsOn, endsOn: null };
        const from = new Date('2027-02-20T00:00:00Z');
        const to = new Date('2029-02-20T00:00:00Z');
        const ours = occurrencesBetween(schedule, from, to, TZ).map((o) => o.date);
        const [y, m, d] = startsOn.split('-').map(Number);
        const whole = rrulestr(rrule, { dtstart: new Date(Date.UTC(y, m - 1, d)) })
          .between(new Date('2027-02-20T00:00:00Z'), new Date('2029-02-19T00:00:00Z'), true)
          .map((date) => date.toISOString().slice(0, 10));
        expect(ours, `${rrule} from ${startsOn}`).toEqual(whole);
      }
    }
  });

  it('knows whether a rule with COUNT can be expanded whole', () => {
    expect(countEndsInReach({ rrule: 'FREQ=DAILY;COUNT=700', time: '09:00', startsOn: '2026-03-02', endsOn: null })).toBe(true);
    expect(countEndsInReach({ rrule: 'FREQ=YEARLY;COUNT=3', time: '09:00', startsOn: '2026-03-02', endsOn: null })).toBe(true);
    expect(countEndsInReach({ rrule: 'FREQ=DAILY;COUNT=1000', time: '09:00', startsOn: '2026-03-02', endsOn: null })).toBe(false);
    expect(countEndsInReach({ rrule: 'FREQ=WEEKLY', time: '09:00', startsOn: '2026-03-02', endsOn: null })).toBe(true);
  });
});
