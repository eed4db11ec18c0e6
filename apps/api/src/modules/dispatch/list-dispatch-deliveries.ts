import {
  ACTIVE_STATUSES,
  EXCEPTION_STATUSES,
  type TAdminDeliveriesQuery,
  type TAdminDeliveriesResponse,
  type TDeliveryStatus,
} from '@courier/contract';
import { and, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { deliveries } from '../../db/schema/index.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import { auditRead } from '../../platform/audit.js';
import type { Services } from '../../services.js';
import type { JsonContext } from '../deliveries/delivery-json.js';
import { selectDispatchViews, toDispatchJson } from './dispatch.queries.js';
import { pageOf } from './paging.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function statusFilter(status: TAdminDeliveriesQuery['status']): SQL | undefined {
  if (status === 'all') return undefined;
  // The board's columns: to approve and to assign (open), and on the road.
  if (status === 'open') return inArray(deliveries.status, ['pending', 'approved']);
  // Exceptions have their own column: on the road is the regular run.
  if (status === 'on_the_road')
    return inArray(
      deliveries.status,
      ACTIVE_STATUSES.filter((s) => !EXCEPTION_STATUSES.includes(s)),
    );
  if (status === 'exceptions') return inArray(deliveries.status, [...EXCEPTION_STATUSES]);
  return eq(deliveries.status, status as TDeliveryStatus);
}

function driverFilter(driverId: string | undefined): SQL | undefined {
  if (!driverId) return undefined;
  if (driverId === 'none') return isNull(deliveries.driverId);
  // An id that cannot exist matches nothing rather than failing the query.
  return UUID.test(driverId) ? eq(deliveries.driverId, driverId) : sql`false`;
}

function searchFilter(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = q.replace(/\D/g, '');
  return or(
    ilike(deliveries.orderId, like),
    ilike(deliveries.recipientName, like),
    ilike(deliveries.recipientPhone, like),
    // "617 555 0199" finds "+16175550199": phones are compared on their digits too.
    digits.length >= 4 ? sql`regexp_replace(${deliveries.recipientPhone}, '[^0-9]', '', 'g') like ${`%${digits}%`}` : undefined,
  );
}

function handlingFilter(handling: TAdminDeliveriesQuery['handling']): SQL | undefined {
  switch (handling) {
    case 'stat':
      return eq(deliveries.priority, 'stat');
    case 'temperature':
      return ne(deliveries.temperature, 'ambient');
    case 'specimen':
      return isNotNull(deliveries.specimenCategory);
    case 'controlled':
      return eq(deliveries.controlledSubstance, true);
    case 'on_hold':
      return isNotNull(deliveries.holdSince);
    case 'rejected':
      return eq(deliveries.receiptStatus, 'rejected');
    default:
      return undefined;
  }
}

/** STAT first within whatever order was asked for, so every client of the list agrees. */
const statFirst = sql`case when ${deliveries.priority} = 'stat' then 0 else 1 end`;

/** The dispatch board's list: filtered, searched, sorted by required-by (soonest first) or newest, paged. */
export async function listDispatchDeliveries(
  services: Services,
  actor: Actor,
  query: TAdminDeliveriesQuery,
  ctx: JsonContext,
): Promise<TAdminDeliveriesResponse> {
  assertAudience(actor, 'staff');
  const where = and(
    statusFilter(query.status),
    handlingFilter(query.handling),
    driverFilter(query.driverId),
    searchFilter(query.q),
    query.from ? gte(deliveries.createdAt, query.from) : undefined,
    query.to ? lte(deliveries.createdAt, query.to) : undefined,
  );
  const [{ n }] = await services.db.select({ n: count() }).from(deliveries).where(where);
  const { offset, ...paging } = pageOf(Number(n), query);
  const order =
    query.sort === 'newest'
      ? [statFirst, desc(deliveries.createdAt), desc(deliveries.id)]
      : [statFirst, sql`${deliveries.requiredBy} asc nulls last`, desc(deliveries.createdAt), desc(deliveries.id)];
  const views = paging.total
    ? await selectDispatchViews(services.db)
        .where(where)
        .orderBy(...order)
        .limit(paging.limit)
        .offset(offset)
    : [];
  // The board shows recipients' names and phones: every list and search is a read of personal data.
  await auditRead(services, actor, query.q ? 'delivery.search' : 'delivery.list', {
    query: query.q,
    filters: {
      status: query.status,
      driverId: query.driverId,
      from: query.from?.toISOString(),
      to: query.to?.toISOString(),
      sort: query.sort,
    },
    page: paging.page,
    rows: views.length,
  });
  return {
    success: true,
    deliveries: views.map((v) => toDispatchJson(v, ctx)),
    paging,
  };
}
