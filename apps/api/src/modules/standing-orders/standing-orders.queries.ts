import { and, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { standingOrderOccurrences, standingOrders, users } from '../../db/schema/index.js';
import { notFound } from '../../platform/app-error.js';
import { isUuid } from '../../shared/ids.js';

export type StandingOrderRow = typeof standingOrders.$inferSelect;

export const STANDING_ORDER_NOT_FOUND = 'Standing order not found';
/**
 * The standing order, when the policy's `allowed` lets the caller at it; an unknown one and one the caller may not
 * touch answer the same 404, so a stranger cannot learn it exists.
 */
export async function findStandingOrder(db: DbOrTx, id: string, allowed: (order: StandingOrderRow) => boolean): Promise<StandingOrderRow> {
  if (!isUuid(id)) throw notFound(STANDING_ORDER_NOT_FOUND);
  const [order] = await db.select().from(standingOrders).where(eq(standingOrders.id, id)).limit(1);
  if (!order || !allowed(order)) throw notFound(STANDING_ORDER_NOT_FOUND);
  return order;
}

/** Skipped dates from `fromDate` on, per standing order. */
export async function skippedDatesOf(db: DbOrTx, ids: string[], fromDate: string): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db
    .select({ id: standingOrderOccurrences.standingOrderId, date: standingOrderOccurrences.occursOn })
    .from(standingOrderOccurrences)
    .where(
      and(
        inArray(standingOrderOccurrences.standingOrderId, ids),
        gte(standingOrderOccurrences.occursOn, fromDate),
        isNotNull(standingOrderOccurrences.skippedAt),
      ),
    )
    .orderBy(standingOrderOccurrences.occursOn);
  for (const r of rows) out.get(r.id)?.push(r.date);
  return out;
}

/** The owners' names and e-mails, for staff's views. */
export async function ownersOf(db: DbOrTx, customerIds: string[]) {
  if (customerIds.length === 0) return new Map<string, { _id: string; name: string; email: string }>();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(customerIds)]));
  return new Map(rows.map((u) => [u.id, { _id: u.id, name: `${u.firstName} ${u.lastName}`.trim(), email: u.email }]));
}
