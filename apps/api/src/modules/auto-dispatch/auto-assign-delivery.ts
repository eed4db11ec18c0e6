import { ROUTE_UNASSIGNED_REASON_LABELS, type TAutoAssignResult, type TPlannedRoute } from '@courier/contract';
import { AppError, conflict } from '../../platform/app-error.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findDeliveryRow } from '../deliveries/move-delivery.js';
import { applyRoutePlan } from '../route-plans/apply-route-plan.js';
import { insertApprovedJob } from '../route-plans/plan-stat-insertion.js';

export const ONLY_APPROVED = 'Only an approved delivery waiting for a driver can be auto-assigned';

const clockTime = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true });

/** "STAT, best fit: adds 6 min of driving to Dana Reyes's route, delivers at 2:10 PM, on time for 2:30 PM". */
export function autoAssignReason(
  route: TPlannedRoute,
  deliveryId: string,
  addedSeconds: number,
  requiredBy: Date | null,
  stat: boolean,
  tz: string,
) {
  const drop = route.stops.find((s) => s.deliveryId === deliveryId && s.kind === 'dropoff');
  const minutes = Math.max(0, Math.round(addedSeconds / 60));
  const adds = minutes
    ? `adds ${minutes} min of driving to ${route.driverName}'s route`
    : `on ${route.driverName}'s way (no extra driving)`;
  const when = drop ? `, delivers at ${clockTime(drop.arrival, tz)}` : '';
  const promise = requiredBy ? `, on time for ${clockTime(requiredBy.toISOString(), tz)}` : '';
  return `${stat ? 'STAT, best fit' : 'Best fit'}: ${adds}${when}${promise}`;
}

/**
 * Gives one approved job to the driver whose route (as it stands today, stops under way kept in place) takes it
 * at the least added driving within every window and shift: the STAT insertion's offer, applied at once through
 * the same apply (the manual assignment's move, and the driver's planned order). No driver fits: ok false, with why.
 */
export async function autoAssignDelivery(
  services: Services,
  actor: Actor,
  input: { idOrTrackingNumber: string },
): Promise<TAutoAssignResult> {
  assertAudience(actor, 'staff');
  const d = await findDeliveryRow(services, actor, input.idOrTrackingNumber);
  if (d.status !== 'approved') throw conflict(ONLY_APPROVED);
  const { stored, route, addedSeconds, unplaced } = await insertApprovedJob(services, actor, { deliveryId: d.id });
  if (!route) {
    const why = ROUTE_UNASSIGNED_REASON_LABELS[unplaced ?? 'no_window'];
    return {
      deliveryId: d.id,
      trackingNumber: d.orderId,
      ok: false,
      code: 'NO_DRIVER_FITS',
      driverId: null,
      driverName: null,
      reason: `No driver fits: ${why}`,
    };
  }
  await applyRoutePlan(services, actor, stored.id);
  const reason = autoAssignReason(route, d.id, addedSeconds, d.requiredBy, d.priority === 'stat', services.env.BUSINESS_TZ);
  return { deliveryId: d.id, trackingNumber: d.orderId, ok: true, driverId: route.driverId, driverName: route.driverName, reason };
}

/** The same, for a batch: a refusal (not approved any more, changed since, ...) is that job's result, not a failure. */
export async function autoAssignOne(
  services: Services,
  actor: Actor,
  deliveryId: string,
  trackingNumber: string | null = null,
): Promise<TAutoAssignResult> {
  try {
    return await autoAssignDelivery(services, actor, { idOrTrackingNumber: deliveryId });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { deliveryId, trackingNumber, ok: false, code: error.code, driverId: null, driverName: null, reason: error.message };
  }
}
