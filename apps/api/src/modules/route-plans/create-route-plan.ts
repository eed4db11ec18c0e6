import type { TPlanObjective, TPlannedRoute, TRoutePlanRequest, TRoutePlanResponse, TUnassignedJob } from '@courier/contract';
import { and, inArray } from 'drizzle-orm';
import { deliveries } from '../../db/schema/index.js';
import { badRequest } from '../../platform/app-error.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { localMoment } from '../../shared/business-time.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import { dateOf } from '../standing-orders/schedule.js';
import {
  assertValidPlan,
  basePlace,
  buildProblem,
  commitUnderWay,
  driverOnDay,
  hasPlaces,
  loadShiftDrivers,
  logPlannerWarnings,
  type PlanDriver,
  type PlanJob,
  PLANNABLE_STATUSES,
  reasonOf,
  routeJson,
  UNDER_WAY_STATUSES,
  unassignedJson,
} from './planning-problem.js';
import { followPlanRun } from './plan-runs.js';
import { runOnPlannerThread } from './planner-thread.js';
import { routePlanReply } from './route-plan-json.js';
import { routingOf } from './travel-times.js';
import { storeRoutePlan } from './store-route-plan.js';

/** The search's time box: a day of a few hundred jobs plans well within it. */
export const PLAN_TIME_LIMIT_MS = 2000;
/** Search steps per job: a small day stops early (and plans the same every time); a big one meets the time box. */
const ITERATIONS_PER_JOB = 200;

/**
 * A route plan preview: the chosen drivers' shifts (from now at the earliest) and the approved and assigned jobs
 * not yet picked up, solved for the least driving within every window and capacity. Jobs under way stay on their
 * driver's route, the one the driver is heading to first, from the driver's last fix; without `reassign`, assigned jobs stay with their driver too. Stored, with what each job looked
 * like, for apply; nothing else changes.
 */
export async function createRoutePlan(services: Services, actor: Actor, input: TRoutePlanRequest): Promise<TRoutePlanResponse> {
  assertAudience(actor, 'staff');
  const { db, clock, env } = services;
  const now = clock.now();
  const today = localMoment(now, env.BUSINESS_TZ);
  const day = input.date
    ? { year: Number(input.date.slice(0, 4)), month: Number(input.date.slice(5, 7)), day: Number(input.date.slice(8, 10)) }
    : today;
  const date = dateOf(day);
  if (date < dateOf(today)) throw badRequest('date: Choose today or a later day', 'date');
  const reassign = input.reassign ?? false;

  let shiftDrivers = await loadShiftDrivers(db);
  if (input.driverIds) {
    const known = new Set(shiftDrivers.map((d) => d.id));
    const missing = input.driverIds.find((id) => !known.has(id));
    if (missing) throw badRequest(`driverIds: ${missing} is not an active driver with a shift`, 'driverIds');
    const wanted = new Set(input.driverIds);
    shiftDrivers = shiftDrivers.filter((d) => wanted.has(d.id));
  }

  const rows = await db
    .select()
    .from(deliveries)
    .where(
      input.deliveryIds
        ? inArray(deliveries.id, input.deliveryIds.length ? input.deliveryIds : ['00000000-0000-0000-0000-000000000000'])
        : inArray(deliveries.status, [...PLANNABLE_STATUSES]),
    );
  if (input.deliveryIds) {
    const found = new Map(rows.map((r) => [r.id, r]));
    const bad = input.deliveryIds.find((id) => !(PLANNABLE_STATUSES as readonly string[]).includes(found.get(id)?.status ?? ''));
    if (bad) throw badRequest(`deliveryIds: ${bad} is not an approved or assigned delivery waiting for pickup`, 'deliveryIds');
  }
  const base = basePlace(services, rows);
  let drivers: PlanDriver[] = base
    ? shiftDrivers.map((d) => driverOnDay(services, d, day, now, base)).filter((d): d is PlanDriver => d !== null)
    : [];
  const driverIds = new Set(drivers.map((d) => d.id));

  // The jobs already under way with the planned drivers keep their place on those drivers' routes.
  const underWay = drivers.length
    ? await db
        .select()
        .from(deliveries)
        .where(and(inArray(deliveries.status, [...UNDER_WAY_STATUSES]), inArray(deliveries.driverId, [...driverIds])))
    : [];

  drivers = commitUnderWay(drivers, underWay, new Map(shiftDrivers.map((d) => [d.id, d.position])));

  const unassigned: TUnassignedJob[] = [];
  const jobs: PlanJob[] = [];
  const snapshot: DeliveryRow[] = [];
  for (const d of rows) {
    // Without reassign, a job assigned to a driver outside the plan is left alone (unless asked for by id).
    const ownDriver = d.status === 'assigned' && !reassign ? d.driverId : null;
    if (ownDriver && !driverIds.has(ownDriver)) {
      if (input.deliveryIds) unassigned.push(unassignedJson(d, 'no_vehicle'));
      continue;
    }
    if (!hasPlaces(d)) {
      unassigned.push(unassignedJson(d, 'no_location'));
      continue;
    }
    snapshot.push(d);
    jobs.push({ row: d, driverId: ownDriver ?? undefined });
  }
  for (const d of underWay) if (hasPlaces(d) && d.driverId) jobs.push({ row: d, driverId: d.driverId });

  let routes: TPlannedRoute[] = [];
  let travelSeconds = 0;
  let objective: TPlanObjective | null = null;
  if (drivers.length && base) {
    const built = buildProblem(services, drivers, jobs, base);
    const run = followPlanRun(input.runId, PLAN_TIME_LIMIT_MS);
    const answer = await runOnPlannerThread(
      {
        kind: 'solve',
        problem: built.problem,
        places: built.places,
        routing: routingOf(env),
        options: { seed: 1, timeLimitMs: PLAN_TIME_LIMIT_MS, maxIterations: Math.max(2000, jobs.length * ITERATIONS_PER_JOB) },
      },
      run.follower,
    ).finally(run.done);
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
  } else {
    for (const { row } of jobs) if (snapshot.includes(row)) unassigned.push(unassignedJson(row, 'no_vehicle'));
  }

  const stored = await storeRoutePlan(
    db,
    actor,
    { kind: 'plan', planDate: date, driverIds: [...driverIds], reassign, jobs: snapshot, routes, unassigned, travelSeconds, objective },
    { date, drivers: drivers.length, jobs: snapshot.length, unassigned: unassigned.length, reassign },
    now,
  );
  return routePlanReply(stored, 'Route plan ready');
}
