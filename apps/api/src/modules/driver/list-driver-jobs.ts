import { DRIVER_OPEN_STATUSES, type TDriverJobsResponse } from '@courier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { deliveries } from '../../db/schema/index.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { jobViewOf, selectJobViews, toDriverJob } from '../../shared/driver-job-json.js';
import { driverRouteOrder } from '../../shared/driver-route-order.js';

/** The caller's open jobs in route order (see driverRouteOrder). */
export async function listDriverJobs(services: Services, actor: Actor): Promise<TDriverJobsResponse> {
  assertAudience(actor, 'driver');
  const rows = await selectJobViews(services.db)
    .where(and(eq(deliveries.driverId, actor.id), inArray(deliveries.status, [...DRIVER_OPEN_STATUSES])))
    .orderBy(...driverRouteOrder());
  const ctx = { jwtKey: services.jwtKey, now: services.clock.now(), readerId: actor.id, publicUrl: services.publicUrl };
  return { success: true, data: rows.map((r, i) => toDriverJob(jobViewOf(r), i + 1, ctx)) };
}
