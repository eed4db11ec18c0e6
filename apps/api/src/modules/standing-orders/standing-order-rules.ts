import type { ZStandingOrderDeliveryFields } from '@courier/contract';
import type { z } from 'zod';
import { badRequest } from '../../platform/app-error.js';
import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { checkBooking } from '../deliveries/create-delivery.js';
import { occurrenceFields } from './occurrence-fields.js';
import { businessDate, countEndsInReach, normalizeRule, ruleProblem, type StoredSchedule, upcomingOccurrences } from './schedule.js';

export type TDeliveryTemplate = z.output<typeof ZStandingOrderDeliveryFields>;

/**
 * A schedule and delivery template a standing order may hold: the rule is one of days, the dates in order and
 * not before today, and the first occurrence passes every booking rule (addresses placed, required-by within a
 * year), so a bad template is refused now rather than failing on each occurrence.
 */
export async function checkStandingOrder(
  services: Services,
  owner: Actor,
  schedule: StoredSchedule,
  template: TDeliveryTemplate,
  opts: { startsOnChanged: boolean },
): Promise<StoredSchedule> {
  const problem = ruleProblem(schedule.rrule);
  if (problem) throw badRequest(`schedule.rrule: ${problem}`, 'schedule.rrule');
  const now = services.clock.now();
  const today = businessDate(now, services.env.BUSINESS_TZ);
  if (opts.startsOnChanged && schedule.startsOn < today) throw badRequest('startsOn: Start date must be today or later', 'startsOn');
  if (schedule.endsOn && schedule.endsOn < schedule.startsOn)
    throw badRequest('endsOn: End date must be on or after the start date', 'endsOn');
  const stored = { ...schedule, rrule: normalizeRule(schedule.rrule) };
  // Every check walks a bounded stretch of the calendar, so an impossible or sparse rule is refused in milliseconds.
  const timeZone = services.env.BUSINESS_TZ;
  const [first] = upcomingOccurrences(stored, now, timeZone, 1, new Set()).occurrences;
  if (!first) {
    const [unbounded] = upcomingOccurrences({ ...stored, endsOn: null }, now, timeZone, 1, new Set()).occurrences;
    if (!unbounded) throw badRequest('schedule.rrule: The rule has no date in the next two years', 'schedule.rrule');
    throw badRequest('schedule.rrule: The schedule has no date to come between the start and end dates', 'schedule.rrule');
  }
  if (!countEndsInReach(stored))
    throw badRequest('schedule.rrule: COUNT runs too far ahead for this rule: use endsOn for the last date', 'schedule.rrule');
  // The first occurrence as the generator will book it (a specimen's collection planned from the schedule).
  await checkBooking(
    services,
    owner,
    { fields: occurrenceFields(template, first.requiredBy, timeZone), image: null },
    { plannedCollection: true },
  );
  return stored;
}
