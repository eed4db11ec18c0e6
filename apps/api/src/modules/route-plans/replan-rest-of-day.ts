import {
  BALANCE_WEIGHT_PER_LEVEL,
  DEFAULT_REPLAN_STABILITY,
  STABILITY_SECONDS_PER_LEVEL,
  type TPlannedRoute,
  type TPlanObjective,
  type TReplanRequest,
  type TRoutePlanResponse,
  type TUnassignedJob,
} from '@courier/contract';
import { inArray } from 'drizzle-orm';
import { deliveries } from '../../db/schema/index.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { localMoment } from '../../shared/business-time.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import { dateOf } from '../standing-orders/schedule.js';
import { jobOrder } from './apply-route-plan.js';
import { movedCount, planChanges, type RouteOrder } from './plan-changes.js';
import { followPlanRun } from './plan-runs.js';
import {
  assertValidPlan,
  basePlace,
  buildProblem,
  commitUnderWay,
  driverOnDay,
  hasPlaces,
  isPickedUp,
  loadShiftDrivers,
  logPlannerWarnings,
  type PlanDriver,
  type PlanJob,
  reasonOf,
  routeJson,
  UNDER_WAY_STATUSES,
  unassignedJson,
} from './planning-problem.js';
import { runOnPlannerThread } from './planner-thread.js';
import { routePlanReply } from './route-plan-json.js';
import { storeRoutePlan } from './store-route-plan.js';
import { routingOf } from './travel-times.js';

/** The search's time box grows with the day: two seconds for a small one, a minute for a thousand jobs. */
export const replanTimeLimitMs = (jobs: number) => Math.min(60_000, Math.max(2000, jobs * 60));
const ITERATIONS_PER_JOB = 200;

/** The order a driver works their open jobs in now: the applied plan's, then parcels on board, then by required-by. */
function currentOrder(rows: DeliveryRow[]): DeliveryRow[] {
  const at = (d: Date | null) => d?.getTime() ?? Number.POSITIVE_INFINITY;
  return [...rows].sort(
    (a, b) =>
      (a.plannedOrder ?? Number.POSITIVE_INFINITY) - (b.plannedOrder ?? Number.POSITIVE_INFINITY) ||
      Number(isPickedUp(b)) - Number(isPickedUp(a)) ||
      at(a.requiredBy) - at(b.requiredBy) ||
      a.createdAt.getTime() - b.createdAt.getTime(),
  );
}

/**
 * "Re-plan the rest of today": every driver on shift now, from where they are, with their open jobs and the
 * approved ones waiting. Parcels on board stay on their vehicle (only their drop-off is planned), the stop a driver
 * is heading to stays first, and each job already on a route tells the search where it stood (driver and order),
 * so with `stability` the new plan moves as few of them as it can. Jobs assigned to a driver not on shift now are
 * left alone. The preview lists the changes; applying it assigns and reorders as any plan does and tells each
 * driver whose route changed.
 */
