import { STAT_PICKUP_MINUTES, type TDeliveryType } from '@courier/contract';
import type { TEnv } from '../../env.js';
import { type LatLng, straightLineSeconds } from '../../shared/travel-estimate.js';
import { instantOf, isBusinessDay, type LocalDay, localMoment, nextBusinessDay } from '../../shared/business-time.js';

/** Business hours: Mon-Fri 08:00-18:00 in BUSINESS_TZ, weekends closed. */
export const BUSINESS_HOURS = { open: 8 * 3600, close: 18 * 3600, sameDayCutoff: 14 * 3600, nextDayBy: 12 * 3600 } as const;
const EXPRESS_SECONDS = 4 * 3600;
const STANDARD_DAYS = 2;

export interface EstimateInput {
  deliveryType: TDeliveryType;
  bookedAt: Date;
  timeZone: string;
  /** A STAT is collected within STAT_PICKUP_MINUTES and driven straight over: its promise may come first. */
  priority?: string;
  /** Driving seconds from the pickup to the drop (a STAT's promise); an hour when the places are not known. */
  travelSeconds?: number | null;
}

/** Unknown places: an hour's drive is the STAT promise's allowance. */
const STAT_UNKNOWN_DRIVE_SECONDS = 3600;
/** The hand-over at each end. */
const STAT_SERVICE_SECONDS = 2 * 5 * 60;

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
 * second business day after booking. A STAT's estimate is the earlier of that and its own promise (collected
 * within the hour, driven straight over), so choosing STAT changes the estimate when it changes the promise.
 */
export function estimateDelivery(input: EstimateInput): Date {
  const byLevel = serviceLevelEstimate(input);
  if (input.priority !== 'stat') return byLevel;
  const drive = input.travelSeconds ?? STAT_UNKNOWN_DRIVE_SECONDS;
  const promise = new Date(input.bookedAt.getTime() + (STAT_PICKUP_MINUTES * 60 + drive + STAT_SERVICE_SECONDS) * 1000);
  return promise < byLevel ? promise : byLevel;
}

function serviceLevelEstimate({ deliveryType, bookedAt, timeZone }: EstimateInput): Date {
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

/** A booking's estimate: its service level, or a STAT's promise over the straight-line drive between its places. */
export function bookingEstimate(
  env: Pick<TEnv, 'BUSINESS_TZ' | 'ROUTING_DETOUR_FACTOR' | 'ROUTING_SPEED_KMH'>,
  form: { deliveryType: TDeliveryType; priority?: string },
  pickup: Partial<LatLng> | null,
  drop: Partial<LatLng> | null,
  bookedAt: Date,
): Date {
  const placed = (p: Partial<LatLng> | null): p is LatLng => typeof p?.lat === 'number' && typeof p?.lng === 'number';
  const travelSeconds = placed(pickup) && placed(drop) ? straightLineSeconds(env, pickup, drop) : null;
  return estimateDelivery({ deliveryType: form.deliveryType, bookedAt, timeZone: env.BUSINESS_TZ, priority: form.priority, travelSeconds });
}
