import { DRIVER_OPEN_STATUSES, ON_BOARD_STATUSES, type TDriverJobsResponse } from '@courier/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { deliveries } from '../../db/schema/index.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { jobViewOf, selectJobViews, toDriverJob } from '../../shared/driver-job-json.js';

/**
 * The caller's open jobs in route order: the applied route plan's order first (plannedOrder), then parcels
 * already on board (they are driven to their drop-off), then pickups; within each, the earliest required-by first.
 */
export async function listDriverJobs(services: Services, actor: Actor): Promise<TDriverJobsResponse> {
  assertAudience(actor, 'driver');
  const onBoard = sql`case when ${inArray(deliveries.status, [...ON_BOARD_STATUSES])} then 0 else 1 end`;
  const rows = await selectJobViews(services.db)
    .where(and(eq(deliveries.driverId, actor.id), inArray(deliveries.status, [...DRIVER_OPEN_STATUSES])))
    .orderBy(sql`${deliveries.plannedOrder} asc nulls last`, onBoard, sql`${deliveries.requiredBy} asc nulls last`, deliveries.createdAt);
  const ctx = { jwtKey: services.jwtKey, now: services.clock.now(), publicUrl: services.publicUrl };
  return { success: true, data: rows.map((r, i) => toDriverJob(jobViewOf(r), i + 1, ctx)) };
}
