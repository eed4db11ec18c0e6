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
import { and, asc, count, desc, eq, gte, inArray, like, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customerDeliveryCounts, deliveries, users } from '../../db/schema/index.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toDeliveryJson } from '../../shared/delivery-json.js';
import { deliveryJsonContext } from './delivery-reply-context.js';
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

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

interface WeekCount {
  week: Date;
  status: TDeliveryStatus;
  n: number;
}

/** A LIKE pattern finding the text anywhere, with LIKE's own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The searched list's counts per status, from the trigram index on search_text (see migration 0005): a search
 * that matches few deliveries reads only those, however many the customer has.
 */
async function searchCounts(db: Db, scope: SQL | undefined, search: SQL): Promise<WeekCount[]> {
  const rows = await db
    .select({ status: deliveries.status, n: count() })
    .from(deliveries)
    .where(and(scope, search))
    .groupBy(deliveries.status);
  return rows.map((r) => ({ week: new Date(0), status: r.status, n: r.n }));
}

/** The week (Monday 00:00 UTC) a delivery was booked in, as customer_delivery_counts keeps it. */
const weekOf = sql<Date>`(date_trunc('week', ${deliveries.createdAt} at time zone 'UTC') at time zone 'UTC')`;

/**
 * An account owner's weekly counts per status, counted from the account's deliveries (the (account, created_at, id)
 * index finds them): the weekly table is kept per booker, and the account's list covers every booker, past ones too.
 */
async function accountWeekCounts(db: Db, scope: SQL | undefined): Promise<WeekCount[]> {
  const rows = await db
    .select({ week: weekOf, status: deliveries.status, n: count() })
    .from(deliveries)
    .where(scope)
    .groupBy(weekOf, deliveries.status);
  return rows.map((r) => ({ week: new Date(r.week), status: r.status, n: r.n }));
}

/**
 * Where a page starts, for the two sorts that follow created_at: the week holding its first delivery (from
 * the weekly counts, walked in the page's direction) and how many matching deliveries of that week come
 * before it. Other sorts skip from the start.
 */
function pageStart(weeks: WeekCount[], statuses: readonly TDeliveryStatus[], sort: TMyDeliveriesQuery['sort'], offset: number) {
  if (sort !== 'newest' && sort !== 'oldest') return { from: undefined, skip: offset };
  const perWeek = new Map<number, number>();
  for (const w of weeks) if (statuses.includes(w.status)) perWeek.set(w.week.getTime(), (perWeek.get(w.week.getTime()) ?? 0) + w.n);
  const ordered = [...perWeek].sort(([a], [b]) => (sort === 'newest' ? b - a : a - b));
  let before = 0;
  for (const [week, n] of ordered) {
    if (offset < before + n) {
      const from = sort === 'newest' ? lt(deliveries.createdAt, new Date(week + WEEK_MS)) : gte(deliveries.createdAt, new Date(week));
      return { from, skip: offset - before };
    }
    before += n;
  }
  return { from: undefined, skip: offset };
}

/**
 * One page of the caller's deliveries with the dashboard's counts over all of them, so the dashboard and
 * the profile need no second call. A page past the end shows the last page. The counts come from the
 * weekly counts kept as deliveries change (customer_delivery_counts); a page seeks to the week that holds
 * it and skips only within that week, in the (customer, created_at, id, status) index alone, then reads
 * just its own rows: page 5000 costs about what page 1 does. A search (q) narrows the page and every count
 * to the deliveries whose tracking number, recipient or addresses contain it.
 */
export async function listMyDeliveries(services: Services, actor: Actor, query: TMyDeliveriesQuery): Promise<TMyDeliveriesResponse> {
  // Every signed-in account lists the deliveries it booked (none, for staff and drivers); an account's owner lists
  // every delivery billed to the account, optionally only those one person booked (bookedBy).
  assertAudience(actor, 'signedIn');
  const { db } = services;
  const customerId = actor.id;
  const ownerOf = actor.account?.role === 'owner' ? actor.account.id : null;
  const scope = ownerOf
    ? and(eq(deliveries.accountId, ownerOf), query.bookedBy ? eq(deliveries.customerId, query.bookedBy) : undefined)
    : eq(deliveries.customerId, customerId);
  const ctx = deliveryJsonContext(services, actor);
  // A phone typed with spaces or dashes matches the digits kept in search_text.
  const needle = query.q && /^[+\d\s().-]+$/.test(query.q) ? query.q.replace(/\D/g, '') : query.q;
  const search = needle ? like(deliveries.searchText, containing(needle)) : undefined;
  const weeks: WeekCount[] = search
    ? await searchCounts(db, scope, search)
    : ownerOf
      ? await accountWeekCounts(db, scope)
      : await db
          .select({ week: customerDeliveryCounts.week, status: customerDeliveryCounts.status, n: customerDeliveryCounts.deliveries })
          .from(customerDeliveryCounts)
          .where(and(eq(customerDeliveryCounts.customerId, customerId), ne(customerDeliveryCounts.deliveries, 0)));
  const countOf = (statuses: readonly TDeliveryStatus[]) => weeks.reduce((sum, w) => (statuses.includes(w.status) ? sum + w.n : sum), 0);

  const statuses = statusesOf(query.status);
  const matching = countOf(statuses);
  const totalPages = Math.max(1, Math.ceil(matching / query.limit));
  const currentPage = Math.min(query.page, totalPages);
  const filter = query.status === 'all' ? undefined : inArray(deliveries.status, [...statuses]);
  // A search's counts are not by week, so its pages skip from the start (a search rarely runs deep).
  const offset = (currentPage - 1) * query.limit;
  const start = search ? { from: undefined, skip: offset } : pageStart(weeks, statuses, query.sort, offset);
  const pageIds = db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(scope, filter, search, start.from))
    .orderBy(...ORDER_BY[query.sort])
    .limit(query.limit)
    .offset(start.skip);
  const views = matching
    ? await selectDeliveryViews(db)
        .where(inArray(deliveries.id, pageIds))
        .orderBy(...ORDER_BY[query.sort])
    : [];

  const bookedBy = ownerOf
    ? await bookersOf(
        db,
        views.map((v) => ({ id: v.delivery.id, customerId: v.delivery.customerId })),
      )
    : undefined;

  return {
    success: true,
    deliveries: views.map((v) => toDeliveryJson(v, ctx)),
    ...(bookedBy ? { bookedBy } : {}),
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

/** Who booked each delivery of an owner's page, by name (the "Booked by" column). */
async function bookersOf(db: Db, page: { id: string; customerId: string }[]) {
  const ids = [...new Set(page.map((d) => d.customerId))];
  const people = ids.length
    ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids))
    : [];
  const names = new Map(people.map((p) => [p.id, `${p.firstName} ${p.lastName}`.trim()]));
  return Object.fromEntries(page.map((d) => [d.id, { _id: d.customerId, name: names.get(d.customerId) ?? '' }]));
}
