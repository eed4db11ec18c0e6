import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveries, payItems } from '../../db/schema/index.js';
import { payTotals, toPayItemJson } from './driver-pay-json.js';

/** One driver's items of a period (BUSINESS_TZ days, both included), oldest first, with their totals. */
export async function payItemsOf(db: DbOrTx, driverId: string, period: { from: string; to: string }) {
  const rows = await db
    .select({ item: payItems, orderId: deliveries.orderId })
    .from(payItems)
    .leftJoin(deliveries, eq(deliveries.id, payItems.deliveryId))
    .where(and(eq(payItems.driverId, driverId), gte(payItems.earnedOn, period.from), lte(payItems.earnedOn, period.to)))
    .orderBy(asc(payItems.earnedAt), asc(payItems.createdAt));
  const items = rows.map((r) => ({ ...r.item, orderId: r.orderId }));
  return { from: period.from, to: period.to, items: items.map(toPayItemJson), totals: payTotals(items) };
}