export async function replanRestOfDay(services: Services, actor: Actor, input: TReplanRequest): Promise<TRoutePlanResponse> {
  assertAudience(actor, 'staff');
  const { db, clock, env } = services;
  const now = clock.now();
  const day = localMoment(now, env.BUSINESS_TZ);
  const shiftDrivers = await loadShiftDrivers(db);
  const open = await db
    .select()
    .from(deliveries)
    .where(inArray(deliveries.status, ['approved', 'assigned', ...UNDER_WAY_STATUSES]));
  const base = basePlace(services, open);
  let drivers: PlanDriver[] = [];
  if (base)
    for (const d of shiftDrivers) {
      // The rest of the day starts where each driver is now.
      const onDay = driverOnDay(services, { ...d, shift: d.shift && { ...d.shift, startPlace: 'current' } }, day, now, base);
      if (onDay) drivers.push(onDay);
    }
  const driverIds = new Set(drivers.map((d) => d.id));
  const mine = (d: DeliveryRow) => d.driverId !== null && driverIds.has(d.driverId);
  const underWay = open.filter((d) => (UNDER_WAY_STATUSES as readonly string[]).includes(d.status) && mine(d));
  drivers = commitUnderWay(drivers, underWay, new Map(shiftDrivers.map((d) => [d.id, d.position])));

  // The routes as they stand, and where each job stood on them (the stability hint).
  const before: RouteOrder[] = drivers.map((driver) => ({
    driverId: driver.id,
    driverName: driver.name,
    // Only jobs the search sees (a job with no map position is left as it is, not "taken off").
    jobIds: currentOrder(open.filter((d) => d.driverId === driver.id && d.status !== 'approved' && hasPlaces(d))).map((d) => d.id),
  }));
  const planned = new Map<string, { vehicleId: string; order: number }>();
  for (const route of before) for (const [order, id] of route.jobIds.entries()) planned.set(id, { vehicleId: route.driverId, order });

  const unassigned: TUnassignedJob[] = [];
  const jobs: PlanJob[] = [];
  const snapshot: DeliveryRow[] = [];
  for (const d of open) {
    if (d.status !== 'approved' && !mine(d)) continue;
    const onBoardOrHeading = (UNDER_WAY_STATUSES as readonly string[]).includes(d.status);
    if (!hasPlaces(d)) {
      if (!onBoardOrHeading) unassigned.push(unassignedJson(d, 'no_location'));
      continue;
    }
    if (onBoardOrHeading) {
      // In the driver's hands (or on the way to it): stays on that vehicle.
      jobs.push({ row: d, driverId: d.driverId ?? undefined });
      continue;
    }
    snapshot.push(d);
    jobs.push({ row: d });
  }

  let routes: TPlannedRoute[] = [];
  let travelSeconds = 0;
  let objective: TPlanObjective | null = null;
  if (drivers.length && base) {
    const built = buildProblem(services, drivers, jobs, base, planned);
    const limitMs = replanTimeLimitMs(jobs.length);
    const run = followPlanRun(input.runId, limitMs);
    try {
      const answer = await runOnPlannerThread(
        {
          kind: 'solve',
          problem: built.problem,
          places: built.places,
          routing: routingOf(env),
          options: {
            seed: 1,
            timeLimitMs: limitMs,
            maxIterations: Math.max(2000, jobs.length * ITERATIONS_PER_JOB),
            stability: (input.stability ?? DEFAULT_REPLAN_STABILITY) * STABILITY_SECONDS_PER_LEVEL,
            balance: (input.balance ?? 0) * BALANCE_WEIGHT_PER_LEVEL,
          },
        },
        run.follower,
      );
      logPlannerWarnings(services, answer);
      assertValidPlan(answer);
      const { plan } = answer;
      routes = plan.routes.map((r) => routeJson(built, r));
      travelSeconds = plan.travelTime;
      objective = plan.objective ?? null;
      for (const u of plan.unassigned) {
        const d = built.jobs.get(u.jobId) as DeliveryRow;
        if (snapshot.includes(d)) unassigned.push(unassignedJson(d, reasonOf(u.reason)));
      }
    } finally {
      run.done();
    }
  } else {
    for (const d of snapshot) unassigned.push(unassignedJson(d, 'no_vehicle'));
  }

  const after: RouteOrder[] = routes.map((r) => ({
    driverId: r.driverId,
    driverName: r.driverName,
    jobIds: jobOrder(r).map((j) => j.deliveryId),
  }));
  const byId = new Map(
    open.map((d) => [d.id, { trackingNumber: d.orderId, priority: d.priority === 'stat' ? ('stat' as const) : ('routine' as const) }]),
  );
  const changes = planChanges(before, after, byId);
  // The search's own parts (moved: stops put on another driver than planned); without them, the routes' own figures.
  objective ??= { distance: travelSeconds, lateness: 0, balance: 0, moved: movedCount(changes) };

  const date = dateOf(day);
  const stored = await storeRoutePlan(
    db,
    actor,
    {
      kind: 'replan',
      planDate: date,
      driverIds: [...driverIds],
      reassign: true,
      jobs: snapshot,
      routes,
      unassigned,
      travelSeconds,
      objective,
      changes,
    },
    { kind: 'replan', date, drivers: drivers.length, jobs: snapshot.length, changes: changes.length, moved: objective.moved },
    now,
  );
  return routePlanReply(
    stored,
    changes.length ? `Re-plan ready: ${changes.length} change${changes.length === 1 ? '' : 's'}` : 'Re-plan ready: no changes',
  );
}
