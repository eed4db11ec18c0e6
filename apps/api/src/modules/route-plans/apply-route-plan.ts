import type { TPlanChange, TPlannedRoute, TRoutePlanResponse } from '@courier/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { deliveries, routePlans } from '../../db/schema/index.js';
import { AppError, notFound } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { withinTransaction } from '../deliveries/move-delivery.js';
import { setPlannedStops } from '../deliveries/set-planned-stops.js';
import { assignDriver } from '../dispatch/assign-driver.js';
import { notifyCustomers } from '../notifications/notify-customer.js';
import { ROUTE_PLAN_NOT_FOUND, routePlanReply } from './route-plan-json.js';
import { isUuid } from '../../shared/ids.js';

export const PLAN_STALE = 'Some jobs changed since this plan was made (status, driver or details): plan again.';
export const PLAN_APPLIED = 'This route plan was applied already.';

/** Each job of a route in the order of its first stop still to come, with that stop's arrival and the drop-off's. */
export function jobOrder(route: TPlannedRoute): { deliveryId: string; arrival: Date; dropoff: Date | null }[] {
  const seen = new Map<string, Date>();
  const dropoffs = new Map<string, Date>();
  for (const s of route.stops) {
    if (!seen.has(s.deliveryId)) seen.set(s.deliveryId, new Date(s.arrival));
    if (s.kind === 'dropoff') dropoffs.set(s.deliveryId, new Date(s.arrival));
  }
  return [...seen].map(([deliveryId, arrival]) => ({ deliveryId, arrival, dropoff: dropoffs.get(deliveryId) ?? null }));
}

/**
 * Applies a stored preview: refuses (409) when any job it planned changed since; then, in one transaction, gives
 * each job to its planned driver through the manual assignment's move (custody, audit, messages) and stores each
 * driver's order and planned arrivals (the drivers' other open jobs lose theirs).
 */
export async function applyRoutePlan(services: Services, actor: Actor, planId: string): Promise<TRoutePlanResponse> {
  assertAudience(actor, 'staff');
  if (!isUuid(planId)) throw notFound(ROUTE_PLAN_NOT_FOUND);
  const { db, clock } = services;
  const [plan] = await db.select().from(routePlans).where(eq(routePlans.id, planId)).limit(1);
  if (!plan) throw notFound(ROUTE_PLAN_NOT_FOUND);
  if (plan.appliedAt) throw new AppError('ROUTE_PLAN_APPLIED', PLAN_APPLIED);
  const snapshot = new Map(plan.input.jobs.map((j) => [j.deliveryId, j]));
  const now = clock.now();

  const applied = await db.transaction(async (tx) => {
    const ids = [...snapshot.keys()];
    const current = ids.length
      ? await tx
          .select({ id: deliveries.id, status: deliveries.status, driverId: deliveries.driverId, updatedAt: deliveries.updatedAt })
          .from(deliveries)
          .where(inArray(deliveries.id, ids))
          .for('update')
      : [];
    const moved =
      current.length !== ids.length ||
      current.some((c) => {
        const s = snapshot.get(c.id);
        return !s || s.status !== c.status || s.driverId !== c.driverId || s.updatedAt !== c.updatedAt.toISOString();
      });
    if (moved) throw new AppError('ROUTE_PLAN_STALE', PLAN_STALE);
    const [marked] = await tx
      .update(routePlans)
      .set({ appliedAt: now, appliedBy: actor.id })
      .where(and(eq(routePlans.id, plan.id), isNull(routePlans.appliedAt)))
      .returning();
    if (!marked) throw new AppError('ROUTE_PLAN_APPLIED', PLAN_APPLIED);

    const inTx = withinTransaction(services, tx);
    let assigned = 0;
    for (const route of plan.routes) {
      const order = jobOrder(route);
      for (const { deliveryId } of order) {
        const s = snapshot.get(deliveryId);
        if (!s || s.driverId === route.driverId) continue;
        await assignDriver(inTx, actor, { idOrTrackingNumber: deliveryId, driverId: route.driverId, replacesDriverId: s.driverId });
        assigned++;
      }
      // The driver's open jobs take the plan's order; those it does not hold lose theirs.
      await setPlannedStops(tx, route.driverId, order);
    }
    // A re-plan tells each driver whose route changed what changed for them (their phone hears it live).
    if (plan.kind === 'replan' && plan.changes?.length) await notifyChangedRoutes(tx, plan.changes, now);
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'route_plan.apply',
        targetType: 'route_plan',
        targetId: plan.id,
        ip: actor.ip,
        details: { kind: plan.kind, date: plan.planDate, routes: plan.routes.length, assigned, changes: plan.changes?.length ?? 0 },
      },
      now,
    );
    return marked;
  });
  services.outbox.kick();
  return routePlanReply(applied, 'Route plan applied');
}

export const ROUTE_CHANGED_TITLE = 'Your route changed';

/** One in-app notification per driver whose route a re-plan changed: the jobs gained, lost and reordered. */
async function notifyChangedRoutes(tx: Parameters<typeof notifyCustomers>[0], changes: TPlanChange[], at: Date) {
  const perDriver = new Map<string, { gained: string[]; lost: string[]; reordered: string[] }>();
  const of = (id: string) => perDriver.get(id) ?? perDriver.set(id, { gained: [], lost: [], reordered: [] }).get(id);
  for (const c of changes) {
    if (c.kind === 'resequenced' && c.toDriverId) of(c.toDriverId)?.reordered.push(c.trackingNumber);
    else {
      if (c.toDriverId) of(c.toDriverId)?.gained.push(c.trackingNumber);
      if (c.fromDriverId) of(c.fromDriverId)?.lost.push(c.trackingNumber);
    }
  }
  const list = (label: string, ids: string[]) => (ids.length ? `${label} ${ids.join(', ')}` : null);
  await notifyCustomers(
    tx,
    [...perDriver].map(([userId, c]) => ({
      at,
      notice: {
        userId,
        title: ROUTE_CHANGED_TITLE,
        message: [list('New:', c.gained), list('Taken off your route:', c.lost), list('New place in your route:', c.reordered)]
          .filter(Boolean)
          .join('. ')
          .slice(0, 1000),
      },
    })),
  );
}
