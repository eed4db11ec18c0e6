import type { TDeliveryType } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { estimateDelivery } from './estimate-delivery.js';

// 2026-03-02 is a Monday; New York moves to summer time on Sunday 2026-03-08 (EST -5, then EDT -4).
const cases: Array<{ why: string; type: TDeliveryType; booked: string; expected: string; tz?: string }> = [
  {
    why: 'same day booked in the morning arrives by 18:00 today',
    type: 'SAME_DAY',
    booked: '2026-03-02T15:00:00Z',
    expected: '2026-03-02T23:00:00Z',
  },
  {
    why: 'same day booked before opening still arrives today',
    type: 'SAME_DAY',
    booked: '2026-03-02T12:00:00Z',
    expected: '2026-03-02T23:00:00Z',
  },
  {
    why: 'same day booked after 14:00 arrives by 18:00 the next business day',
    type: 'SAME_DAY',
    booked: '2026-03-02T19:30:00Z',
    expected: '2026-03-03T23:00:00Z',
  },
  { why: 'same day booked at 14:00 sharp rolls over', type: 'SAME_DAY', booked: '2026-03-02T19:00:00Z', expected: '2026-03-03T23:00:00Z' },
  {
    why: 'same day booked on a Friday afternoon arrives Monday (after the clock change)',
    type: 'SAME_DAY',
    booked: '2026-03-06T20:00:00Z',
    expected: '2026-03-09T22:00:00Z',
  },
  {
    why: 'same day booked on a Saturday arrives Monday',
    type: 'SAME_DAY',
    booked: '2026-03-07T15:00:00Z',
    expected: '2026-03-09T22:00:00Z',
  },
  {
    why: 'same day booked at 18:30 local (23:30 UTC) rolls to the next day',
    type: 'SAME_DAY',
    booked: '2026-03-02T23:30:00Z',
    expected: '2026-03-03T23:00:00Z',
  },
  { why: 'express within business hours takes 4 hours', type: 'EXPRESS', booked: '2026-03-02T15:00:00Z', expected: '2026-03-02T19:00:00Z' },
  {
    why: 'express booked at 16:00 carries 2 hours to the next morning',
    type: 'EXPRESS',
    booked: '2026-03-02T21:00:00Z',
    expected: '2026-03-03T15:00:00Z',
  },
  {
    why: 'express booked in the evening starts at the next opening',
    type: 'EXPRESS',
    booked: '2026-03-03T01:00:00Z',
    expected: '2026-03-03T17:00:00Z',
  },
  {
    why: 'express booked Friday at 17:00 finishes Monday at 11:00',
    type: 'EXPRESS',
    booked: '2026-03-06T22:00:00Z',
    expected: '2026-03-09T15:00:00Z',
  },
  {
    why: 'express booked on a Sunday starts Monday at 08:00',
    type: 'EXPRESS',
    booked: '2026-03-01T14:00:00Z',
    expected: '2026-03-02T17:00:00Z',
  },
  {
    why: 'next day arrives by 12:00 the next business day',
    type: 'NEXT_DAY',
    booked: '2026-03-02T15:00:00Z',
    expected: '2026-03-03T17:00:00Z',
  },
  {
    why: 'next day booked on a Friday arrives Monday at 12:00',
    type: 'NEXT_DAY',
    booked: '2026-03-06T15:00:00Z',
    expected: '2026-03-09T16:00:00Z',
  },
  {
    why: 'standard arrives by the close of the second business day',
    type: 'STANDARD',
    booked: '2026-03-02T15:00:00Z',
    expected: '2026-03-04T23:00:00Z',
  },
  {
    why: 'standard booked on a Thursday skips the weekend',
    type: 'STANDARD',
    booked: '2026-03-05T15:00:00Z',
    expected: '2026-03-09T22:00:00Z',
  },
  {
    why: 'standard booked on a Saturday counts Monday and Tuesday',
    type: 'STANDARD',
    booked: '2026-03-07T15:00:00Z',
    expected: '2026-03-10T22:00:00Z',
  },
  {
    why: 'business hours follow BUSINESS_TZ',
    type: 'SAME_DAY',
    booked: '2026-03-02T18:00:00Z',
    expected: '2026-03-03T02:00:00Z',
    tz: 'America/Los_Angeles',
  },
];

describe('estimateDelivery', () => {
  it.each(cases)('$why', ({ type, booked, expected, tz }) => {
    const at = estimateDelivery({ deliveryType: type, bookedAt: new Date(booked), timeZone: tz ?? 'America/New_York' });
    expect(at.toISOString()).toBe(new Date(expected).toISOString());
  });

  it('depends on the service level: the faster the service, the earlier the estimate', () => {
    const bookedAt = new Date('2026-03-02T15:00:00Z');
    const at = (deliveryType: 'EXPRESS' | 'SAME_DAY' | 'NEXT_DAY' | 'STANDARD') =>
      estimateDelivery({ deliveryType, bookedAt, timeZone: 'America/New_York' }).getTime();
    expect(at('EXPRESS')).toBeLessThan(at('SAME_DAY'));
    expect(at('SAME_DAY')).toBeLessThan(at('NEXT_DAY'));
    expect(at('NEXT_DAY')).toBeLessThan(at('STANDARD'));
  });
});
