import {
  ACTIVE_STATUSES,
  COMPLETED_STATUSES,
  DELIVERY_STATUSES,
  PENDING_STATUSES,
  PROFILE_ACTIVE_STATUSES,
  type TDeliveryStatus,
  type TDeliveryStatusFilter,
  type TMyDeliveriesQuery,
  type TMyDeliveriesResponse,
} from '@courier/contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deliveries } from '../../db/schema/index.js';
import { type JsonContext, toDeliveryJson } from './delivery-json.js';
import { selectDeliveryViews } from './deliveries.queries.js';

function statusesOf(filter: TDeliveryStatusFilter): readonly TDeliveryStatus[] {
  if (filter === 'all') return DELIVERY_STATUSES;
  if (filter === 'active') return ACTIVE_STATUSES;
  if (filter === 'completed') return COMPLETED_STATUSES;
  return [filter];
}

// Workflow order, so "status" sorts pending first and finished ones last.
const statusRank = sql`case ${deliveries.status} ${sql.join(
  DELIVERY_STATUSES.map((s, i) => sql`when ${s} then ${sql.raw(String(i))}`),
  sql` `,
)} else 99 end`;

const ORDER_BY: Record<TMyDeliveriesQuery['sort'], SQL[]> = {
  newest: [desc(deliveries.createdAt), desc(deliveries.id)],
  oldest: [asc(deliveries.createdAt), asc(deliveries.id)],
  'required-by': [sql`${deliveries.requiredBy} asc nulls last`, desc(deliveries.createdAt), desc(deliveries.id)],
  status: [statusRank, desc(deliveries.createdAt), desc(deliveries.id)],
};

/**
 * One page of the caller's deliveries with the dashboard's counts over all of them, so the dashboard and
 * the profile need no second call. A page past the end shows the last page.
 */
export async function listMyDeliveries(
  db: Db,
  customerId: string,
  query: TMyDeliveriesQuery,
  ctx: JsonContext,
): Promise<TMyDeliveriesResponse> {
  const perStatus = await db
    .select({ status: deliveries.status, n: count() })
    .from(deliveries)
    .where(eq(deliveries.customerId, customerId))
    .groupBy(deliveries.status);
  const countOf = (statuses: readonly TDeliveryStatus[]) =>
    perStatus.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + Number(r.n), 0);

  const statuses = statusesOf(query.status);
  const matching = countOf(statuses);
  const totalPages = Math.max(1, Math.ceil(matching / query.limit));
  const currentPage = Math.min(query.page, totalPages);
  const filter = query.status === 'all' ? undefined : inArray(deliveries.status, [...statuses]);
  const views = matching
    ? await selectDeliveryViews(db)
        .where(and(eq(deliveries.customerId, customerId), filter))
        .orderBy(...ORDER_BY[query.sort])
        .limit(query.limit)
        .offset((currentPage - 1) * query.limit)
    : [];

  return {
    success: true,
    deliveries: views.map((v) => toDeliveryJson(v, ctx)),
    totalDeliveries: countOf(DELIVERY_STATUSES),
    activeDeliveries: countOf(ACTIVE_STATUSES),
    completedDeliveries: countOf(COMPLETED_STATUSES),
    pendingDeliveries: countOf(PENDING_STATUSES),
    cancelledDeliveries: countOf(['cancelled']),
    profileActiveDeliveries: countOf(PROFILE_ACTIVE_STATUSES),
    matchingDeliveries: matching,
    currentPage,
    totalPages,
    limit: query.limit,
  };
}
