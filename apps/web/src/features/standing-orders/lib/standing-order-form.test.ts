import type { TStandingOrder } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { specimenStandingOrder } from '@/testing/fixtures';
import { changesOf, choiceOf, formOf, ZStandingOrderForm } from './standing-order-form';

const order = (over: Partial<TStandingOrder> = {}): TStandingOrder => specimenStandingOrder({ preApproved: true, ...over });

describe('the standing-order form', () => {
  it('reads each picker pattern back from its rule, and nothing else', () => {
    expect(choiceOf('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '16:00')).toMatchObject({ kind: 'weekdays', time: '16:00' });
    expect(choiceOf('FREQ=WEEKLY;BYDAY=TU,TH', '07:30')).toMatchObject({ kind: 'days', days: ['TU', 'TH'] });
    expect(choiceOf('FREQ=DAILY;INTERVAL=3', '09:00')).toMatchObject({ kind: 'interval', everyDays: 3 });
    expect(choiceOf('FREQ=DAILY', '09:00')).toMatchObject({ kind: 'interval', everyDays: 1 });
    expect(choiceOf('FREQ=MONTHLY;BYMONTHDAY=15', '12:00')).toMatchObject({ kind: 'monthly', monthDay: 15 });
    expect(choiceOf('FREQ=MONTHLY;BYDAY=1MO', '12:00')).toBeNull();
    expect(choiceOf('FREQ=WEEKLY;BYDAY=MO;INTERVAL=2', '12:00')).toBeNull();
  });

  it('sends only what changed, so an untouched order keeps its pre-approval', () => {
    const { form, customRule } = formOf(order());
    expect(form).toMatchObject({ specimen: true, collectionTime: '09:00', startsOn: '2026-03-02', endsOn: '' });
    expect(changesOf(order(), form, customRule, false)).toEqual({});
    const later = { ...form, schedule: { ...form.schedule, time: '09:30' }, collectionTime: '06:00', endsOn: '2026-06-30' };
    expect(changesOf(order(), later, customRule, true)).toEqual({
      schedule: { rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', time: '09:30' },
      endsOn: '2026-06-30',
      specimen: { category: 'UN3373', stableForHours: 12, collectionTime: '06:00' },
    });
  });

  it('keeps a rule set through the API unless the pattern is touched', () => {
    const custom = order({ schedule: { rrule: 'FREQ=MONTHLY;BYDAY=1MO', time: '08:00' } });
    const { form, customRule } = formOf(custom);
    expect(customRule).toBe(true);
    expect(changesOf(custom, { ...form, startsOn: '2026-04-01' }, customRule, false)).toEqual({ startsOn: '2026-04-01' });
  });

  it('asks for a specimen collection time, a day in the picker and dates in order, with the contract words', () => {
    const { form } = formOf(order());
    const bad = ZStandingOrderForm.safeParse({
      ...form,
      collectionTime: '',
      endsOn: '2026-03-01',
      schedule: { ...form.schedule, kind: 'days', days: [] },
    });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries((bad.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({
      'schedule.kind': 'Choose at least one day of the week',
      endsOn: 'End date must be on or after the start date',
      collectionTime: 'Specimen collection time is required',
    });
    expect(ZStandingOrderForm.safeParse({ ...form, startsOn: '2026-02-30' }).error?.issues[0].message).toBe(
      'Start date must be a real date',
    );
  });
});
