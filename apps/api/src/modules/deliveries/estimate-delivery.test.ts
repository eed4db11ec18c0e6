import type { TDeliveryType } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { bookingEstimate, estimateDelivery } from './estimate-delivery.js';

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

describe('a STAT estimate', () => {
  const env = { BUSINESS_TZ: 'America/New_York', ROUTING_DETOUR_FACTOR: 1.3, ROUTING_SPEED_KMH: 40 };
  // Monday 10:00 in New York; about 4.6 km from Mass General to the Longwood area.
  const booked = new Date('2026-03-02T15:00:00Z');
  const pickup = { lat: 42.3626, lng: -71.0685 };
  const drop = { lat: 42.3376, lng: -71.1057 };

  it('is its promise (collected within the hour, driven straight over) when that comes before the service level', () => {
    const routine = bookingEstimate(env, { deliveryType: 'STANDARD', priority: 'routine' }, pickup, drop, booked);
    const stat = bookingEstimate(env, { deliveryType: 'STANDARD', priority: 'stat' }, pickup, drop, booked);
    expect(routine).toEqual(estimateDelivery({ deliveryType: 'STANDARD', bookedAt: booked, timeZone: env.BUSINESS_TZ }));
    const minutes = (stat.getTime() - booked.getTime()) / 60_000;
    // an hour to collect, ~9 minutes' drive, two hand-overs of 5 minutes
    expect(minutes).toBeGreaterThan(75);
    expect(minutes).toBeLessThan(85);
  });

  it("is sooner than the service level it beats, and allows an hour's drive when the places are unknown", () => {
    const late = new Date('2026-03-02T22:30:00Z'); // 17:30: same day closes at 18:00
    // EXPRESS at 17:30 spills into the next morning; a STAT's promise is sooner, and a routine one keeps the level.
    const express = estimateDelivery({ deliveryType: 'EXPRESS', bookedAt: late, timeZone: env.BUSINESS_TZ });
    expect(bookingEstimate(env, { deliveryType: 'EXPRESS', priority: 'stat' }, pickup, drop, late).getTime()).toBeLessThan(
      express.getTime(),
    );
    // Booked at 10:00, EXPRESS (by 14:00) is later than the STAT promise (~11:20), but NEXT_DAY's noon tomorrow is too.
    const sooner = estimateDelivery({ deliveryType: 'EXPRESS', bookedAt: booked, timeZone: env.BUSINESS_TZ });
    expect(bookingEstimate(env, { deliveryType: 'EXPRESS', priority: 'stat' }, pickup, drop, booked) < sooner).toBe(true);
    const unknown = bookingEstimate(env, { deliveryType: 'NEXT_DAY', priority: 'stat' }, null, null, late);
    expect((unknown.getTime() - late.getTime()) / 60_000).toBe(60 + 60 + 10);
  });
});
