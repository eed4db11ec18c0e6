import type { TDeliveryType } from '@courier/contract';
import { instantOf, isBusinessDay, type LocalDay, localMoment, nextBusinessDay } from '../../shared/business-time.js';

/** Business hours: Mon-Fri 08:00-18:00 in BUSINESS_TZ, weekends closed. */
export const BUSINESS_HOURS = { open: 8 * 3600, close: 18 * 3600, sameDayCutoff: 14 * 3600, nextDayBy: 12 * 3600 } as const;
const EXPRESS_SECONDS = 4 * 3600;
const STANDARD_DAYS = 2;

export interface EstimateInput {
  deliveryType: TDeliveryType;
  bookedAt: Date;
  timeZone: string;
}

/** Adds business seconds from `at`, skipping nights and weekends. */
function addBusinessSeconds(at: Date, amount: number, timeZone: string): Date {
  const now = localMoment(at, timeZone);
  let day: LocalDay = now;
  let seconds = now.seconds;
  let left = amount;
  for (;;) {
    if (!isBusinessDay(day) || seconds >= BUSINESS_HOURS.close) {
      day = nextBusinessDay(day);
      seconds = BUSINESS_HOURS.open;
      continue;
    }
    seconds = Math.max(seconds, BUSINESS_HOURS.open);
    const today = BUSINESS_HOURS.close - seconds;
    if (left <= today) return instantOf(day, seconds + left, timeZone);
    left -= today;
    seconds = BUSINESS_HOURS.close;
  }
}

/**
 * When the parcel should arrive, from the service level alone (the required-by is the customer's wish, which
 * the estimate is checked against): SAME_DAY by 18:00 today (the next business day when booked from 14:00 or outside business days),
 * EXPRESS within 4 business hours, NEXT_DAY by 12:00 the next business day, STANDARD by the close of the
 * second business day after booking.
 */
export function estimateDelivery({ deliveryType, bookedAt, timeZone }: EstimateInput): Date {
  const booked = localMoment(bookedAt, timeZone);
  switch (deliveryType) {
    case 'SAME_DAY': {
      const today = isBusinessDay(booked) && booked.seconds < BUSINESS_HOURS.sameDayCutoff;
      return instantOf(today ? booked : nextBusinessDay(booked), BUSINESS_HOURS.close, timeZone);
    }
    case 'EXPRESS':
      return addBusinessSeconds(bookedAt, EXPRESS_SECONDS, timeZone);
    case 'NEXT_DAY':
      return instantOf(nextBusinessDay(booked), BUSINESS_HOURS.nextDayBy, timeZone);
    default: {
      let day: LocalDay = booked;
      for (let i = 0; i < STANDARD_DAYS; i++) day = nextBusinessDay(day);
      return instantOf(day, BUSINESS_HOURS.close, timeZone);
    }
  }
}
