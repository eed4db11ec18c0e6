import type { TRouteInsertionRequest, TRoutePlanResponse, TUnassignedJob } from '@courier/contract';
import type { CurrentRoute } from '@courier/planner';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { deliveries, routePlans } from '../../db/schema/index.js';
import { conflict, notFound } from '../../platform/app-error.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { localMoment } from '../../shared/business-time.js';
import { DELIVERY_NOT_FOUND } from '../deliveries/deliveries.queries.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import { dateOf } from '../standing-orders/schedule.js';
import {
  assertValidPlan,
  basePlace,
  buildProblem,
  driverOnDay,
  hasPlaces,
  isPickedUp,
  loadShiftDrivers,
  logPlannerWarnings,
  type PlanDriver,
  PLANNABLE_STATUSES,
  routeJson,
  UNDER_WAY_STATUSES,
  unassignedJson,
} from './planning-problem.js';
import { runOnPlannerThread } from './planner-thread.js';
import { routePlanReply } from './route-plan-json.js';
import { routingOf } from './travel-times.js';
import { storeRoutePlan } from './store-route-plan.js';

const OPEN_WITH_DRIVER = [...PLANNABLE_STATUSES, ...UNDER_WAY_STATUSES].filter((s) => s !== 'approved');

/**
 * One approved job (a STAT come in while routes run) offered the cheapest place in the routes under way: every
 * driver on shift now, from their current position, their remaining stops kept in their order (the applied plan's,
 * else pickups before drop-offs by required-by), every window, capacity and return time kept. Stored as a preview
 * holding the one changed route; applied with the same apply call.
 */
export async function planStatInsertion(services: Services, actor: Actor, input: TRouteInsertionRequest): Promise<TRoutePlanResponse> {
  const { stored, route } = await insertApprovedJob(services, actor, input);
  return routePlanReply(stored, route ? 'Insertion ready' : 'No driver can take it within its windows');
}

/** The insertion as stored, with the offered route, the driving it adds and, without an offer, why not. */
export async function insertApprovedJob(services: Services, actor: Actor, input: TRouteInsertionRequest) {
  assertAudience(actor, 'staff');
  const { db, clock, env } = services;
  const now = clock.now();
  const [job] = await db.select().from(deliveries).where(eq(deliveries.id, input.deliveryId)).limit(1);
  if (!job) throw notFound(DELIVERY_NOT_FOUND);
  if (job.status !== 'approved') throw conflict('Only an approved delivery waiting for a driver can be inserted into the routes');

  const day = localMoment(now, env.BUSINESS_TZ);
  const shiftDrivers = await loadShiftDrivers(db);
  const open = shiftDrivers.length
    ? await db
        .select()
        .from(deliveries)
        .where(
          and(
            inArray(deliveries.status, OPEN_WITH_DRIVER),
            inArray(
              deliveries.driverId,
              shiftDrivers.map((d) => d.id),
            ),
          ),
        )
    : [];
  const base = basePlace(services, [job, ...open]);
  const drivers: PlanDriver[] = [];
  if (base) {
    for (const d of shiftDrivers) {
      // Routes under way start where the driver is now.
      const onDay = driverOnDay(services, { ...d, shift: d.shift && { ...d.shift, startPlace: 'current' } }, day, now, base);
      if (onDay) drivers.push(onDay);
    }
  }
  const unassigned: TUnassignedJob[] = [];
  let offerRoute = null;
  let addedSeconds = 0;
  if (!hasPlaces(job)) unassigned.push(unassignedJson(job, 'no_location'));
  else if (!drivers.length) unassigned.push(unassignedJson(job, 'no_vehicle'));
  else {
    const driverIds = new Set(drivers.map((d) => d.id));
    const routeJobs = open.filter((d) => d.driverId && driverIds.has(d.driverId) && hasPlaces(d));
    const current = await currentRoutes(services, drivers, routeJobs);
    const built = buildProblem(
      services,
      drivers,
      [...routeJobs.map((row) => ({ row, driverId: row.driverId ?? undefined })), { row: job }],
      base as NonNullable<typeof base>,
    );
    const answer = await runOnPlannerThread({
      kind: 'insert',
      problem: built.problem,
      places: built.places,
      routing: routingOf(env),
      current,
      jobId: job.id,
    });
    logPlannerWarnings(services, answer);
    assertValidPlan(answer);
    if (answer.offer) {
      offerRoute = routeJson(built, answer.offer.route);
      addedSeconds = answer.offer.addedTravelTime;
    } else unassigned.push(unassignedJson(job, 'no_window'));
  }

  const stored = await storeRoutePlan(
    db,
    actor,
    {
      kind: 'insertion',
      planDate: dateOf(day),
      driverIds: offerRoute ? [offerRoute.driverId] : [],
      reassign: false,
      jobs: [job],
      routes: offerRoute ? [offerRoute] : [],
      unassigned,
      travelSeconds: offerRoute?.travelSeconds ?? 0,
    },
    { kind: 'insertion', deliveryId: job.id, driverId: offerRoute?.driverId ?? null },
    now,
  );
  return { stored, job, route: offerRoute, addedSeconds, unplaced: unassigned[0]?.reason ?? null };
}

/**
 * Each driver's remaining stops in the order they stand: the latest applied plan's order for the jobs it holds
 * (stops done dropped), then the driver's other jobs, by required-by (a picked-up parcel: its drop-off only).
 */
async function currentRoutes(services: Services, drivers: PlanDriver[], jobs: DeliveryRow[]): Promise<CurrentRoute[]> {
  const applied = await services.db
    .select({ routes: routePlans.routes })
    .from(routePlans)
    .where(isNotNull(routePlans.appliedAt))
    .orderBy(desc(routePlans.appliedAt))
    .limit(20);
  return drivers.map((driver) => {
    const mine = jobs.filter((d) => d.driverId === driver.id);
    const byId = new Map(mine.map((d) => [d.id, d]));
    const stops: CurrentRoute['stops'] = [];
    const placed = new Set<string>();
    const last = applied.flatMap((p) => p.routes).find((r) => r.driverId === driver.id);
    for (const s of last?.stops ?? []) {
      const d = byId.get(s.deliveryId);
      if (!d || (s.kind === 'pickup' && isPickedUp(d))) continue;
      const kind = isPickedUp(d) ? 'stop' : s.kind;
      // A pickup without its drop-off in the old route (or the reverse) is re-added whole below.
      stops.push({ jobId: d.id, kind });
      placed.add(d.id);
    }
    const rest = mine
      .filter((d) => !placed.has(d.id))
      .sort((a, b) => (a.requiredBy?.getTime() ?? Number.POSITIVE_INFINITY) - (b.requiredBy?.getTime() ?? Number.POSITIVE_INFINITY));
    for (const d of rest.filter(isPickedUp)) stops.push({ jobId: d.id, kind: 'stop' });
    for (const d of rest.filter((x) => !isPickedUp(x))) stops.push({ jobId: d.id, kind: 'pickup' }, { jobId: d.id, kind: 'dropoff' });
    // Guard: a job whose pickup was kept but not its drop-off gets the drop-off at the end.
    for (const d of mine) {
      const has = stops.filter((s) => s.jobId === d.id);
      if (has.length === 1 && has[0].kind === 'pickup') stops.push({ jobId: d.id, kind: 'dropoff' });
    }
    return { vehicleId: driver.id, stops };
  });
}
