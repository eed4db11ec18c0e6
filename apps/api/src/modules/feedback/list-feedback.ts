import type { TAdminFeedbackResponse } from '@courier/contract';
import { count, desc, eq } from 'drizzle-orm';
import { deliveries, feedback } from '../../db/schema/index.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import { auditRead } from '../../platform/audit.js';
import type { Services } from '../../services.js';
import { pageOf } from '../../shared/paging.js';

/** Customers' ratings, newest first. */
export async function listFeedback(
  services: Services,
  actor: Actor,
  query: { page: number; limit: number },
): Promise<TAdminFeedbackResponse> {
  assertAudience(actor, 'staff');
  const [{ n }] = await services.db.select({ n: count() }).from(feedback);
  const { offset, ...paging } = pageOf(Number(n), query);
  const rows = await services.db
    .select({ f: feedback, orderId: deliveries.orderId })
    .from(feedback)
    .innerJoin(deliveries, eq(deliveries.id, feedback.deliveryId))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(paging.limit)
    .offset(offset);
  await auditRead(services, actor, 'feedback.list', { page: paging.page, rows: rows.length });
  return {
    success: true,
    data: rows.map(({ f, orderId }) => ({
      _id: f.id,
      deliveryId: f.deliveryId,
      orderId,
      rating: f.rating,
      comment: f.comment,
      createdAt: f.createdAt.toISOString(),
    })),
    paging,
  };
}
