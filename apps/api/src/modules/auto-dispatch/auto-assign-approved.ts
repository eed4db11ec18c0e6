import { BULK_MAX_DELIVERIES, type TAutoAssignResult } from '@courier/contract';
import { asc, desc, eq } from 'drizzle-orm';
import { deliveries } from '../../db/schema/index.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { autoAssignOne } from './auto-assign-delivery.js';

/**
 * Every approved job given to its best driver, one at a time so each sees the routes as the last one left them:
 * STAT first, then the earliest required-by, then the oldest booking. Each job is its own insertion and its own
 * transaction; one that no driver can take is answered with why and stays approved.
 */
export async function autoAssignApproved(services: Services, actor: Actor): Promise<TAutoAssignResult[]> {
  assertAudience(actor, 'staff');
  const waiting = await services.db
    .select({ id: deliveries.id, orderId: deliveries.orderId })
    .from(deliveries)
    .where(eq(deliveries.status, 'approved'))
    // 'stat' sorts after 'routine': descending puts STAT first.
    .orderBy(desc(deliveries.priority), asc(deliveries.requiredBy), asc(deliveries.createdAt))
    .limit(BULK_MAX_DELIVERIES);
  const results: TAutoAssignResult[] = [];
  for (const { id, orderId } of waiting) results.push(await autoAssignOne(services, actor, id, orderId));
  return results;
}
