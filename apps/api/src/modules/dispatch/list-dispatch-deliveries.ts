import {
  ACTIVE_STATUSES,
  EXCEPTION_STATUSES,
  ROLE_IDS,
  type TAdminDeliveriesQuery,
  type TAdminDeliveriesResponse,
  type TDeliveryStatus,
} from '@courier/contract';
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { deliveries, users } from '../../db/schema/index.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import { auditRead } from '../../platform/audit.js';
import type { Services } from '../../services.js';
import type { JsonContext } from '../../shared/delivery-json.js';
import { lateCondition, selectDispatchViews, toDispatchJson } from './dispatch.queries.js';
import { pageOf } from '../../shared/paging.js';
import { isUuid } from '../../shared/ids.js';

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
  return isUuid(driverId) ? eq(deliveries.driverId, driverId) : sql`false`;
}

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** People whose name (first and last together), organisation or e-mail holds the words. */
function peopleMatching(role: 'DRIVER' | 'CUSTOMER', text: string, withContact: boolean): SQL {
  const like = likeOf(text);
  const name = sql`${users.firstName} || ' ' || ${users.lastName}`;
  return sql`(select ${users.id} from ${users} where ${users.roleId} = ${ROLE_IDS[role]} and (${name} ilike ${like}${
    withContact ? sql` or ${users.organisation} ilike ${like} or ${users.email} ilike ${like}` : sql``
  }))`;
}

/**
 * Tracking number, recipient's name and phone (also by its digits), both addresses (all through the trigram
 * index on search_text), and the driver's name (through the few drivers it names).
 */
function searchFilter(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const digits = q.replace(/\D/g, '');
  return or(
    sql`${deliveries.searchText} like ${likeOf(q.toLowerCase())}`,
    // "617 555 0199" finds "+16175550199": phones are compared on their digits too.
    digits.length >= 4 ? sql`${deliveries.searchText} like ${`%${digits}%`}` : undefined,
    sql`${deliveries.driverId} in ${peopleMatching('DRIVER', q, false)}`,
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

/** STAT first in the urgency order, so every client of the board agrees. */
const statFirst = sql`case when ${deliveries.priority} = 'stat' then 0 else 1 end`;

function customerFilter(customer: string | undefined): SQL | undefined {
  if (!customer) return undefined;
  if (isUuid(customer)) return eq(deliveries.customerId, customer);
  return sql`${deliveries.customerId} in ${peopleMatching('CUSTOMER', customer, true)}`;
}

/** The where clause of the staff list, shared by its CSV export. */
export function dispatchListWhere(query: TAdminDeliveriesQuery, now: Date): SQL | undefined {
  return and(
    query.late ? lateCondition(now) : undefined,
    query.deliveredFrom ? gte(deliveries.deliveredAt, query.deliveredFrom) : undefined,
    statusFilter(query.status),
    handlingFilter(query.handling),
    driverFilter(query.driverId),
    customerFilter(query.customer),
    searchFilter(query.q),
    query.from ? gte(deliveries.createdAt, query.from) : undefined,
    query.to ? lte(deliveries.createdAt, query.to) : undefined,
  );
}

/** "Newest booking first" is booking time alone; the urgency order (required-by) puts STAT first. */
export function dispatchListOrder(sort: TAdminDeliveriesQuery['sort']) {
  return sort === 'newest'
    ? [desc(deliveries.createdAt), desc(deliveries.id)]
    : [statFirst, sql`${deliveries.requiredBy} asc nulls last`, desc(deliveries.createdAt), desc(deliveries.id)];
}

/** The dispatch board's list: filtered, searched, sorted by required-by (soonest first) or newest, paged. */
export async function listDispatchDeliveries(
  services: Services,
  actor: Actor,
  query: TAdminDeliveriesQuery,
  ctx: JsonContext,
): Promise<TAdminDeliveriesResponse> {
  assertAudience(actor, 'staff');
  const where = dispatchListWhere(query, ctx.now);
  const [{ n }] = await services.db.select({ n: count() }).from(deliveries).where(where);
  const { offset, ...paging } = pageOf(Number(n), query);
  const order = dispatchListOrder(query.sort);
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
