import { and, asc, desc, eq, getTableColumns, gte, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveries, payItems, settlements, users } from '../../db/schema/index.js';
import { notFound } from '../../platform/app-error.js';
import { isUuid } from '../../shared/ids.js';
import { SETTLEMENT_NOT_FOUND, toPayItemJson, toSettlementJson } from './driver-pay-json.js';

const withName = { ...getTableColumns(settlements), firstName: users.firstName, lastName: users.lastName };
const named = <T extends { firstName: string; lastName: string }>({ firstName, lastName, ...s }: T) => ({
  ...s,
  driverName: `${firstName} ${lastName}`,
});

export interface SettlementFilter {
  status?: 'draft' | 'approved' | 'paid';
  driverId?: string;
  /** Settlements whose period overlaps these days. */
  from?: string;
  to?: string;
}

export async function findSettlements(db: DbOrTx, f: SettlementFilter, limit = 500) {
  const where: (SQL | undefined)[] = [
    f.status ? eq(settlements.status, f.status) : undefined,
    f.driverId ? eq(settlements.driverId, f.driverId) : undefined,
    f.from ? gte(settlements.periodTo, f.from) : undefined,
    f.to ? lte(settlements.periodFrom, f.to) : undefined,
  ];
  const rows = await db
    .select(withName)
    .from(settlements)
    .innerJoin(users, eq(users.id, settlements.driverId))
    .where(and(...where))
    .orderBy(desc(settlements.periodFrom), asc(users.lastName), asc(users.firstName))
    .limit(limit);
  return rows.map((r) => named(r));
}

/** One settlement with its driver's name, or 404. */
export async function findSettlement(db: DbOrTx, id: string) {
  if (!isUuid(id)) throw notFound(SETTLEMENT_NOT_FOUND);
  const [row] = await db
    .select(withName)
    .from(settlements)
    .innerJoin(users, eq(users.id, settlements.driverId))
    .where(eq(settlements.id, id));
  if (!row) throw notFound(SETTLEMENT_NOT_FOUND);
  return named(row);
}

/** The settlement and its items, oldest first. */
export async function settlementDetail(db: DbOrTx, id: string) {
  const s = await findSettlement(db, id);
  const rows = await db
    .select({ item: payItems, orderId: deliveries.orderId })
    .from(payItems)
    .leftJoin(deliveries, eq(deliveries.id, payItems.deliveryId))
    .where(eq(payItems.settlementId, s.id))
    .orderBy(asc(payItems.earnedAt), asc(payItems.createdAt));
  return { ...toSettlementJson(s), items: rows.map((r) => toPayItemJson({ ...r.item, orderId: r.orderId })) };
}
